package dev.floodgate.log4j2;

import static dev.floodgate.log4j2.Log4jHarness.lines;
import static dev.floodgate.log4j2.Log4jHarness.suppressedIn;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.apache.logging.log4j.Logger;
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
            FloodgateFilter filter = h.onlyFloodgate();
            assertThat(filter.config().summaryIntervalMillis()).isEqualTo(1_000L);
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

    @Test
    void contextWide_readsEveryOptionGiven() {
        try (Log4jHarness h = Log4jHarness.start(getClass(), "contextWide.properties")) {
            assertThat(h.contextFilter().config().maxKeys()).isEqualTo(500);
        }
    }

    @Test
    void badValueAndMisspeltOption_failOpenWithStatusErrorsNamingThem() {
        try (Log4jHarness h = Log4jHarness.start(getClass(), "badValue.properties")) {
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
