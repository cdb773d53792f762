package dev.floodgate.log4j2;

import static dev.floodgate.log4j2.Log4jHarness.lines;
import static dev.floodgate.log4j2.Log4jHarness.suppressedIn;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.apache.logging.log4j.Logger;

/**
 * What every configuration format must give (properties, JSON, YAML, as XML does): the tests of each format start a
 * configuration of their own and run these checks on it.
 */
final class ConfigFormatChecks {

    private ConfigFormatChecks() {
    }

    /**
     * Floods 200 calls of one template through {@code com.acme.Db}, lets the summary interval of 1 second pass and
     * checks that the appender {@code list} got fewer lines than calls and a summary of every call it did not get.
     */
    static void floodIsCutAndSummarized(Log4jHarness h) {
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

    /**
     * Checks a configuration whose filter has {@code maxKeys = lots} and the misspelt {@code summaryIntervall}: both
     * are status errors naming them, and the filter passes all of 200 calls.
     */
    static void badValueAndMisspeltOptionFailOpen(Log4jHarness h) {
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
