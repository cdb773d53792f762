package dev.floodgate.logback;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A flood of distinct messages through one logger cannot hide the new templates of another: once the flood has filled
 * the ledger, each logger's new templates share an overflow gate of that logger, not one limiter that the flood has
 * already exhausted. Every default but the clock, the framework configured from XML.
 */
class LoggerFairnessTest {

    private static final String SECURITY = "SECURITY: admin password changed from {}";

    @ParameterizedTest
    @EnumSource(Adapter.class)
    void distinctFloodOnOneLogger_newTemplateOnAnother_isWritten(Adapter adapter) {
        TestContext t = TestContext.configure(LoggerFairnessTest.class, adapter.xml);
        CountingAppender counts = (CountingAppender) t.appender(Adapter.LIST);
        Logger junk = t.logger("com.acme.Junk");
        Logger audit = t.logger("com.acme.Audit");
        int maxKeys = adapter.active(t).config().maxKeys();

        for (int i = 0; i < 2 * maxKeys; i++) {
            junk.warn("junk from " + letters(i));
        }
        assertThat(adapter.active(t).engine().trackedFingerprints()).isEqualTo(maxKeys);
        for (int i = 0; i < 5; i++) {
            audit.warn(SECURITY, "10.0.0." + i);
        }

        assertThat(counts.written(SECURITY)).isEqualTo(5);
        t.close();
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
