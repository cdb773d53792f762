package dev.floodgate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LogFormatTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "logback | 10:00:00.123 [main] INFO  com.example.App - Started in 5ms | 10:00:00.123 | INFO | com.example.App"
                + " | Started in 5ms",
        "logback | 2024-05-01 10:00:00,123 [pool-1-thread-2] ERROR c.e.Db - Lost [connection] | 2024-05-01 10:00:00,123"
                + " | ERROR | c.e.Db | Lost [connection]",
        "logback | 2024-05-01T10:00:00.123+02:00 [main] WARN  c.e.X - x - y | 2024-05-01T10:00:00.123+02:00 | WARN"
                + " | c.e.X | x - y",
        "level-first | 2024-05-01 10:00:00,123 WARN  [main] c.e.Db - Slow | 2024-05-01 10:00:00,123 | WARN | c.e.Db"
                + " | Slow",
        "log4j2-file | 2024-05-01 10:00:00,123 INFO o.a.Foo [main] Hello there | 2024-05-01 10:00:00,123 | INFO"
                + " | o.a.Foo | Hello there",
        "no-thread | 2024-05-01 10:00:00 INFO  Foo:42 - Hello | 2024-05-01 10:00:00 | INFO | Foo | Hello",
        "spring-boot | 2024-05-01T10:00:00.123+02:00  INFO 4242 --- [demo] [           main] c.e.d.DemoApplication"
                + "                    : Started DemoApplication | 2024-05-01T10:00:00.123+02:00 | INFO"
                + " | c.e.d.DemoApplication | Started DemoApplication",
        "spring-boot | 2024-05-01 10:00:00.123  WARN 4242 --- [nio-8080-exec-1] o.s.web.Foo : Bad request"
                + " | 2024-05-01 10:00:00.123 | WARN | o.s.web.Foo | Bad request",
        "syslog | May  1 10:00:00 web01 sshd[123]: Accepted publickey | May  1 10:00:00 | | sshd | Accepted publickey",
        "syslog | <13>May  1 10:00:00 web01 cron: job done | May  1 10:00:00 | NOTICE | cron | job done",
        "syslog | 2024-05-01T10:00:00.123456+02:00 web01 kernel: eth0 up | 2024-05-01T10:00:00.123456+02:00 |"
                + " | kernel | eth0 up",
        "rfc5424 | <165>1 2024-05-01T10:00:00.003Z host app 42 ID47 [a@1 k=\"v]\"] Hi there | 2024-05-01T10:00:00.003Z"
                + " | NOTICE | app | Hi there",
        "rfc5424 | <11>1 2024-05-01T10:00:00Z host app - - - Failed | 2024-05-01T10:00:00Z | ERR | app | Failed",
        "iso | 2024-05-01T10:00:00Z ERROR Disk full | 2024-05-01T10:00:00Z | ERROR | | Disk full",
        "iso | 2024-05-01 10:00:00.000 [WARN] Disk almost full | 2024-05-01 10:00:00.000 | WARN | | Disk almost full",
        "iso | 10:00:00 something happened | 10:00:00 | | | something happened",
    })
    void match_presetLine_readsItsParts(String format, String line, String ts, String level, String logger,
            String msg) {
        LogFormat.LineMatcher m = LogFormat.named(format).matcher();

        assertThat(m.match(line)).isTrue();
        assertThat(line.substring(m.tsStart(), m.tsEnd())).isEqualTo(ts);
        assertThat(m.level()).isEqualTo(level);
        assertThat(m.logger()).isEqualTo(logger == null ? "" : logger);
        assertThat(m.message()).isEqualTo(msg);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "logback | '\tat com.example.App.main(App.java:10)'",
        "logback | java.lang.IllegalStateException: boom",
        "logback | Caused by: java.io.IOException: closed",
        "syslog | 2024-05-01T10:00:00Z ERROR something: happened",
    })
    void match_continuationOrOtherLine_isNotAnEvent(String format, String line) {
        assertThat(LogFormat.named(format).matcher().match(line)).isFalse();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "'\tat com.example.App.main(App.java:10)'",
        "java.lang.IllegalStateException: boom",
        "com.example.MyError",
        "Caused by: java.io.IOException: closed",
        "... 12 more",
        "'  continued'",
    })
    void match_noneFormatStackTraceLine_isNotAnEvent(String line) {
        assertThat(LogFormat.NONE.matcher().match(line)).isFalse();
    }

    @Test
    void match_noneFormatOrdinaryLine_isTheWholeMessage() {
        LogFormat.LineMatcher m = LogFormat.NONE.matcher();

        assertThat(m.match("GET /health 200 in 3ms")).isTrue();
        assertThat(m.message()).isEqualTo("GET /health 200 in 3ms");
        assertThat(m.level()).isNull();
    }

    @Test
    void named_log4j2_isTheLogbackLayout() {
        assertThat(LogFormat.named("log4j2")).isSameAs(LogFormat.named("logback"));
        assertThat(LogFormat.named("LOGBACK")).isSameAs(LogFormat.named("logback"));
        assertThat(LogFormat.named("nope")).isNull();
    }

    @Test
    void template_render_replacesThePartsAndKeepsTheRest() {
        LogFormat.LineMatcher m = LogFormat.named("logback").matcher();
        m.match("10:00:00.123 [main] INFO  com.example.App - Started");

        String line = m.template().render("10:00:30.000", "ERROR", "com.example.Db", "floodgate", "Suppressed 3");

        assertThat(line).isEqualTo("10:00:30.000 [floodgate] ERROR com.example.Db - Suppressed 3");
    }

    @Test
    void template_renderShorterLevel_keepsTheColumn() {
        LogFormat.LineMatcher m = LogFormat.named("logback").matcher();
        m.match("10:00:00.123 [main] ERROR com.example.App - Failed");

        String line = m.template().render(null, "INFO", null, null, "x");

        assertThat(line).isEqualTo("10:00:00.123 [main] INFO  com.example.App - x");
    }

    @Test
    void template_syslog_keepsHostAndPid() {
        LogFormat.LineMatcher m = LogFormat.named("syslog").matcher();
        m.match("May  1 10:00:00 web01 nginx[42]: upstream timed out");

        String line = m.template().render("May  1 10:00:30", "WARN", "nginx", "floodgate", "Suppressed 9");

        assertThat(line).isEqualTo("May  1 10:00:30 web01 nginx[42]: Suppressed 9");
    }

    @Test
    void custom_withoutMessageGroup_isRejected() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> LogFormat.custom("(?<ts>\\S+) .*"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("(?<msg>...)");
    }
}
