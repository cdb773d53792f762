package dev.floodgate.log4j2;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.logging.log4j.core.config.properties.PropertiesConfiguration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Floodgate configured in Log4j's properties format ({@code log4j2.properties}), which builds the same plugin from
 * keys such as {@code filter.floodgate.type = Floodgate}: in each place a filter can sit, its options and its nested
 * clock are read, a flood is cut and summarized; a bad value and a misspelt option are reported as in XML.
 */
class FloodgatePropertiesConfigTest {

    @ParameterizedTest
    @ValueSource(strings = {"contextWide", "logger", "appender"})
    void flood_inEachPlace_isCutAndSummarized(String place) {
        try (Log4jHarness h = Log4jHarness.start(getClass(), place + ".properties")) {
            assertThat(h.configuration()).isInstanceOf(PropertiesConfiguration.class);
            assertThat(h.onlyFloodgate().config().summaryIntervalMillis()).isEqualTo(1_000L);
            ConfigFormatChecks.floodIsCutAndSummarized(h);
        }
    }

    @Test
    void contextWide_readsEveryOptionGiven() {
        try (Log4jHarness h = Log4jHarness.start(getClass(), "contextWide.properties")) {
            assertThat(h.contextFilter().config().maxKeys()).isEqualTo(500);
        }
    }

    @Test
    void badValueAndMisspeltOption_failOpenWithStatusErrorsNamingThem() {
        try (Log4jHarness h = Log4jHarness.start(getClass(), "badValue.properties")) {
            ConfigFormatChecks.badValueAndMisspeltOptionFailOpen(h);
        }
    }
}
