package dev.floodgate.log4j2;

import static dev.floodgate.log4j2.Log4jHarness.lines;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A bad attribute value: a status error naming the attribute and the value, then the filter passes everything and
 * the rest of the configuration keeps working, wherever the filter sits.
 */
@Tag("compatibility")
class FloodgateBadConfigTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "timeframe               | timeframe: \"soon\" is not a duration; write e.g. \"5 seconds\", \"500ms\" or \"PT5S\"",
        "summaryInterval         | summaryInterval: \"10 fortnights\" is not a duration; write e.g. \"5 seconds\", \"500ms\" or \"PT5S\"",
        "summaryIntervalTooShort | summaryInterval must be between 100ms and 1d, was PT0.005S",
        "minLevel                | minLevel: \"LOUD\" is not a level; use TRACE, DEBUG, INFO, WARN or ERROR",
        "windowSize              | windowSize must be between 1 and 1000, was -3",
        "dryRun                  | dryRun: \"maybe\" is not true or false",
        "maxKeys                 | maxKeys must be between 1 and 10000000, was 0",
        "exemptMarkers           | exemptMarkers: \"FLOODGATE_EXEMPT,,AUDIT\" has an empty name",
        "spilloverThreshold      | spilloverThreshold: \"lots\" is not a whole number",
        "onAppender              | windowSize: \"many\" is not a whole number",
        "inFilters               | summaryLevel: \"LOUDER\" is not a level; use TRACE, DEBUG, INFO, WARN or ERROR",
        "onAppenderRef           | includeLogger: \"yes\" is not true or false",
    })
    void badValue_failsOpenWithStatusErrorNamingIt(String testCase, String problem) {
        try (Log4jHarness h = Log4jHarness.start(getClass(), testCase)) {
            for (int i = 0; i < 200; i++) {
                h.logger("app.Db").error("Connection to {} failed: {}", "db-1", i);
            }

            List<String> errors = h.status.floodgateMessages();
            assertThat(errors).containsExactly(
                    "ERROR Floodgate: " + problem + "; the filter passes every event until this is fixed");
            assertThat(lines(h.list("list").events())).hasSize(200);
            assertThat(h.onlyFloodgate().isEnabled()).isFalse();
        }
    }
}
