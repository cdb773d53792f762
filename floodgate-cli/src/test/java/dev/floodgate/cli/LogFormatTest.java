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
        "syslog | Jun 14 15:16:01 combo sshd(pam_unix)[19939]: authentication failure | Jun 14 15:16:01 | "
                + "| sshd(pam_unix) | authentication failure",
        "syslog | 2024-05-01T10:00:00.123456+02:00 web01 kernel: eth0 up | 2024-05-01T10:00:00.123456+02:00 |"
                + " | kernel | eth0 up",
        "rfc5424 | <165>1 2024-05-01T10:00:00.003Z host app 42 ID47 [a@1 k=\"v]\"] Hi there | 2024-05-01T10:00:00.003Z"
                + " | NOTICE | app | Hi there",
        "rfc5424 | <11>1 2024-05-01T10:00:00Z host app - - - Failed | 2024-05-01T10:00:00Z | ERR | app | Failed",
        "iso | 2024-05-01T10:00:00Z ERROR Disk full | 2024-05-01T10:00:00Z | ERROR | | Disk full",
        "iso | 2024-05-01 10:00:00.000 [WARN] Disk almost full | 2024-05-01 10:00:00.000 | WARN | | Disk almost full",
        "iso | 10:00:00 something happened | 10:00:00 | | | something happened",
        "logback | 10:00:00.123 [main] INFO com.example.App -- Started | 10:00:00.123 | INFO | com.example.App"
                + " | Started",
        "logback | 10:00:00.123 [main] INFO com.example.App -user=7- Started | 10:00:00.123 | INFO"
                + " | com.example.App | Started",
        "kafka | [2024-05-01 10:00:00,123] INFO [KafkaServer id=1] started (kafka.server.KafkaServer)"
                + " | 2024-05-01 10:00:00,123 | INFO | kafka.server.KafkaServer | [KafkaServer id=1] started",
        "zookeeper | 2024-05-01 10:00:00,123 [myid:1] - INFO  [main:QuorumPeerMain@123] - Starting"
                + " | 2024-05-01 10:00:00,123 | INFO | QuorumPeerMain | Starting",
        "zookeeper | 2015-07-29 17:41:44,747 - INFO  [QuorumPeer[myid=1]/0:0:0:0:0:0:0:0:2181:FastLeaderElection@774]"
                + " - Notification time out: 3200 | 2015-07-29 17:41:44,747 | INFO | FastLeaderElection"
                + " | Notification time out: 3200",
        "android | 03-17 16:13:38.811  1702  2395 D WindowManager: printFreezingDisplayLogs | 03-17 16:13:38.811"
                + " | D | WindowManager | printFreezingDisplayLogs",
        "access | 203.0.113.9 - frank [10/Oct/2000:13:55:36 -0700] \"GET /a.gif HTTP/1.0\" 503 2326 \"-\" \"curl\""
                + " | 10/Oct/2000:13:55:36 -0700 | ERROR | | GET /a.gif HTTP/1.0",
        "apache-error | [Sun Dec 04 04:47:44 2005] [notice] workerEnv.init() ok | Sun Dec 04 04:47:44 2005 | NOTICE"
                + " | | workerEnv.init() ok",
        "apache-error | [Wed Oct 11 14:32:52.123456 2000] [core:error] [pid 35708:tid 4328636416] [client 1.2.3.4:80]"
                + " AH00124: exceeded | Wed Oct 11 14:32:52.123456 2000 | ERROR | core | AH00124: exceeded",
        "nginx-error | 2024/05/01 10:00:00 [error] 42#42: *7 open() failed | 2024/05/01 10:00:00 | ERROR | "
                + "| open() failed",
        "iso | '2016-09-28 04:30:30, Info                  CBS    Loaded Servicing Stack' | 2016-09-28 04:30:30"
                + " | INFO | | 'CBS    Loaded Servicing Stack'",
        "iso | '2015-10-18 18:01:47,978 INFO [main] o.a.h.MRAppMaster: Created' | '2015-10-18 18:01:47,978' | INFO"
                + " | | '[main] o.a.h.MRAppMaster: Created'",
        "date-time | 081109 203615 148 INFO dfs.DataNode: Receiving block | 081109 203615 | INFO | "
                + "| dfs.DataNode: Receiving block",
        "date-time | 17/06/09 20:10:40 INFO executor.Backend: Registered | 17/06/09 20:10:40 | INFO | "
                + "| executor.Backend: Registered",
        "date-time | 2005.11.09 12:34:56 node-17 kernel: up | 2005.11.09 12:34:56 | | | node-17 kernel: up",
        "date-time | '20171223-22:15:29:606|Step_LSC|30002312|onStandStepChanged 3579' | 20171223-22:15:29:606 | |"
                + " | 'Step_LSC|30002312|onStandStepChanged 3579'",
        "bracketed | [10.30 16:49:06] chrome.exe - proxy.example.com:5070 open | 10.30 16:49:06 | | "
                + "| chrome.exe - proxy.example.com:5070 open",
        "bracketed | [2024-05-01T10:00:00.123Z] [WARN] Disk almost full | 2024-05-01T10:00:00.123Z | WARN | "
                + "| Disk almost full",
        "epoch | - 1131566461 2005.11.09 dn228 Nov 9 12:01:01 dn228/dn228 crond[2915]: closed | 1131566461 | |"
                + " | 2005.11.09 dn228 Nov 9 12:01:01 dn228/dn228 crond[2915]: closed",
        "epoch | KERNDTLB 1117838570 2005.06.03 R02-M1-N0 RAS KERNEL FATAL data TLB error | 1117838570 | | "
                + "| 2005.06.03 R02-M1-N0 RAS KERNEL FATAL data TLB error",
        "epoch | 1714557600123 ERROR disk full | 1714557600123 | ERROR | | disk full",
        "epoch | 1714557600.123456 job started | 1714557600.123456 | | | job started",
    })
    void match_presetLine_readsItsParts(String format, String line, String ts, String level, String logger,
            String msg) {
        LineMatcher m = LogFormat.named(format).matcher();

        assertThat(m.match(line)).isTrue();
        assertThat(m.isFull()).isTrue();
        assertThat(m.timestampText()).isEqualTo(ts);
        assertThat(m.level()).isEqualTo(level);
        assertThat(m.logger()).isEqualTo(logger == null ? "" : logger);
        assertThat(m.message()).isEqualTo(msg);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "logback | '\tat com.example.App.main(App.java:10)'",
        "logback | java.lang.IllegalStateException: boom",
        "logback | Caused by: java.io.IOException: closed",
        "logback | 10:00 is not a timestamp",
        "syslog | Jun 19 04:09 no seconds",
        "kafka | 2024-05-01 10:00:00,123 not bracketed",
    })
    void match_continuationOrOtherLine_isNotAnEvent(String format, String line) {
        assertThat(LogFormat.named(format).matcher().match(line)).isFalse();
    }

    /** A line with a valid stamp is an event whatever follows it; its message is the text after the stamp. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "syslog | Jun 19 04:09:11 combo syslogd 1.4.1: restart. | Jun 19 04:09:11 | combo syslogd 1.4.1: restart.",
        "syslog | Jul  1 09:29:02 host sandboxd[129] ([31211]): deny(1) network-outbound | Jul  1 09:29:02"
                + " | host sandboxd[129] ([31211]): deny(1) network-outbound",
        "syslog | 2024-05-01T10:00:00Z ERROR something: happened | 2024-05-01T10:00:00Z | ERROR something: happened",
        "logback | 10:00:00.123 main INFO no brackets | 10:00:00.123 | main INFO no brackets",
        "kafka | [2024-05-01 10:00:00,123] started without a level | 2024-05-01 10:00:00,123"
                + " | started without a level",
    })
    void match_validStampButNotTheLayout_isAnEventByItsLead(String format, String line, String ts, String msg) {
        LineMatcher m = LogFormat.named(format).matcher();

        assertThat(m.match(line)).isTrue();
        assertThat(m.isFull()).isFalse();
        assertThat(m.timestampText()).isEqualTo(ts);
        assertThat(m.message()).isEqualTo(msg);
        assertThat(m.timestamp(new TimestampParser(java.time.ZoneOffset.UTC, java.time.LocalDate.of(2024, 5, 1),
                null))).isNotEqualTo(TimestampParser.INVALID);
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
        LineMatcher m = LogFormat.NONE.matcher();

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
    void presets_areAnchoredAtTheStartOfTheLine() {
        for (LogFormat f : LogFormat.PRESETS) {
            assertThat(f.isJson() || f.pattern().pattern().startsWith("^")).as(f.name()).isTrue();
        }
        assertThat(LogFormat.NONE.pattern().pattern()).startsWith("^");
    }

    @Test
    void logger_longerThanTheCap_isCut() {
        LineMatcher m = LogFormat.named("logback").matcher();

        assertThat(m.match("10:00:00.123 [main] INFO  " + "c".repeat(500) + " - Started")).isTrue();

        assertThat(m.logger()).isEqualTo("c".repeat(LineMatcher.MAX_LOGGER_CHARS));
    }

    @Test
    void level_jsonLevelLongerThanTheCap_isCut() {
        LineMatcher m = LogFormat.named("json").matcher();

        assertThat(m.match("{\"@timestamp\":\"2024-05-01T10:00:00Z\",\"level\":\"" + "w".repeat(500) + "\"}"))
                .isTrue();

        assertThat(m.level()).isEqualTo("W".repeat(LineMatcher.MAX_LEVEL_CHARS));
    }

    @Test
    void match_headerEndingBeyondTheWindow_isReadByItsTimestamp() {
        LineMatcher m = LogFormat.named("logback").matcher();
        String thread = "t".repeat(LogFormat.MAX_HEADER_CHARS);

        assertThat(m.match("10:00:00.123 [" + thread + "] INFO  c.e.App - Started")).isTrue();

        assertThat(m.isFull()).isFalse();
        assertThat(m.message()).startsWith("[ttt");
    }

    @Test
    void match_headerEndingInsideTheWindowOfALongLine_isReadWhole() {
        LineMatcher m = LogFormat.named("logback").matcher();
        String message = "m".repeat(10 * LogFormat.MAX_HEADER_CHARS);

        assertThat(m.match("10:00:00.123 [main] INFO  c.e.App - " + message)).isTrue();

        assertThat(m.isFull()).isTrue();
        assertThat(m.logger()).isEqualTo("c.e.App");
        assertThat(m.message()).isEqualTo(message);
    }

    @Test
    void template_render_replacesThePartsAndKeepsTheRest() {
        LineMatcher m = LogFormat.named("logback").matcher();
        m.match("10:00:00.123 [main] INFO  com.example.App - Started");

        String line = m.template().render("10:00:30.000", "ERROR", "com.example.Db", "floodgate", "Suppressed 3");

        assertThat(line).isEqualTo("10:00:30.000 [floodgate] ERROR com.example.Db - Suppressed 3");
    }

    @Test
    void template_renderShorterLevel_keepsTheColumn() {
        LineMatcher m = LogFormat.named("logback").matcher();
        m.match("10:00:00.123 [main] ERROR com.example.App - Failed");

        String line = m.template().render(null, "INFO", null, null, "x");

        assertThat(line).isEqualTo("10:00:00.123 [main] INFO  com.example.App - x");
    }

    @Test
    void template_syslog_keepsHostAndPid() {
        LineMatcher m = LogFormat.named("syslog").matcher();
        m.match("May  1 10:00:00 web01 nginx[42]: upstream timed out");

        String line = m.template().render("May  1 10:00:30", "WARN", "nginx", "floodgate", "Suppressed 9");

        assertThat(line).isEqualTo("May  1 10:00:30 web01 nginx[42]: Suppressed 9");
    }

    @Test
    void presets_eachSampleLine_matchesItsOwnPresetWholeWithAValidTimestamp() {
        for (LogFormat f : LogFormat.PRESETS) {
            LineMatcher m = f.matcher();
            TimestampParser p = new TimestampParser(java.time.ZoneOffset.UTC, java.time.LocalDate.of(2024, 5, 1),
                    null);

            assertThat(m.match(f.sample())).as(f.name()).isTrue();
            assertThat(m.isFull()).as(f.name()).isTrue();
            assertThat(m.timestamp(p)).as(f.name()).isNotEqualTo(TimestampParser.INVALID);
        }
    }

    @Test
    void groupNumber_ofEveryNamedGroupOfEveryPreset_isTheGroupTheMatcherNames() {
        for (LogFormat f : LogFormat.PRESETS) {
            if (f.isJson()) {
                continue;
            }
            java.util.regex.Matcher m = f.pattern().matcher(f.sample());
            assertThat(m.find()).as(f.name()).isTrue();
            for (String name : new String[] {"ts", "msg", "level", "logger", "thread", "pri", "status"}) {
                int number = LogFormat.groupNumber(f.pattern().pattern(), name);
                if (f.pattern().pattern().contains("(?<" + name + ">")) {
                    assertThat(m.start(number)).as(f.name() + " " + name).isEqualTo(m.start(name));
                    assertThat(m.end(number)).as(f.name() + " " + name).isEqualTo(m.end(name));
                } else {
                    assertThat(number).as(f.name() + " " + name).isEqualTo(-1);
                }
            }
        }
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "(a)(?<x>b) | x | 2",
        "(?:a)[(](?<x>b) | x | 1",
        "\\((?<x>b) | x | 1",
        "\\Q((\\E(?<x>b) | x | 1",
        "(?=a)(?<=b)(?<!c)(?i:d)(?<x>e) | x | 1",
        "[]()](?<x>b) | x | 1",
        "(a)(b) | x | -1",
    })
    void groupNumber_skipsEscapesClassesAndNonCapturingGroups(String regex, String name, int number) {
        assertThat(LogFormat.groupNumber(regex, name)).isEqualTo(number);
    }

    @Test
    void custom_epochGroup_readsTheEpochSecondsOfAnHpcLine() {
        LineMatcher m = LogFormat.custom("^\\d+ \\S+ \\S+ \\S+ (?<ts>\\d+) \\d+ (?<msg>.*)").matcher();
        String line = "134681 node-246 unix.hw state_change.unavailable 1077804742 1 Component State Change";

        assertThat(m.match(line)).isTrue();
        assertThat(m.timestamp(new TimestampParser(java.time.ZoneOffset.UTC, java.time.LocalDate.of(2024, 5, 1),
                null))).isEqualTo(1077804742000L);
        assertThat(m.message()).isEqualTo("Component State Change");
    }

    @Test
    void custom_withoutMessageGroup_isRejected() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> LogFormat.custom("(?<ts>\\S+) .*"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("(?<msg>...)");
    }
}
