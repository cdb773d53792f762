package dev.floodgate.log4j2;

import static org.assertj.core.api.Assertions.assertThat;

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
            ConfigFormatChecks.floodIsCutAndSummarized(h);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"badValue.json", "badValue.yaml"})
    void badValueAndMisspeltOption_failOpenWithStatusErrorsNamingThem(String file) {
        try (Log4jHarness h = Log4jHarness.start(getClass(), file)) {
            ConfigFormatChecks.badValueAndMisspeltOptionFailOpen(h);
        }
    }
}
