package dev.floodgate.log4j2;

import static dev.floodgate.log4j2.Log4jHarness.lines;
import static dev.floodgate.log4j2.Log4jHarness.suppressedIn;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.core.config.json.JsonConfiguration;
import org.apache.logging.log4j.core.config.yaml.YamlConfiguration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Floodgate configured in Log4j's JSON and YAML formats ({@code log4j2.json}, {@code log4j2.yaml}), which Log4j reads
 * with Jackson into the same plugin: in each place a filter can sit, its options and its nested clock are read, and a
 * flood is cut and summarized; a bad value and a misspelt option are reported as in XML.
 */
class FloodgateJsonYamlConfigTest {

    @ParameterizedTest
    @CsvSource({
        "contextWide.json", "logger.json", "appender.json",
        "contextWide.yaml", "logger.yaml", "appender.yaml"})
    void flood_inEachPlace_isCutAndSummarized(String file) {
        try (Log4jHarness h = Log4jHarness.start(getClass(), file)) {
            assertThat(h.configuration()).isExactlyInstanceOf(
                    file.endsWith(".json") ? JsonConfiguration.class : YamlConfiguration.class);
            FloodgateFilter filter = h.onlyFloodgate();
            assertThat(filter.config().summaryIntervalMillis()).isEqualTo(1_000L);
            assertThat(filter.config().maxKeys()).isEqualTo(500);
            Logger log = h.logger("com.acme.Db");
            for (int i = 0; i < 200; i++) {
                log.error("Connection to {} failed", i);
            }
            h.clock.advanceMillis(1_000);
            h.writeDueSummaries();

            ListAppender list = h.list("list");
            List<String> written = lines(list.events());
            assertThat(written).isNotEmpty().hasSizeLessThan(200);
            assertThat(suppressedIn(list.events())).isEqualTo(200 - written.size());
            assertThat(h.status.floodgateMessages()).isEmpty();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"badValue.json", "badValue.yaml"})
    void badValueAndMisspeltOption_failOpenWithStatusErrorsNamingThem(String file) {
        try (Log4jHarness h = Log4jHarness.start(getClass(), file)) {
            for (int i = 0; i < 200; i++) {
                h.logger("app.Db").error("Connection to {} failed: {}", "db-1", i);
            }

            // The first line is Log4j's own, as for a misspelt attribute in XML.
            assertThat(h.status.floodgateMessages()).containsExactlyInAnyOrder(
                    "ERROR Floodgate contains an invalid element or attribute \"summaryIntervall\"",
                    "ERROR Floodgate: unknown option \"summaryIntervall\"; the filter passes every event until this"
                            + " is fixed",
                    "ERROR Floodgate: maxKeys: \"lots\" is not a whole number; the filter passes every event until this"
                            + " is fixed");
            assertThat(lines(h.list("list").events())).hasSize(200);
            assertThat(h.onlyFloodgate().isEnabled()).isFalse();
        }
    }
}
