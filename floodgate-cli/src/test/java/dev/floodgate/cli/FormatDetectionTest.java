package dev.floodgate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Each layout people run, written by the real framework from {@code FormatDetectionTest-<layout>.xml}, is found
 * without {@code --pattern}: every call of the workload is one event, no line is left unparsed, the flood is one
 * fingerprint and every suppressed event is in one summary.
 */
class FormatDetectionTest {

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0} {1} -> {2}")
    @CsvSource({
        "logback, logback-ttll, logback, 'Connection to <ip> failed after <duration>'",
        "logback, spring-boot-console, spring-boot, 'Connection to <ip> failed after <duration>'",
        "logback, spring-boot-file, spring-boot, 'Connection to <ip> failed after <duration>'",
        "logback, logstash, json, 'Connection to <ip> failed after <duration>'",
        "logback, json-encoder, json, 'Connection to {} failed after {}ms'",
        "log4j2, kafka, kafka, 'Connection to <ip> failed after <duration>'",
        "log4j2, zookeeper, zookeeper, 'Connection to <ip> failed after <duration>'",
        "log4j2, rfc5424, rfc5424, 'Connection to <ip> failed after <duration>'",
        "log4j2, syslog, syslog, 'Connection to <ip> failed after <duration>'",
        "log4j2, epoch-millis, epoch, 'com.example.db.Pool - Connection to <ip> failed after <duration>'",
        "log4j2, epoch-seconds, epoch, 'com.example.db.Pool - Connection to <ip> failed after <duration>'",
        "log4j2, iso, iso, '[main] com.example.db.Pool: Connection to <ip> failed after <duration>'",
        "log4j2, bracketed, bracketed, 'com.example.db.Pool - Connection to <ip> failed after <duration>'",
        "log4j2, spark, date-time, 'Pool: Connection to <ip> failed after <duration>'",
        "log4j2, hdfs, date-time, 'com.example.db.Pool: Connection to <ip> failed after <duration>'",
        "log4j2, dotted-date, date-time, 'com.example.db.Pool: Connection to <ip> failed after <duration>'",
        "log4j2, month-day, bracketed, 'com.example.db.Pool - Connection to <ip> failed after <duration>'",
        "log4j2, android, android, 'Connection to <ip> failed after <duration>'",
        "log4j2, nginx-error, nginx-error, 'Connection to <ip> failed after <duration>'",
        "log4j2, apache-error, apache-error, 'Connection to <ip> failed after <duration>'",
        "log4j2, access, access, 'Connection to <ip> failed after <duration>'",
        "log4j2, ecs, json, 'Connection to <ip> failed after <duration>'",
        "log4j2, json-logstash, json, 'Connection to <ip> failed after <duration>'",
        "log4j2, json-gelf, json, 'Connection to <ip> failed after <duration>'",
        "log4j2, json-layout, json, 'Connection to <ip> failed after <duration>'",
    })
    void replay_layoutWrittenByTheFramework_isDetectedAndEveryCallIsOneEvent(String framework, String layout,
            String format, String flood) throws Exception {
        Path log = write(framework, layout);

        Replays.Outcome r = Replays.run(log.toString(), "--date", "2024-05-01");

        assertThat(r.replay().format().name()).isEqualTo(format);
        assertThat(r.counts().eventLines).isEqualTo(TestLogs.EVENTS);
        assertThat(r.counts().leadOnlyLines + r.counts().unparsedLines + r.counts().badTimestampLines).isZero();
        assertThat(r.top().text).isEqualTo(flood);
        assertThat(r.top().events).isEqualTo(TestLogs.Workload.FLOOD);
        assertThat(r.counts().summarizedEvents).isEqualTo(r.counts().suppressedEvents).isPositive();
    }

    private Path write(String framework, String layout) throws Exception {
        Path file = dir.resolve(layout + ".log");
        String config = "FormatDetectionTest-" + layout;
        return framework.equals("logback") ? TestLogs.logback(file, config) : TestLogs.log4j2(file, config);
    }
}
