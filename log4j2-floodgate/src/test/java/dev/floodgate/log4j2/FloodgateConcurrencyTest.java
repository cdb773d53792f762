package dev.floodgate.log4j2;

import static org.assertj.core.api.Assertions.assertThat;

import dev.floodgate.core.summary.SuppressionSummary;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.Logger;
import org.apache.logging.log4j.message.MapMessage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Count conservation under concurrent logging, a moving clock and concurrent summaries; real scheduling. */
class FloodgateConcurrencyTest {

    private static final int THREADS = 4;
    private static final int EVENTS_PER_THREAD = 25_000;
    private static final int TEMPLATES = 20;

    @ParameterizedTest
    @ValueSource(strings = {"contextWide", "appender"})
    @Timeout(120)
    @SuppressWarnings("deprecation") // Message.getFormat(): the template of the written events
    void concurrentFlood_passedPlusSummarized_equalsLoggedPerTemplate(String place) throws Exception {
        Map<String, Long> written = new HashMap<>();
        Log4jHarness h = Log4jHarness.start(getClass(), place);
        ListAppender list;
        try {
            list = h.list("list");
            Logger log = h.logger("app.Db");
            CountDownLatch start = new CountDownLatch(1);
            AtomicBoolean logging = new AtomicBoolean(true);
            Thread[] threads = new Thread[THREADS];
            for (int t = 0; t < THREADS; t++) {
                int id = t;
                threads[t] = new Thread(() -> {
                    await(start);
                    for (int i = 0; i < EVENTS_PER_THREAD; i++) {
                        log.error("template " + (i % TEMPLATES) + " failed for {}: {}", id, i);
                        if (i % 50 == 0) {
                            h.clock.advanceMillis(1);
                        }
                    }
                });
                threads[t].start();
            }
            Thread summarizer = new Thread(() -> {
                await(start);
                while (logging.get()) {
                    h.writeDueSummaries();
                }
            });
            summarizer.start();
            start.countDown();
            for (Thread t : threads) {
                t.join();
            }
            logging.set(false);
            summarizer.join();
            h.context.stop();
        } finally {
            h.close();
        }

        for (LogEvent e : list.events()) {
            String template;
            long count;
            if (Log4jHarness.isSummary(e)) {
                Map<String, ?> fields = ((MapMessage<?, ?>) e.getMessage()).getData();
                template = (String) fields.get(SuppressionSummary.FIELD_FINGERPRINT);
                count = ((Number) fields.get(SuppressionSummary.FIELD_SUPPRESSED)).longValue();
            } else {
                template = e.getMessage().getFormat();
                count = 1;
            }
            written.merge(template, count, Long::sum);
        }
        assertThat(list.afterStop()).isEmpty();
        assertThat(written).hasSize(TEMPLATES);
        assertThat(written.values()).containsOnly((long) THREADS * EVENTS_PER_THREAD / TEMPLATES);
        assertThat(list.events().stream().filter(Log4jHarness::isSummary).count()).isGreaterThan(TEMPLATES);
        assertThat(h.status.floodgateMessages()).isEmpty();
    }

    @Test
    @Timeout(60)
    void scheduler_writesSummariesOnItsOwn() throws Exception {
        try (Log4jHarness h = Log4jHarness.start(getClass(), "scheduled")) {
            for (int i = 0; i < 200; i++) {
                h.logger("app.Db").error("Connection to {} failed: {}", "db-1", i);
            }

            assertThat(h.list("list").await(Log4jHarness::isSummary, 30_000)).isTrue();
        }
    }

    @Test
    void stop_cancelsTheScheduledTask() {
        FloodgateFilter filter;
        try (Log4jHarness h = Log4jHarness.start(getClass(), "scheduled")) {
            filter = h.contextFilter();
            assertThat(filter.hasScheduledTask()).isTrue();
        }

        assertThat(filter.hasScheduledTask()).isFalse();
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

}
