package dev.floodgate.logback;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import java.time.Duration;
import java.util.ArrayList;
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
 * Count conservation through each adapter from real XML: 8 threads log 200,000 calls each over 1 to 10,000
 * fingerprints while a test clock moves, with and without summaries written concurrently and with key eviction
 * active; after the context stops, every logged call either reached the appender or is counted in exactly one
 * summary, per fingerprint.
 */
class ConservationTest {

    static final int THREADS = 8;
    static final int CALLS_PER_THREAD = 200_000;
    private static final long SEED = Long.getLong("flood.test.seed", /* seed= */ 20260302L);

    /** One run: the number of fingerprints, the key bound, and whether summaries are written during the flood. */
    static Stream<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        for (Adapter a : Adapter.values()) {
            out.add(Arguments.of(a, 1, 10_000, false));
            out.add(Arguments.of(a, 1, 10_000, true));
            out.add(Arguments.of(a, 100, 10_000, true));
            out.add(Arguments.of(a, 10_000, 10_000, false));
            out.add(Arguments.of(a, 10_000, 10_000, true));
            out.add(Arguments.of(a, 10_000, 1_000, false)); // eviction and overflow: the bound is below the keys
            out.add(Arguments.of(a, 10_000, 1_000, true));
        }
        return out.stream();
    }

    /**
     * Picks the template of a thread's {@code i}-th call from two windows that drift across all templates during the
     * run, so that each template is busy for a while and then falls idle (and may be evicted): half of the calls go
     * to a hot window of 50 templates, which flood, the other half to a warm window of 2,000, which mostly pass.
     */
    static int pick(SplittableRandom random, int i, int fingerprints) {
        if (fingerprints == 1) {
            return 0;
        }
        int base = (int) ((long) i * fingerprints / CALLS_PER_THREAD);
        int window = random.nextBoolean() ? 50 : 2_000;
        return (base + random.nextInt(Math.min(window, fingerprints))) % fingerprints;
    }

    @ParameterizedTest(name = "{0} fingerprints={1} maxKeys={2} concurrentSummaries={3}")
    @MethodSource("cases")
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void flood_concurrentThreadsMovingClock_everyCallIsWrittenOrSummarized(Adapter adapter, int fingerprints,
            int maxKeys, boolean concurrentSummaries) throws InterruptedException {
        String[] templates = new String[fingerprints];
        for (int k = 0; k < fingerprints; k++) {
            templates[k] = "Job " + k + " failed: {}";
        }
        long[][] logged = new long[THREADS][fingerprints];
        TestContext t = TestContext.configure(getClass(), adapter.xml, Map.of("maxKeys", String.valueOf(maxKeys)));
        CountingAppender counts = (CountingAppender) t.appender(Adapter.LIST);
        TestClock clock = adapter.clock(t);
        Logger log = t.logger("com.acme.Jobs");
        CountDownLatch start = new CountDownLatch(1);
        AtomicBoolean done = new AtomicBoolean();
        int[] mostTracked = new int[THREADS];

        List<Thread> loggers = new ArrayList<>();
        for (int n = 0; n < THREADS; n++) {
            int thread = n;
            loggers.add(new Thread(() -> {
                SplittableRandom random = new SplittableRandom(SEED + thread);
                await(start);
                for (int i = 0; i < CALLS_PER_THREAD; i++) {
                    int k = pick(random, i, fingerprints);
                    if (i % 5 == 0) {
                        log.atError().setMessage(templates[k]).addArgument(i).log();
                    } else {
                        log.error(templates[k], i);
                    }
                    logged[thread][k]++;
                    if (i % 250 == 249) {
                        clock.advance(Duration.ofMillis(50)); // all threads together: 320 s over the run
                        ActiveFloodgate a = adapter.active(t);
                        mostTracked[thread] = Math.max(mostTracked[thread], a.engine().trackedFingerprints());
                    }
                }
            }, "flood-" + n));
        }
        Thread summarizer = new Thread(() -> {
            await(start);
            while (!done.get()) {
                adapter.summarizeIfDue(t);
                Thread.yield();
            }
        }, "summarizer");

        loggers.forEach(Thread::start);
        if (concurrentSummaries) {
            summarizer.start();
        }
        start.countDown();
        for (Thread thread : loggers) {
            thread.join();
        }
        done.set(true);
        if (concurrentSummaries) {
            summarizer.join();
        }
        long summariesDuringFlood = counts.summaries();
        t.close();
        // On a busy machine the stop can run out of time: what it could not write is in its ERROR status, and a
        // summary it names as still being written lands when its writer ends.
        if (ReportedCounts.namesOneStillWriting(t.errors())) {
            awaitSummaryWriters();
        }
        ReportedCounts reported = new ReportedCounts(t.errors(), counts.afterStop() > 0);

        long total = (long) THREADS * CALLS_PER_THREAD;
        String context = "seed=" + SEED + " (-Dflood.test.seed overrides), written=" + counts.writtenTotal()
                + ", summarized=" + counts.summarizedTotal() + ", other=" + counts.summarized("<other>")
                + ", forgotten=" + counts.summarized("<forgotten>") + ", summaries=" + counts.summaries()
                + " (" + summariesDuringFlood + " during the flood), reported in ERROR statuses=" + reported.total();
        System.out.printf("figures: %s fingerprints=%d maxKeys=%d concurrentSummaries=%b: logged=%d, %s%n", adapter,
                fingerprints, maxKeys, concurrentSummaries, total, context);
        long unattributed = 0;
        for (int k = 0; k < fingerprints; k++) {
            long calls = 0;
            for (long[] perThread : logged) {
                calls += perThread[k];
            }
            long accounted = counts.written(templates[k]) + counts.summarized(templates[k]) + reported.of(templates[k]);
            if (maxKeys >= fingerprints) {
                assertThat(accounted).as(templates[k] + ", " + context).isEqualTo(calls);
            } else {
                assertThat(accounted).as(templates[k] + ", " + context).isLessThanOrEqualTo(calls);
                unattributed += calls - accounted;
            }
        }
        long reportedByTemplate = 0;
        for (String template : templates) {
            reportedByTemplate += reported.of(template);
        }
        assertThat(counts.writtenTotal() + counts.summarizedTotal() + reported.total()).as(context).isEqualTo(total);
        assertThat(unattributed).as("calls counted only in the <other> and <forgotten> summaries, " + context)
                .isEqualTo(counts.summarized("<other>") + counts.summarized("<forgotten>")
                        + reported.total() - reportedByTemplate);
        assertThat(counts.summarizedTotal()).as(context).isPositive();
        assertThat(counts.afterStop()).as("the summary still being written when the stop's wait ran out, " + context)
                .isLessThanOrEqualTo(ReportedCounts.namesOneStillWriting(t.errors()) ? 1 : 0);
        assertThat(java.util.Arrays.stream(mostTracked).max().getAsInt()).as(context).isLessThanOrEqualTo(maxKeys);
        if (concurrentSummaries) {
            assertThat(summariesDuringFlood).as(context).isPositive();
        }
        if (maxKeys < fingerprints) {
            assertThat(counts.summarized("<other>")).as(context).isPositive();
        }
        assertThat(t.problems()).as("only what a stop could not write, " + context)
                .allMatch(p -> p.startsWith("ERROR ") && (p.contains("could not be written")
                        || p.contains("still being written")))
                .hasSizeLessThanOrEqualTo(2);
    }

    /** Waits until the summary writer threads have ended: a stop whose wait ran out left one writing. */
    private static void awaitSummaryWriters() throws InterruptedException {
        for (Thread thread : Thread.getAllStackTraces().keySet()) {
            if (thread.getName().startsWith("floodgate-summaries")) {
                thread.join(TimeUnit.SECONDS.toMillis(60));
            }
        }
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
