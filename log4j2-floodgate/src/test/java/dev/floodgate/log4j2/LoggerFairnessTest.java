package dev.floodgate.log4j2;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.logging.log4j.core.Logger;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A flood of distinct messages through one logger cannot hide the new templates of another: once the flood has filled
 * the ledger, each logger's new templates share an overflow gate of that logger, not one limiter that the flood has
 * already exhausted. Every default but the clock, the framework configured from XML.
 */
class LoggerFairnessTest {

    private static final String SECURITY = "SECURITY: admin password changed from {}";

    @ParameterizedTest
    @ValueSource(strings = {"contextWide", "appender"})
    void distinctFloodOnOneLogger_newTemplateOnAnother_isWritten(String place) {
        Log4jHarness h = Log4jHarness.start(LoggerFairnessTest.class, place);
        CountingAppender counts = h.counting("counting");
        FloodgateFilter filter = h.onlyFloodgate();
        Logger junk = h.logger("com.acme.Junk");
        Logger audit = h.logger("com.acme.Audit");
        int maxKeys = filter.config().maxKeys();

        for (int i = 0; i < 2 * maxKeys; i++) {
            junk.warn("junk from " + letters(i));
        }
        assertThat(filter.trackedFingerprints()).isEqualTo(maxKeys);
        for (int i = 0; i < 5; i++) {
            audit.warn(SECURITY, "10.0.0." + i);
        }

        assertThat(counts.written(SECURITY)).isEqualTo(5);
        h.close();
        // the junk that found the ledger full met its own logger's limiter, and every call is accounted for
        assertThat(counts.writtenTotal() + counts.summarizedTotal()).isEqualTo(2L * maxKeys + 5);
        assertThat(counts.summarized("<other>")).isPositive();
    }

    /** {@code i} written with letters, so that no two messages mask alike. */
    static String letters(int i) {
        StringBuilder sb = new StringBuilder();
        for (char c : Integer.toString(i).toCharArray()) {
            sb.append((char) ('a' + c - '0'));
        }
        return sb.toString();
    }
}
