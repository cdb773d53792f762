package dev.floodgate.log4j2;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import org.apache.logging.log4j.Logger;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Reloads during a flood: 100 reconfigurations with the same XML (what {@code monitorInterval}
 * and {@code Configurator.reconfigure} do) while 4 threads flood one template. The clock never moves, so without
 * reloads the filter passes its burst of 16 and nothing more; every further line is a leak. Log4j's
 * {@code DenyAllFilter}, reloaded the same way, measures what the framework itself lets through.
 */
class FloodgateReloadTest {

    private static final int THREADS = 4;
    /**
     * Calls each flooding thread makes at least, however soon the run ends: without reloads the run ends as soon as the
     * threads have started, and a thread could otherwise log a single call before it sees that.
     */
    private static final int MIN_CALLS_EACH = 1_000;
    private static final int RELOADS = 100;
    private static final String FLOODGATE = "<Floodgate><TestClock name=\"FloodgateReloadTest\"/></Floodgate>";
    private static final String DENY_ALL = "<DenyAllFilter/>";
    /** Allowed beyond the floor, which is measured in another run and varies from run to run. */
    private static final long SLACK = 50;

    /** Lines passed, summarized, lost to stopped appenders and logged in one run. */
    private static final class Run {
        long written;
        long summarized;
        long afterStop;
        long logged;

        @Override
        public String toString() {
            return "logged=" + logged + ", written=" + written + ", summarized=" + summarized
                    + ", reached a stopped appender=" + afterStop;
        }
    }

    private static Run flood(String place, String filter, int reloads) throws InterruptedException {
        Map<String, String> options = Map.of(Log4jHarness.RAW_OPTIONS, filter);
        Log4jHarness h = Log4jHarness.start(FloodgateReloadTest.class, place, options);
        List<CountingAppender> appenders = new ArrayList<>();
        appenders.add(h.context.getConfiguration().getAppender("count"));
        AtomicBoolean running = new AtomicBoolean(true);
        LongAdder logged = new LongAdder();
        CountDownLatch started = new CountDownLatch(THREADS);
        List<Thread> threads = new ArrayList<>();
        try {
            for (int n = 0; n < THREADS; n++) {
                Logger log = h.context.getLogger("app.Db" + n);
                threads.add(new Thread(() -> {
                    started.countDown();
                    for (int i = 0; i < MIN_CALLS_EACH || running.get(); i++) {
                        log.error("Connection to {} failed", i);
                        logged.increment();
                    }
                }, "flood-" + n));
            }
            threads.forEach(Thread::start);
            assertThat(started.await(30, TimeUnit.SECONDS)).isTrue();
            for (int i = 0; i < reloads; i++) {
                h.context.reconfigure(Log4jHarness.parse(h.context,
                        Log4jHarness.xml(FloodgateReloadTest.class, place, options)));
                appenders.add(h.context.getConfiguration().getAppender("count"));
            }
        } finally {
            running.set(false);
            for (Thread thread : threads) {
                thread.join();
            }
            h.close();
        }
        Run run = new Run();
        for (CountingAppender a : appenders) {
            run.written += a.writtenTotal();
            run.summarized += a.summarizedTotal();
            run.afterStop += a.afterStop();
        }
        run.logged = logged.sum();
        assertThat(h.status.floodgateMessages()).as("Floodgate status messages").isEmpty();
        return run;
    }

    @ParameterizedTest
    @ValueSource(strings = {"contextWide", "appender"})
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void reload100Times_duringAFlood_passesNoMoreThanTheFrameworkLetsThrough(String place)
            throws InterruptedException {
        TestClock.reset(getClass().getSimpleName());
        Run quiet = flood(place, FLOODGATE, 0);
        TestClock.reset(getClass().getSimpleName());
        Run reloaded = flood(place, FLOODGATE, RELOADS);
        Run floor = flood(place, DENY_ALL, RELOADS);

        System.out.printf("figures: %s, %d reloads under %d threads: without reloads %s; with reloads %s; "
                + "DenyAllFilter with reloads %s%n", place, RELOADS, THREADS, quiet, reloaded, floor);
        assertThat(quiet.written).as("lines passed without reloads").isEqualTo(16);
        assertThat(reloaded.written).as("lines passed with %d reloads (floor %d)", RELOADS, floor.written)
                .isLessThanOrEqualTo(quiet.written + floor.written + SLACK);
        assertThat(reloaded.written + reloaded.summarized).as("written + summarized (%s)", reloaded)
                .isEqualTo(reloaded.logged);
    }

    @ParameterizedTest
    @ValueSource(strings = {"contextWide", "appender"})
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void reload1000Times_releasesEveryReplacedFilterAndCountsExactly(String place) {
        TestClock.reset(getClass().getSimpleName());
        Map<String, String> options = Map.of(Log4jHarness.RAW_OPTIONS, FLOODGATE);
        Log4jHarness h = Log4jHarness.start(FloodgateReloadTest.class, place, options);
        List<WeakReference<Object>> replaced = new ArrayList<>();
        long written = 0;
        long summarized = 0;
        long summaries = 0;
        Logger log = h.context.getLogger("app.Db");
        CountingAppender current;
        try {
            for (int i = 0; i < 1_000; i++) {
                log.error("Connection to {} failed", i);
                replaced.add(new WeakReference<>(h.onlyFloodgate()));
                CountingAppender replacedAppender = h.context.getConfiguration().getAppender("count");
                h.context.reconfigure(Log4jHarness.parse(h.context,
                        Log4jHarness.xml(FloodgateReloadTest.class, place, options)));
                written += replacedAppender.writtenTotal(); // stopped now: its counts are final
                summarized += replacedAppender.summarizedTotal();
                summaries += replacedAppender.summaries();
            }
            log.error("Connection to {} failed", -1);
            current = h.context.getConfiguration().getAppender("count");
        } finally {
            h.close();
        }
        written += current.writtenTotal();
        summarized += current.summarizedTotal();
        summaries += current.summaries();

        long alive = replaced.size();
        for (int attempt = 0; attempt < 50 && alive > 0; attempt++) {
            System.gc();
            alive = replaced.stream().filter(r -> r.get() != null).count();
        }
        System.out.printf("figures: %s, 1,000 reloads: replaced filters still reachable %d; written %d, summarized"
                + " %d%n", place, alive, written, summarized);

        assertThat(alive).as("replaced filters still reachable after 1,000 reloads").isZero();
        assertThat(written).as("only the first burst").isEqualTo(16);
        assertThat(summarized).isEqualTo(1_001 - 16);
        assertThat(summaries).as("one summary, not one per reload").isEqualTo(1);
    }
}
