package dev.floodgate.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.floodgate.core.fingerprint.Fingerprinter;
import dev.floodgate.core.summary.SuppressionSummary;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FloodEngineTest {

    private static final long EPOCH = 1_700_000_000_000L;
    private final ManualClock clock = new ManualClock(EPOCH);

    private FloodEngine filter(String... options) {
        Map<String, String> map = new HashMap<>();
        for (int i = 0; i < options.length; i += 2) {
            map.put(options[i], options[i + 1]);
        }
        return new FloodEngine(FloodgateConfig.parse(map), clock);
    }

    private static int flood(FloodEngine f, String template, int calls) {
        int passed = 0;
        for (int i = 0; i < calls; i++) {
            passed += f.suppress(template, true, "com.acme.Db", "ERROR", null) ? 0 : 1;
        }
        return passed;
    }

    private static long total(List<SuppressionSummary> summaries) {
        return summaries.stream().mapToLong(SuppressionSummary::suppressed).sum();
    }

    @Test
    void suppress_floodOfOneTemplate_passesTheAllowanceAndSummarizesTheRest() {
        FloodEngine f = filter();
        assertThat(flood(f, "Connection to {} failed", 40)).isEqualTo(16);
        clock.advanceMillis(30_000);
        List<SuppressionSummary> summaries = f.summarizeIfDue();
        assertThat(summaries).singleElement().satisfies(s -> {
            assertThat(s.suppressed()).isEqualTo(24);
            assertThat(s.fingerprint()).isEqualTo("Connection to {} failed");
            assertThat(s.loggerName()).isEqualTo("com.acme.Db");
            assertThat(s.level()).isEqualTo("ERROR");
            assertThat(s.message()).startsWith("Suppressed 24 messages like \"Connection to {} failed\" in the last 30s");
        });
    }

    @Test
    void suppress_templatesLongerThanTheLimit_areOneFingerprintByTheirPrefix() {
        FloodEngine f = filter();
        String prefix = "Query {} failed: " + "x".repeat(Fingerprinter.MAX_TEMPLATE_CHARS);
        int passed = 0;
        for (int i = 0; i < 40; i++) {
            passed += f.suppress(prefix + " variant " + i, true, "com.acme.Db", "ERROR", null) ? 0 : 1;
        }
        assertThat(passed).isEqualTo(16);
        clock.advanceMillis(30_000);
        assertThat(f.summarizeIfDue()).singleElement().satisfies(s -> {
            assertThat(s.suppressed()).isEqualTo(24);
            assertThat(s.fingerprint()).isEqualTo(prefix.substring(0, Fingerprinter.MAX_SAMPLE_CHARS) + "…");
        });
        assertThat(f.trackedFingerprints()).isEqualTo(1);
    }

    @Test
    void suppress_nullTemplate_isRejectedNotCounted() {
        FloodEngine f = filter("maxKeys", "1");
        flood(f, "Fills {} the ledger", 40);
        assertThatThrownBy(() -> f.suppress(null, true, "com.acme.Db", "ERROR", null))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("template");
        clock.advanceMillis(30_000);
        assertThat(total(f.summarizeIfDue())).isEqualTo(24);
    }

    @Test
    void suppress_longTemplatesAtAFullLedger_countUnderTheirCutFingerprintNotAsOther() {
        FloodEngine f = filter("maxKeys", "2");
        String prefix = "Query {} failed: " + "x".repeat(Fingerprinter.MAX_TEMPLATE_CHARS);
        flood(f, "Other {} template", 1);
        int passed = 0;
        for (int i = 0; i < 40; i++) {
            passed += f.suppress(prefix + " variant " + i, true, "com.acme.Db", "ERROR", null) ? 0 : 1;
        }
        assertThat(f.trackedFingerprints()).isEqualTo(2);
        assertThat(flood(f, "Beyond {} the bound", 40)).isEqualTo(16);
        for (int i = 40; i < 80; i++) {
            passed += f.suppress(prefix + " variant " + i, true, "com.acme.Db", "ERROR", null) ? 0 : 1;
        }
        assertThat(passed).isEqualTo(16);
        clock.advanceMillis(30_000);
        assertThat(f.summarizeIfDue()).extracting(SuppressionSummary::scope, SuppressionSummary::suppressed)
                .containsExactlyInAnyOrder(tuple(SuppressionSummary.Scope.FINGERPRINT, 64L),
                        tuple(SuppressionSummary.Scope.OVERFLOW, 24L));
    }

    /**
     * A thread that never logged a message without arguments has a probe without a text buffer: the key stored for
     * its first composite fingerprint must still be a copy, not the probe the thread reuses for its next call.
     */
    @ParameterizedTest
    @ValueSource(strings = {"includeLogger", "includeLevel", "includeThrowable"})
    void suppress_compositeKeysOfAFreshThread_keepTheirOwnText(String option) throws InterruptedException {
        FloodEngine f = filter(option, "true", "maskTokens", "false");
        int[] passed = new int[2];
        Thread fresh = new Thread(() -> {
            passed[0] = flood(f, "First {} failed", 40);
            passed[1] = flood(f, "Second {} failed", 40);
        });
        fresh.start();
        fresh.join();
        assertThat(passed).containsExactly(16, 16);
        clock.advanceMillis(30_000);
        assertThat(f.summarizeIfDue()).extracting(SuppressionSummary::fingerprint, SuppressionSummary::suppressed)
                .containsExactlyInAnyOrder(tuple("First {} failed", 24L),
                        tuple("Second {} failed", 24L));
        assertThat(f.trackedFingerprints()).isEqualTo(2);
    }

    /**
     * Fingerprints first seen with the same logger and level share what their summaries name; one first seen at
     * another level, or with another logger, must still be named as it was first seen, and later events at other
     * levels change nothing.
     */
    @Test
    void suppress_fingerprintsOfOneLoggerAtSeveralLevels_eachSummaryNamesItsFirstEventsLoggerAndLevel() {
        FloodEngine f = filter();
        String[][] firstSeen = {
            {"A {}", "com.acme.Db", "ERROR"}, {"B {}", "com.acme.Db", "WARN"}, {"C {}", "com.acme.Db", "ERROR"},
            {"D {}", "com.acme.Web", "ERROR"}, {"E {}", "com.acme.Db", "WARN"}, {"F {}", null, "INFO"}};
        for (String[] t : firstSeen) {
            f.suppress(t[0], true, t[1], t[2], null);
        }
        for (int i = 0; i < 40; i++) {
            for (String[] t : firstSeen) {
                f.suppress(t[0], true, "com.acme.Other", i % 2 == 0 ? "DEBUG" : "WARN", null);
            }
        }
        clock.advanceMillis(30_000);
        assertThat(f.summarizeIfDue())
                .extracting(SuppressionSummary::fingerprint, SuppressionSummary::loggerName,
                        SuppressionSummary::level, SuppressionSummary::suppressed)
                .containsExactlyInAnyOrder(tuple("A {}", "com.acme.Db", "ERROR", 25L),
                        tuple("B {}", "com.acme.Db", "WARN", 25L), tuple("C {}", "com.acme.Db", "ERROR", 25L),
                        tuple("D {}", "com.acme.Web", "ERROR", 25L), tuple("E {}", "com.acme.Db", "WARN", 25L),
                        tuple("F {}", null, "INFO", 25L));
    }

    /** The text a summary and an inspection show is the key's, exception type included, though no copy is kept. */
    @Test
    void suppress_throwableInTheKey_summaryAndTopFingerprintsNameIt() {
        FloodEngine f = filter("includeThrowable", "true");
        for (int i = 0; i < 40; i++) {
            f.suppress("Disk {} failed", true, "com.acme.Disk", "ERROR", new java.io.IOException("full"));
        }
        assertThat(f.topFingerprints(1)).singleElement()
                .satisfies(s -> assertThat(s.fingerprint()).startsWith("Disk {} failed with java.io.IOException"));
        String shown = f.topFingerprints(1).get(0).fingerprint();
        clock.advanceMillis(30_000);
        assertThat(f.summarizeIfDue()).extracting(SuppressionSummary::fingerprint, SuppressionSummary::suppressed)
                .containsExactly(tuple(shown, 24L));
    }

    @Test
    void summarizeIfDue_beforeTheInterval_returnsNothing() {
        FloodEngine f = filter();
        flood(f, "x {}", 40);
        clock.advanceMillis(10_000);
        assertThat(f.summarizeIfDue()).isEmpty();
        clock.advanceMillis(20_000);
        assertThat(f.summarizeIfDue()).hasSize(1);
    }

    @Test
    void summarizeIfDue_nothingSuppressed_returnsNothing() {
        FloodEngine f = filter();
        flood(f, "x {}", 5);
        clock.advanceMillis(30_000);
        assertThat(f.summarizeIfDue()).isEmpty();
    }

    @Test
    void summarize_afterTheFloodStops_stillReportsIt() {
        FloodEngine f = filter();
        flood(f, "x {}", 40);
        clock.advanceMillis(600_000);
        assertThat(total(f.summarizeIfDue())).isEqualTo(24);
        assertThat(f.trackedFingerprints()).isZero();
    }

    @Test
    void suppress_floodAfterItsGateWasForgotten_startsFreshAndCountsExactly() {
        FloodEngine f = filter();
        String template = "x {}";
        assertThat(flood(f, template, 40)).isEqualTo(16);
        clock.advanceMillis(600_000);
        assertThat(total(f.summarizeIfDue())).isEqualTo(24);
        assertThat(f.trackedFingerprints()).isZero();
        assertThat(flood(f, template, 40)).isEqualTo(16);
        assertThat(total(f.summarize())).isEqualTo(24);
    }

    @Test
    void suppress_dryRun_dropsNothingButCounts() {
        FloodEngine f = filter("dryRun", "true");
        assertThat(flood(f, "x {}", 40)).isEqualTo(40);
        List<SuppressionSummary> summaries = f.summarize();
        assertThat(summaries).singleElement().satisfies(s -> {
            assertThat(s.suppressed()).isEqualTo(24);
            assertThat(s.message()).startsWith("Would have suppressed 24 messages");
        });
    }

    @Test
    void suppress_concatenatedMessages_shareOneMaskedFingerprint() {
        FloodEngine f = filter();
        int passed = 0;
        for (int i = 0; i < 40; i++) {
            passed += f.suppress("Failed for order " + (1000 + i), false, "l", "ERROR", null) ? 0 : 1;
        }
        assertThat(passed).isEqualTo(16);
        assertThat(f.summarize()).singleElement()
                .satisfies(s -> assertThat(s.fingerprint()).isEqualTo("Failed for order <n>"));
    }

    @Test
    void close_pendingCounts_areReturnedAndLaterCallsPass() {
        FloodEngine f = filter();
        flood(f, "x {}", 40);
        assertThat(total(f.close())).isEqualTo(24);
        assertThat(f.isClosed()).isTrue();
        assertThat(flood(f, "x {}", 10)).isEqualTo(10);
        assertThat(f.summarize()).isEmpty();
    }

    @Test
    void suppress_uniqueMessagesBeyondTheBound_areSummarizedAsOther() {
        FloodEngine f = filter("maxKeys", "10", "maskTokens", "false");
        int passed = 0;
        for (int i = 0; i < 1_000; i++) {
            passed += f.suppress("unique " + i, false, "l", "ERROR", null) ? 0 : 1;
        }
        List<SuppressionSummary> summaries = f.summarize();
        assertThat(f.trackedFingerprints()).isEqualTo(10);
        assertThat(summaries).singleElement().satisfies(s -> {
            assertThat(s.scope()).isEqualTo(SuppressionSummary.Scope.OVERFLOW);
            assertThat(s.message()).startsWith("Suppressed 974 other messages");
        });
        assertThat(passed).isEqualTo(10 + 16);
    }

    @Test
    void suppress_globalCap_limitsManyDistinctTemplatesAndSaysSo() {
        FloodEngine f = filter("cap", "window", "capCount", "5", "capPeriod", "1 second");
        int passed = 0;
        for (int i = 0; i < 20; i++) {
            passed += f.suppress("distinct " + (char) ('a' + i) + " {}", true, "l", "ERROR", null) ? 0 : 1;
        }
        assertThat(passed).isEqualTo(5);
        List<SuppressionSummary> summaries = f.summarize();
        assertThat(summaries).hasSize(15).allSatisfy(s -> {
            assertThat(s.suppressedByCap()).isEqualTo(1);
            assertThat(s.message()).contains("0 by attrition 8/5s, window 5×5s, spillover 16, 1 by the global cap"
                    + " window 5/1s");
        });
    }

    @Test
    void suppress_capRefusal_doesNotConsumeTheFingerprintsBudget() {
        // the cap lets one event through every 100 ms; all within one attrition timeframe
        FloodEngine f = filter("cap", "cell", "capCount", "10", "capPeriod", "1 second", "capBurst", "0");
        assertThat(flood(f, "x {}", 30)).isEqualTo(1);
        clock.advanceMillis(100);
        // had the 29 cap refusals been charged to the fingerprint, its window would hold 30 > 16 events and
        // 31 > 8 in this timeframe, and its own limiter would refuse now
        assertThat(flood(f, "x {}", 1)).isEqualTo(1);
        List<SuppressionSummary> summaries = f.summarize();
        assertThat(summaries).singleElement().satisfies(s -> {
            assertThat(s.suppressedByCap()).isEqualTo(29);
            assertThat(s.suppressedByKey()).isZero();
        });
    }

    @Test
    void suppress_fingerprintRefusal_doesNotConsumeTheCapsBudget() {
        FloodEngine f = filter("cap", "window", "capCount", "17", "capPeriod", "1 minute");
        assertThat(flood(f, "flood {}", 100)).isEqualTo(16);
        assertThat(flood(f, "other {}", 1)).isEqualTo(1);
        assertThat(flood(f, "third {}", 1)).isZero();
    }

    @Test
    @Timeout(120)
    void suppress_threadsWithEvictionAndConcurrentSummaries_countEveryCallExactlyOnce() throws Exception {
        FloodEngine f = filter("maxKeys", "20", "timeframe", "1 second", "summaryInterval", "2 seconds");
        LongAdder offered = new LongAdder();
        LongAdder passed = new LongAdder();
        LongAdder summarized = new LongAdder();
        AtomicBoolean done = new AtomicBoolean();
        Thread scheduler = new Thread(() -> {
            while (!done.get()) {
                summarized.add(total(f.summarizeIfDue()));
            }
        });
        scheduler.start();
        AtomicInteger ids = new AtomicInteger();
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            Thread worker = new Thread(() -> {
                Random random = new Random(TestSeed.SEED + ids.incrementAndGet());
                for (int i = 0; i < 200_000; i++) {
                    if (i % 200 == 0) {
                        clock.advanceMillis(random.nextInt(100));
                    }
                    String template = "template " + (random.nextInt(4) == 0 ? random.nextInt(60) : random.nextInt(3))
                            + " {}";
                    offered.increment();
                    if (!f.suppress(template, true, "l", "ERROR", null)) {
                        passed.increment();
                    }
                }
            });
            worker.start();
            workers.add(worker);
        }
        for (Thread worker : workers) {
            worker.join();
        }
        done.set(true);
        scheduler.join();
        summarized.add(total(f.close()));
        assertThat(passed.sum() + summarized.sum()).as(TestSeed.describe()).isEqualTo(offered.sum());
        assertThat(summarized.sum()).isPositive();
    }

    private static final long HOUR = 3_600_000L;
    private static final long DAY = 86_400_000L;

    /** Floods three templates for {@code steps} steps of 100 ms; returns {offered, passed, summarized}. */
    private long[] floodSteps(FloodEngine f, int steps) {
        long[] counts = new long[3];
        for (int step = 0; step < steps; step++) {
            for (int i = 0; i < 15; i++) {
                counts[0]++;
                counts[1] += f.suppress("template " + (i % 3) + " {}", true, "l", "ERROR", null) ? 0 : 1;
            }
            for (SuppressionSummary s : f.summarizeIfDue()) {
                assertThat(s.suppressed()).isPositive();
                assertThat(s.firstAt()).isLessThanOrEqualTo(s.lastAt());
                assertThat(s.period().isNegative()).isFalse();
                counts[2] += s.suppressed();
            }
            clock.advanceMillis(100);
        }
        return counts;
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"attrition", "window", "cell"})
    void suppress_clockStepsBackAnHourThenForwardADayMidFlood_losesNothing(String limiter) {
        FloodEngine f = filter("limiter", limiter, "summaryInterval", "1 second");

        long[] before = floodSteps(f, 300);
        clock.advanceMillis(-HOUR);
        long[] back = floodSteps(f, 300);
        clock.advanceMillis(DAY);
        long[] forward = floodSteps(f, 300);
        long closed = total(f.close());

        long offered = before[0] + back[0] + forward[0];
        long passed = before[1] + back[1] + forward[1];
        long summarized = before[2] + back[2] + forward[2] + closed;
        assertThat(passed + summarized).isEqualTo(offered);
        assertThat(back[2]).as("summaries go on after the clock stepped back").isPositive();
        assertThat(forward[1]).as("events pass again after the jump forward").isPositive();
    }

    @Test
    void suppress_clockStepsBackAnHourMidFlood_countsInTheCurrentTimeframeUntilTheClockCatchesUp() {
        FloodEngine f = filter();
        int passedBefore = flood(f, "x {}", 40);

        clock.advanceMillis(-HOUR);
        int passedBack = flood(f, "x {}", 40);
        clock.advanceMillis(HOUR + 5_000);
        int passedCaughtUp = flood(f, "x {}", 40);

        assertThat(passedBack).as("earlier timeframe counted in the current, saturated one").isZero();
        assertThat(passedCaughtUp).as("the next timeframe opens with its allowance").isPositive();
        assertThat(passedBefore).isEqualTo(16);
        assertThat(passedBefore + passedBack + passedCaughtUp + total(f.close())).isEqualTo(120);
    }

    @Test
    void suppress_clockJumpsForwardADayMidFlood_nextTimeframeOpensNormallyAndIdleKeysAreForgotten() {
        FloodEngine f = filter();
        flood(f, "x {}", 40);

        clock.advanceMillis(DAY);
        int passedAfterJump = flood(f, "x {}", 40);
        long summarizedAfterJump = total(f.summarize());
        int trackedAfterSweep = f.trackedFingerprints();
        int passedWhenForgotten = flood(f, "x {}", 40);

        assertThat(passedAfterJump).isPositive();
        assertThat(summarizedAfterJump).isEqualTo(24 + 40 - passedAfterJump);
        assertThat(passedWhenForgotten).isLessThanOrEqualTo(16);
        assertThat(trackedAfterSweep).isLessThanOrEqualTo(1);
    }

    @Test
    void summarizeIfDue_clockStepsBack_summarizesAtOnceInsteadOfWaitingForTheClockToCatchUp() {
        FloodEngine f = filter();
        flood(f, "x {}", 40);
        clock.advanceMillis(30_000);
        assertThat(total(f.summarizeIfDue())).isEqualTo(24);
        clock.advanceMillis(1_000);
        int passed = flood(f, "x {}", 40);

        clock.advanceMillis(-HOUR);
        long atStep = total(f.summarizeIfDue());
        clock.advanceMillis(30_000);
        int passedAfterStep = flood(f, "x {}", 40);
        long oneIntervalLater = total(f.summarizeIfDue());

        assertThat(atStep).isEqualTo(40 - passed).isPositive();
        assertThat(oneIntervalLater).isEqualTo(40 - passedAfterStep).isPositive();
    }
}
