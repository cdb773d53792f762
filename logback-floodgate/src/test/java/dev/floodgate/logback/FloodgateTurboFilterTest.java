package dev.floodgate.logback;

import static dev.floodgate.logback.TestContext.events;
import static dev.floodgate.logback.TestContext.messages;
import static dev.floodgate.logback.TestContext.summaries;
import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.spi.FilterReply;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** What only the turbo filter does: where its summaries go, and what its decisions cost. */
@Tag("compatibility")
class FloodgateTurboFilterTest {

    private TestContext t;

    @AfterEach
    void close() {
        if (t != null) {
            t.close();
            assertThat(t.problems()).as("status messages at WARN or above").isEmpty();
        }
    }

    private static void flood(Logger log, int calls) {
        for (int i = 0; i < calls; i++) {
            log.error("Connection to {} failed", i);
        }
    }

    private void summarizeAfter30s() {
        ((TestClock) t.turboFilter().clock()).advance(Duration.ofSeconds(30));
        t.turboFilter().summarizeIfDue();
    }

    @Test
    void summarizeIfDue_summary_bypassesTheTurboFilters() {
        t = TestContext.configure(getClass(), "routing");
        flood(t.logger("org.other.Db"), 40);

        summarizeAfter30s();

        assertThat(summaries(events(t.list("LIST")))).hasSize(1);
        SummaryCountingTurboFilter counting = (SummaryCountingTurboFilter) t.context.getTurboFilterList().get(0);
        assertThat(counting.summariesSeen).hasValue(0);
    }

    @Test
    void summarizeIfDue_summary_followsTheLoggersAppendersAndAdditivity() {
        t = TestContext.configure(getClass(), "routing");
        flood(t.logger("com.acme.Db"), 40);

        summarizeAfter30s();

        assertThat(summaries(events(t.list("ACME")))).singleElement()
                .satisfies(s -> assertThat(s.getLoggerName()).isEqualTo("com.acme.Db"));
        assertThat(events(t.list("LIST"))).isEmpty();
    }

    @Test
    void summarizeIfDue_summary_passesAnAppendersFloodgateFilterUncounted() {
        t = TestContext.configure(getClass(), "routing");
        flood(t.logger("com.acme.Db"), 40);

        summarizeAfter30s();

        List<ILoggingEvent> acme = events(t.list("ACME"));
        assertThat(messages(acme)).hasSize(16);
        assertThat(summaries(acme)).hasSize(1);
        assertThat(t.filter("ACME").active().engine().trackedFingerprints()).isEqualTo(1);
    }

    @Test
    void decide_suppressedCall_allocatesNothing() {
        t = TestContext.configure(getClass(), "default");
        FloodgateTurboFilter filter = t.turboFilter();
        Logger logger = t.logger("com.acme.Db");
        Object[] params = {"db", 42};
        for (int i = 0; i < 20_000; i++) {
            filter.decide(null, logger, Level.ERROR, "Connection to {} failed: {}", params, null);
        }

        long bytes = allocatedBytes(() -> {
            for (int i = 0; i < 1_000_000; i++) {
                if (filter.decide(null, logger, Level.ERROR, "Connection to {} failed: {}", params, null)
                        != FilterReply.DENY) {
                    throw new AssertionError("not suppressed");
                }
            }
        });

        assertThat(bytes).as("bytes allocated by 1,000,000 suppressed calls").isLessThan(MAX_BYTES);
    }

    @Test
    void decide_disabledLevel_allocatesNothing() {
        t = TestContext.configure(getClass(), "default");
        FloodgateTurboFilter filter = t.turboFilter();
        Logger logger = t.logger("com.acme.Db");
        Object[] params = {"db", 42};

        long bytes = allocatedBytes(() -> {
            for (int i = 0; i < 1_000_000; i++) {
                if (filter.decide(null, logger, Level.DEBUG, "Connection to {} failed: {}", params, null)
                        != FilterReply.NEUTRAL) {
                    throw new AssertionError("not neutral");
                }
            }
        });

        assertThat(bytes).as("bytes allocated by 1,000,000 disabled calls").isLessThan(MAX_BYTES);
        assertThat(filter.active().engine().trackedFingerprints()).isZero();
    }

    /**
     * What a million calls may allocate in all: a few hundred bytes that do not grow with the number of calls come
     * from the JVM itself (compilation), so this bounds the allocation per call to well under one byte.
     */
    private static final long MAX_BYTES = 16_384;

    private static long allocatedBytes(Runnable work) {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long id = Thread.currentThread().getId();
        long before = threads.getThreadAllocatedBytes(id);
        work.run();
        return threads.getThreadAllocatedBytes(id) - before;
    }
}
