package dev.floodgate.logback;

import static dev.floodgate.logback.Adapter.LIST;
import static dev.floodgate.logback.TestContext.events;
import static dev.floodgate.logback.TestContext.field;
import static dev.floodgate.logback.TestContext.summaries;
import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import dev.floodgate.core.summary.SuppressionSummary;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Count conservation through each adapter from real XML: several threads flood while a test clock moves and
 * summaries are written concurrently; after the context stops, every logged call either reached the appender or is
 * counted in exactly one summary.
 */
class ConservationTest {

    private static final int THREADS = 4;
    private static final int CALLS_PER_THREAD = 100_000;
    private static final int TEMPLATES = 32;
    private static final long SEED = Long.getLong("flood.test.seed", /* seed= */ 20260302L);

    static Stream<Arguments> cases() {
        return Stream.of(Adapter.values()).flatMap(a -> Stream.of(
                Arguments.of(a, 10_000), // every template has its own limiter
                Arguments.of(a, 8))); // most templates share the overflow limiter, and keys are evicted
    }

    @ParameterizedTest(name = "{0} maxKeys={1}")
    @MethodSource("cases")
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void flood_concurrentThreadsMovingClockAndSummaries_everyCallIsWrittenOrSummarized(Adapter adapter, int maxKeys)
            throws InterruptedException {
        String[] templates = new String[TEMPLATES];
        for (int k = 0; k < TEMPLATES; k++) {
            templates[k] = "Job " + k + " failed: {}";
        }
        long[][] logged = new long[THREADS][TEMPLATES];
        TestContext t = TestContext.configure(getClass(), adapter.xml, Map.of("maxKeys", String.valueOf(maxKeys)));
        ListAppender<ILoggingEvent> list = t.list(LIST);
        TestClock clock = adapter.clock(t);
        Logger log = t.logger("com.acme.Jobs");
        CountDownLatch start = new CountDownLatch(1);
        AtomicBoolean done = new AtomicBoolean();

        List<Thread> loggers = new ArrayList<>();
        for (int n = 0; n < THREADS; n++) {
            int thread = n;
            loggers.add(new Thread(() -> {
                SplittableRandom random = new SplittableRandom(SEED + thread);
                await(start);
                for (int i = 0; i < CALLS_PER_THREAD; i++) {
                    int k = random.nextInt(random.nextInt(TEMPLATES) + 1); // skewed: low templates flood hardest
                    if (i % 5 == 0) {
                        log.atError().setMessage(templates[k]).addArgument(i).log();
                    } else {
                        log.error(templates[k], i);
                    }
                    logged[thread][k]++;
                    if (i % 250 == 249) {
                        clock.advance(Duration.ofMillis(50)); // all threads together: 80 s over the run
                    }
                }
            }, "flood-" + n));
        }
        Thread summarizer = new Thread(() -> {
            while (!done.get()) {
                adapter.summarizeIfDue(t);
                Thread.yield();
            }
        }, "summarizer");

        loggers.forEach(Thread::start);
        summarizer.start();
        start.countDown();
        for (Thread thread : loggers) {
            thread.join();
        }
        done.set(true);
        summarizer.join();
        t.close();

        List<ILoggingEvent> events = events(list);
        Map<String, Long> written = new HashMap<>();
        Map<String, Long> summarized = new HashMap<>();
        for (ILoggingEvent e : events) {
            if (TestContext.isSummary(e)) {
                summarized.merge((String) field(e, SuppressionSummary.FIELD_FINGERPRINT),
                        (Long) field(e, SuppressionSummary.FIELD_SUPPRESSED), Long::sum);
            } else {
                written.merge(e.getMessage(), 1L, Long::sum);
            }
        }
        long total = (long) THREADS * CALLS_PER_THREAD;
        long writtenTotal = written.values().stream().mapToLong(Long::longValue).sum();
        long summarizedTotal = summarized.values().stream().mapToLong(Long::longValue).sum();
        String context = "seed=" + SEED + " (-Dflood.test.seed overrides), written=" + writtenTotal + ", summarized="
                + summarizedTotal + ", summaries=" + summaries(events).size();

        assertThat(writtenTotal + summarizedTotal).as(context).isEqualTo(total);
        assertThat(summarizedTotal).as(context).isPositive();
        assertThat(writtenTotal).as(context).isGreaterThan(TEMPLATES * 16L);
        if (maxKeys >= TEMPLATES) {
            for (int k = 0; k < TEMPLATES; k++) {
                long calls = 0;
                for (long[] perThread : logged) {
                    calls += perThread[k];
                }
                assertThat(written.getOrDefault(templates[k], 0L) + summarized.getOrDefault(templates[k], 0L))
                        .as(templates[k] + ", " + context).isEqualTo(calls);
            }
        } else {
            assertThat(summarized).as(context).containsKey("<other>");
        }
        assertThat(t.problems()).as(context).isEmpty();
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
