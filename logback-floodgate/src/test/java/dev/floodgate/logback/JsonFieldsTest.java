package dev.floodgate.logback;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import java.time.Duration;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The summary's structured fields as JSON encoders write them: SLF4J key-value pairs on the summary event. */
class JsonFieldsTest {

    private TestContext t;

    @AfterEach
    void close() {
        if (t != null) {
            t.close();
            assertThat(t.problems()).as("status messages at WARN or above").isEmpty();
        }
    }

    private List<String> floodAndSummarize(String appender) {
        t = TestContext.configure(getClass(), "encoders");
        Logger log = t.logger("com.acme.Db");
        for (int i = 0; i < 40; i++) {
            log.error("Connection to {} failed", "db" + i);
        }
        ((TestClock) t.turboFilter().clock()).advance(Duration.ofSeconds(30));
        t.turboFilter().summarizeIfDue();
        return ((EncodingListAppender) t.appender(appender)).lines();
    }

    private static String start() {
        return DateTimeFormatter.ofPattern("HH:mm:ss.SSS", Locale.ROOT)
                .format(TestClock.START.atZone(ZoneId.systemDefault()));
    }

    @Test
    void logstashEncoder_summary_hasTheCountsAsTopLevelFields() {
        List<String> lines = floodAndSummarize("LOGSTASH");

        assertThat(lines).hasSize(17);
        assertThat(lines.get(16))
                .contains("\"message\":\"Suppressed 24 messages like \\\"Connection to {} failed\\\" in the last 30s "
                        + "(first " + start() + ", last " + start() + "; attrition 8/5s, window 5×5s, spillover 16)\"")
                .contains("\"logger_name\":\"com.acme.Db\"", "\"level\":\"ERROR\"")
                .contains("\"floodgate.suppressed\":24,\"floodgate.fingerprint\":\"Connection to {} failed\","
                        + "\"floodgate.interval\":\"PT30S\",\"floodgate.first\":\"2026-03-02T10:00:01.120Z\","
                        + "\"floodgate.last\":\"2026-03-02T10:00:01.120Z\","
                        + "\"floodgate.limiter\":\"attrition 8/5s, window 5×5s, spillover 16\","
                        + "\"floodgate.dryRun\":false")
                .contains("\"tags\":[\"FLOODGATE_SUMMARY\"]");
        assertThat(lines.subList(0, 16)).noneMatch(line -> line.contains("floodgate."));
    }

    @Test
    void logbackJsonEncoder_summary_listsTheFieldsAsKeyValuePairs() {
        List<String> lines = floodAndSummarize("LOGBACK_JSON");

        assertThat(lines.get(16))
                .contains("\"markers\": [\"FLOODGATE_SUMMARY\"]")
                .contains("\"kvpList\": [{\"floodgate.suppressed\":\"24\"},"
                        + "{\"floodgate.fingerprint\":\"Connection to {} failed\"},{\"floodgate.interval\":\"PT30S\"},");
    }

    @Test
    void patternLayout_summary_isOneReadableLine() {
        List<String> lines = floodAndSummarize("PATTERN");

        assertThat(lines.get(0)).isEqualTo("ERROR com.acme.Db - Connection to db0 failed" + System.lineSeparator());
        assertThat(lines.get(16)).isEqualTo("ERROR com.acme.Db - Suppressed 24 messages like \"Connection to {} "
                + "failed\" in the last 30s (first " + start() + ", last " + start() + "; attrition 8/5s, window 5×5s, spillover 16)"
                + System.lineSeparator());
    }
}
