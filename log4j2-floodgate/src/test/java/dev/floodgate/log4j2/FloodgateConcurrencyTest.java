package dev.floodgate.log4j2;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.logging.log4j.core.Logger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Count conservation under concurrent logging, a moving clock, eviction and concurrent summaries; real scheduling. */
class FloodgateConcurrencyTest {

    private static final int THREADS = 8;
    private static final int CALLS_PER_THREAD = 200_000;
    private static final long SEED = Long.getLong("flood.test.seed", /* seed= */ 20260302L);

    /** One run: the place, the number of fingerprints, the key bound, and whether summaries are written during it. */
    static Stream<Arguments> cases() {
        List<Arguments> out = new ArrayList<>();
        for (String place : new String[] {"contextWide", "appender"}) {
            out.add(Arguments.of(place, 1, 10_000, false));
            out.add(Arguments.of(place, 1, 10_000, true));
            out.add(Arguments.of(place, 100, 10_000, true));
            out.add(Arguments.of(place, 10_000, 10_000, false));
            out.add(Arguments.of(place, 10_000, 10_000, true));
            out.add(Arguments.of(place, 10_000, 1_000, false)); // eviction and overflow: the bound is below the keys
            out.add(Arguments.of(place, 10_000, 1_000, true));
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

    /**
     * 8 threads × 200,000 calls over 1 to 10,000 templates from real XML, with a moving test clock, with and without
     * summaries written concurrently and with key eviction: after the context stops, every call was written or is
     * counted in exactly one summary, per template ({@code <other>} and {@code <forgotten>} summaries hold the rest
     * when the key bound is below the number of templates).
     */
    @ParameterizedTest(name = "{0} fingerprints={1} maxKeys={2} concurrentSummaries={3}")
    @MethodSource("cases")
    @Timeout(300)
    void concurrentFlood_passedPlusSummarized_equalsLoggedPerTemplate(String place, int fingerprints, int maxKeys,
            boolean concurrentSummaries) throws Exception {
        String[] templates = new String[fingerprints];
        for (int k = 0; k < fingerprints; k++) {
            templates[k] = "Job " + k + " failed: {}";
        }
        long[][] logged = new long[THREADS][fingerprints];
        int[] mostTracked = new int[THREADS];
        Log4jHarness h = Log4jHarness.start(getClass(), place, Map.of("maxKeys", String.valueOf(maxKeys)));
        CountingAppender counts = h.counting("counting");
        FloodgateFilter filter = h.onlyFloodgate();
        long summariesDuringFlood;
        try {
            Logger log = h.logger("app.Jobs");
            CountDownLatch start = new CountDownLatch(1);
            AtomicBoolean logging = new AtomicBoolean(true);
            Thread[] threads = new Thread[THREADS];
            for (int t = 0; t < THREADS; t++) {
                int id = t;
                threads[t] = new Thread(() -> {
                    SplittableRandom random = new SplittableRandom(SEED + id);
                    await(start);
                    for (int i = 0; i < CALLS_PER_THREAD; i++) {
                        int k = pick(random, i, fingerprints);
                        if (i % 5 == 0) {
                            log.atError().log(templates[k], i);
                        } else {
                            log.error(templates[k], i);
                        }
                        logged[id][k]++;
                        if (i % 250 == 249) {
                            h.clock.advanceMillis(50); // all threads together: 320 s over the run
                            mostTracked[id] = Math.max(mostTracked[id], filter.trackedFingerprints());
                        }
                    }
                }, "flood-" + t);
                threads[t].start();
            }
            Thread summarizer = new Thread(() -> {
                await(start);
                while (logging.get()) {
                    h.writeDueSummaries();
                    Thread.yield();
                }
            }, "summarizer");
            if (concurrentSummaries) {
                summarizer.start();
            }
            start.countDown();
            for (Thread t : threads) {
                t.join();
            }
            logging.set(false);
            if (concurrentSummaries) {
                summarizer.join();
            }
            summariesDuringFlood = counts.summaries();
            h.context.stop();
        } finally {
            h.close();
        }

        // On a busy machine the stop can run out of time: what it could not write is in its ERROR status, and a
        // summary it names as still being written lands when its writer ends.
        if (ReportedCounts.namesOneStillWriting(errors(h))) {
            awaitSummaryWriters();
        }
        ReportedCounts reported = new ReportedCounts(errors(h), counts.afterStop() > 0);
        long total = (long) THREADS * CALLS_PER_THREAD;
        String context = "seed=" + SEED + " (-Dflood.test.seed overrides), written=" + counts.writtenTotal()
                + ", summarized=" + counts.summarizedTotal() + ", other=" + counts.summarized("<other>")
                + ", forgotten=" + counts.summarized("<forgotten>") + ", summaries=" + counts.summaries()
                + " (" + summariesDuringFlood + " during the flood), reported in ERROR statuses=" + reported.total();
        System.out.printf("figures: %s fingerprints=%d maxKeys=%d concurrentSummaries=%b: logged=%d, %s%n", place,
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
                .isLessThanOrEqualTo(ReportedCounts.namesOneStillWriting(errors(h)) ? 1 : 0);
        assertThat(Arrays.stream(mostTracked).max().getAsInt()).as(context).isLessThanOrEqualTo(maxKeys);
        if (concurrentSummaries) {
            assertThat(summariesDuringFlood).as(context).isPositive();
        }
        if (maxKeys < fingerprints) {
            assertThat(counts.summarized("<other>")).as(context).isPositive();
        }
        assertThat(h.status.floodgateMessages()).as("only what a stop could not write, " + context)
                .allMatch(m -> m.startsWith("ERROR ") && (m.contains("could not be written")
                        || m.contains("still being written")))
                .hasSizeLessThanOrEqualTo(2);
    }

    /** Returns the ERROR status messages of Floodgate's captured by {@code h}. */
    private static List<String> errors(Log4jHarness h) {
        return h.status.floodgateMessages().stream().filter(m -> m.startsWith("ERROR "))
                .collect(Collectors.toList());
    }

    /** Waits until the summary writer threads have ended: a stop whose wait ran out left one writing. */
    private static void awaitSummaryWriters() throws InterruptedException {
        for (Thread thread : Thread.getAllStackTraces().keySet()) {
            if (thread.getName().startsWith("floodgate-summaries")) {
                thread.join(TimeUnit.SECONDS.toMillis(60));
            }
        }
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
