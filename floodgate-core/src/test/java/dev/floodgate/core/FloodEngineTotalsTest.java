package dev.floodgate.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.floodgate.core.summary.SuppressionSummary;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FloodEngineTotalsTest {

    private static final long EPOCH = 1_700_000_000_000L;
    private final ManualClock clock = new ManualClock(EPOCH);

    private FloodEngine filter(String... options) {
        Map<String, String> map = new HashMap<>();
        for (int i = 0; i < options.length; i += 2) {
            map.put(options[i], options[i + 1]);
        }
        return new FloodEngine(FloodgateConfig.parse(map), clock);
    }

    private static void flood(FloodEngine f, String template, int calls) {
        for (int i = 0; i < calls; i++) {
            f.suppress(template, true, "com.acme.Db", "ERROR", null);
        }
    }

    private static long total(List<SuppressionSummary> summaries) {
        return summaries.stream().mapToLong(SuppressionSummary::suppressed).sum();
    }

    @Test
    void totals_duringAFlood_showSuppressedBeforeAnySummary() {
        FloodEngine f = filter();
        flood(f, "Connection to {} failed", 40);
        FilterTotals t = f.totals();
        assertThat(t.passed()).isEqualTo(16);
        assertThat(t.suppressedByFingerprint()).isEqualTo(24);
        assertThat(t.counted()).isEqualTo(40);
        assertThat(t.summaries()).isZero();
    }

    @Test
    void totals_afterSummaries_keepTheirCountsAndCountTheLines() {
        FloodEngine f = filter();
        flood(f, "a {}", 40);
        flood(f, "b {}", 30);
        clock.advanceMillis(30_000);
        List<SuppressionSummary> told = f.summarizeIfDue();
        FilterTotals t = f.totals();
        assertThat(t.suppressed()).isEqualTo(total(told)).isEqualTo(24 + 14);
        assertThat(t.summaries()).isEqualTo(2);
    }

    @Test
    void totals_globalCap_countsItsRefusalsApart() {
        FloodEngine f = filter("cap", "window", "capCount", "5", "capPeriod", "1 minute");
        for (int i = 0; i < 10; i++) {
            f.suppress("template " + i + " {}", true, "l", "ERROR", null);
        }
        FilterTotals t = f.totals();
        assertThat(t.passed()).isEqualTo(5);
        assertThat(t.suppressedByCap()).isEqualTo(5);
        assertThat(t.suppressedByFingerprint()).isZero();
    }

    @Test
    void totals_beyondMaxKeys_countOtherMessagesApart() {
        FloodEngine f = filter("maxKeys", "1");
        flood(f, "first {}", 1);
        flood(f, "second {}", 40);
        FilterTotals t = f.totals();
        assertThat(t.suppressedAsOther()).isEqualTo(24);
        assertThat(t.passed()).isEqualTo(17);
    }

    @Test
    void totals_dryRun_countWhatWouldHaveBeenSuppressed() {
        FloodEngine f = filter("dryRun", "true");
        int passedByFilter = 0;
        for (int i = 0; i < 40; i++) {
            passedByFilter += f.suppress("x {}", true, "l", "ERROR", null) ? 0 : 1;
        }
        assertThat(passedByFilter).isEqualTo(40);
        assertThat(f.totals().suppressed()).isEqualTo(24);
    }

    @Test
    void topFingerprints_ordersByThisPeriod_andKeepsTheLastPeriodApart() {
        FloodEngine f = filter();
        flood(f, "small {}", 20);
        flood(f, "big {}", 100);
        clock.advanceMillis(30_000);
        f.summarizeIfDue();
        flood(f, "small {}", 50);
        List<FingerprintStats> top = f.topFingerprints(5);
        assertThat(top).extracting(FingerprintStats::fingerprint).containsExactly("small {}", "big {}");
        assertThat(top.get(0).suppressedLastPeriod()).isEqualTo(4);
        assertThat(top.get(1).suppressedLastPeriod()).isEqualTo(84);
        assertThat(top.get(1).suppressedThisPeriod()).isZero();
        assertThat(top.get(0).limiterState()).startsWith("attrition ");
        assertThat(f.topFingerprints(1)).hasSize(1);
    }

    @Test
    void topFingerprints_showLoggerAndLevelOnlyWhenPartOfTheKey() {
        FloodEngine plain = filter();
        flood(plain, "x {}", 20);
        assertThat(plain.topFingerprints(1).get(0).loggerName()).isNull();
        FloodEngine keyed = filter("includeLogger", "true", "includeLevel", "true");
        flood(keyed, "x {}", 20);
        assertThat(keyed.topFingerprints(1).get(0).loggerName()).isEqualTo("com.acme.Db");
        assertThat(keyed.topFingerprints(1).get(0).level()).isEqualTo("ERROR");
    }

    /**
     * Many threads flood many templates (more than maxKeys, so overflow and eviction happen) through a cap, while
     * another thread summarizes and a third reads the totals; after close, the suppressed total is exactly the sum
     * of every summary, and the totals read during the run never went down. The fingerprint is the template (a new
     * string each call), or has more parts, so that threads recognise the keys they found last by the template's
     * identity while the ledger forgets them and other threads store them again.
     */
    @ParameterizedTest
    @ValueSource(strings = {"template", "loggerAndLevel", "throwableWithoutArguments"})
    @Timeout(60)
    void totals_afterCloseUnderConcurrency_equalTheSumOfEverySummary(String fingerprint) throws InterruptedException {
        FloodEngine f = filter("maxKeys", "8", "cap", "window", "capCount", "100", "capPeriod", "1 second",
                "timeframe", "1 second", "windowSize", "1", "summaryInterval", "1 second",
                "includeLogger", String.valueOf(fingerprint.equals("loggerAndLevel")),
                "includeLevel", String.valueOf(fingerprint.equals("loggerAndLevel")),
                "includeThrowable", String.valueOf(fingerprint.equals("throwableWithoutArguments")));
        String[] templates = new String[200];
        for (int i = 0; i < templates.length; i++) {
            // letters only, so that a message without arguments has no token to mask
            templates[i] = "template " + (char) ('g' + i % 20) + (char) ('g' + i / 20) + " {}";
        }
        Throwable[] thrown = {new java.io.IOException("a"), new IllegalStateException("b")};
        int threads = 4;
        int callsEach = 50_000;
        LongAdder dropped = new LongAdder();
        List<SuppressionSummary> told = new ArrayList<>();
        AtomicBoolean running = new AtomicBoolean(true);
        CountDownLatch done = new CountDownLatch(threads);
        List<Thread> callers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            Random random = new Random(TestSeed.SEED + t);
            callers.add(new Thread(() -> {
                for (int i = 0; i < callsEach; i++) {
                    int n = random.nextInt(200);
                    boolean drop;
                    if (fingerprint.equals("template")) {
                        drop = f.suppress("template " + n + " {}", true, "l", "ERROR", null);
                    } else if (fingerprint.equals("loggerAndLevel")) {
                        drop = f.suppress(templates[n], true, "l" + n % 2, n % 3 == 0 ? "WARN" : "ERROR", null);
                    } else {
                        drop = f.suppress(templates[n], false, "l", "ERROR", thrown[n % 2]);
                    }
                    if (drop) {
                        dropped.increment();
                    }
                }
                done.countDown();
            }));
        }
        List<String> wentDown = new ArrayList<>();
        Thread reader = new Thread(() -> {
            FilterTotals last = FilterTotals.ZERO;
            while (running.get()) {
                FilterTotals now = f.totals();
                if (now.suppressed() < last.suppressed() || now.passed() < last.passed()) {
                    wentDown.add(last + " then " + now);
                }
                last = now;
            }
        });
        reader.start();
        callers.forEach(Thread::start);
        while (!done.await(1, TimeUnit.MILLISECONDS)) {
            clock.advanceMillis(10);
            told.addAll(f.summarizeIfDue());
        }
        told.addAll(f.close());
        running.set(false);
        reader.join();
        FilterTotals end = f.totals();
        assertThat(wentDown).as(TestSeed.describe()).isEmpty();
        assertThat(end.suppressed()).as(TestSeed.describe()).isEqualTo(total(told)).isEqualTo(dropped.sum());
        assertThat(end.counted()).as(TestSeed.describe()).isEqualTo((long) threads * callsEach);
        assertThat(end.summaries()).isEqualTo(told.size());
        assertThat(end.suppressedAsOther()).as(end.toString()).isPositive();
        assertThat(end.suppressedByCap()).isPositive();
    }
}
