package dev.floodgate.core.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floodgate.core.FloodEngine;
import dev.floodgate.core.FloodgateConfig;
import dev.floodgate.core.ManualClock;
import dev.floodgate.core.summary.SuppressionSummary;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(30)
class FilterLifecycleTest {

    private static final FloodgateConfig CONFIG = FloodgateConfig.parse(Map.of("summaryInterval", "1 second"));

    private final ManualClock clock = new ManualClock(1_700_000_000_000L);
    private final FloodEngine engine = new FloodEngine(CONFIG, clock);
    private final Recorder recorder = new Recorder();
    private final ManualScheduler scheduler = new ManualScheduler();
    private final List<FilterLifecycle> started = new ArrayList<>();
    private long suppressed;

    private FilterLifecycle lifecycle(FloodEngine of, Recorder into) {
        FilterLifecycle l = new FilterLifecycle(of, ManualClock.class, into, into, new CappedReports(into, 2),
                "test-summaries");
        started.add(l);
        return l;
    }

    @AfterEach
    void stopAll() {
        started.forEach(FilterLifecycle::stop);
    }

    private void flood(FloodEngine into, int calls) {
        for (int i = 0; i < calls; i++) {
            suppressed += into.suppress("A {}", true, "com.acme.Db", "ERROR", null) ? 1 : 0;
        }
    }

    @Test
    void start_schedulesTheSummaryTaskEverySummaryInterval() {
        FilterLifecycle l = lifecycle(engine, recorder);

        l.start(scheduler);

        assertThat(scheduler.periods).containsExactly(1_000L);
        assertThat(l.isScheduled()).isTrue();
        assertThat(l.isLive()).isTrue();
    }

    @Test
    void start_schedulerRefuses_throwsAndStaysNew() {
        FilterLifecycle l = lifecycle(engine, recorder);
        scheduler.refuse = true;

        assertThatThrownBy(() -> l.start(scheduler)).isInstanceOf(IllegalStateException.class);
        assertThat(l.isLive()).isFalse();
        assertThat(l.isScheduled()).isFalse();
    }

    @Test
    void start_withoutScheduler_isLiveAndUnscheduled() {
        FilterLifecycle l = lifecycle(engine, recorder);

        l.start(null);

        assertThat(l.isLive()).isTrue();
        assertThat(l.isScheduled()).isFalse();
    }

    @Test
    void summaryTask_afterAnInterval_writesTheSuppressedCount() {
        FilterLifecycle l = lifecycle(engine, recorder);
        l.start(scheduler);
        flood(engine, 40);
        clock.advanceMillis(1_000);

        scheduler.runAll();
        l.publishIfDueAndWait();

        assertThat(suppressed).isPositive();
        assertThat(recorder.suppressed()).isEqualTo(suppressed);
    }

    @Test
    void publishIfDue_beforeStart_writesNothing() {
        FilterLifecycle l = lifecycle(engine, recorder);
        flood(engine, 40);
        clock.advanceMillis(1_000);

        l.publishIfDueAndWait();

        assertThat(recorder.written).isEmpty();
    }

    @Test
    void publishIfDue_sinkNotReady_keepsTheCountsForLater() {
        FilterLifecycle l = lifecycle(engine, recorder);
        l.start(scheduler);
        flood(engine, 40);
        clock.advanceMillis(1_000);
        recorder.ready = false;
        l.publishIfDueAndWait();
        assertThat(recorder.written).isEmpty();

        recorder.ready = true;
        l.publishIfDueAndWait();

        assertThat(recorder.suppressed()).isEqualTo(suppressed);
    }

    @Test
    void publishIfDue_failingRepeatedly_reportsUpToTheCapThenNothing() {
        FilterLifecycle l = lifecycle(engine, recorder);
        l.start(scheduler);
        recorder.failReady = true;

        for (int i = 0; i < 5; i++) {
            l.publishIfDue();
        }

        assertThat(recorder.errors).containsExactly("could not summarize: java.lang.IllegalStateException: not ready",
                "could not summarize: java.lang.IllegalStateException: not ready" + CappedReports.SUPPRESSED);
    }

    @Test
    void stop_writesThePendingCountsAndCancelsTheTask() {
        FilterLifecycle l = lifecycle(engine, recorder);
        l.start(scheduler);
        flood(engine, 40);

        l.stop();

        assertThat(recorder.suppressed()).isEqualTo(suppressed);
        assertThat(engine.isClosed()).isTrue();
        assertThat(scheduler.cancelled).isEqualTo(1);
        assertThat(l.isScheduled()).isFalse();
        assertThat(l.isLive()).isFalse();
    }

    @Test
    void stop_twice_writesOnce() {
        FilterLifecycle l = lifecycle(engine, recorder);
        l.start(scheduler);
        flood(engine, 40);

        l.stop();
        l.stop();

        assertThat(recorder.suppressed()).isEqualTo(suppressed);
        assertThat(scheduler.cancelled).isEqualTo(1);
    }

    @Test
    void register_thenStop_identityIsLiveOnlyUntilTheStop() {
        FilterLifecycle l = lifecycle(engine, recorder);
        String name = "lifecycle-" + System.nanoTime();
        l.register("logback", name);
        l.start(scheduler);
        assertThat(liveNames()).contains(name);

        l.stop();

        assertThat(liveNames()).doesNotContain(name);
    }

    @Test
    void park_cancelsTheTaskAndLeavesTheEngineOpen() {
        FilterLifecycle l = lifecycle(engine, recorder);
        l.start(scheduler);
        flood(engine, 40);

        l.park();

        assertThat(scheduler.cancelled).isEqualTo(1);
        assertThat(engine.isClosed()).isFalse();
        assertThat(recorder.written).isEmpty();
    }

    @Test
    void park_thenStop_writesThePendingCounts() {
        FilterLifecycle l = lifecycle(engine, recorder);
        l.start(scheduler);
        flood(engine, 40);
        l.park();

        l.stop();

        assertThat(recorder.suppressed()).isEqualTo(suppressed);
        assertThat(engine.isClosed()).isTrue();
    }

    @Test
    void handOver_equalSettings_successorWritesEveryPendingCount() {
        FilterLifecycle old = lifecycle(engine, recorder);
        old.start(scheduler);
        flood(engine, 40);

        FloodEngine continued = old.handOver(CONFIG, ManualClock.class);
        Recorder next = new Recorder();
        FilterLifecycle successor = lifecycle(continued, next);
        successor.start(scheduler);
        flood(continued, 40);
        old.stop();
        successor.stop();

        assertThat(continued).isSameAs(engine);
        assertThat(recorder.written).isEmpty();
        assertThat(next.suppressed()).isEqualTo(suppressed);
    }

    @Test
    void handOver_thenStop_leavesTheEngineOpen() {
        FilterLifecycle old = lifecycle(engine, recorder);
        old.start(scheduler);
        old.handOver(CONFIG, ManualClock.class);

        old.stop();

        assertThat(engine.isClosed()).isFalse();
        assertThat(old.isHandedOver()).isTrue();
        engine.close();
    }

    @Test
    void handOver_ofAParkedEngine_returnsIt() {
        FilterLifecycle old = lifecycle(engine, recorder);
        old.start(scheduler);
        old.park();

        assertThat(old.handOver(CONFIG, ManualClock.class)).isSameAs(engine);
        engine.close();
    }

    @Test
    void handOver_differentSettings_returnsNullAndStaysLive() {
        FilterLifecycle old = lifecycle(engine, recorder);
        old.start(scheduler);

        FloodEngine continued = old.handOver(FloodgateConfig.parse(Map.of("summaryInterval", "2 seconds")),
                ManualClock.class);

        assertThat(continued).isNull();
        assertThat(old.isLive()).isTrue();
        assertThat(old.isScheduled()).isTrue();
    }

    @Test
    void handOver_differentClockClass_returnsNull() {
        FilterLifecycle old = lifecycle(engine, recorder);
        old.start(scheduler);

        assertThat(old.handOver(CONFIG, null)).isNull();
    }

    @Test
    void handOver_twice_returnsNullTheSecondTime() {
        FilterLifecycle old = lifecycle(engine, recorder);
        old.start(scheduler);
        old.handOver(CONFIG, ManualClock.class);

        assertThat(old.handOver(CONFIG, ManualClock.class)).isNull();
        engine.close();
    }

    @Test
    void handOver_ofAStoppedLifecycle_returnsNull() {
        FilterLifecycle old = lifecycle(engine, recorder);
        old.start(scheduler);
        old.stop();

        assertThat(old.handOver(CONFIG, ManualClock.class)).isNull();
    }

    private static List<String> liveNames() {
        List<String> names = new ArrayList<>();
        for (RegisteredFilter f : FilterRegistry.global().live()) {
            names.add(f.name());
        }
        return names;
    }

    /** A scheduler whose tasks run only when the test says so. */
    private static final class ManualScheduler implements SummaryScheduler {
        final List<Long> periods = new ArrayList<>();
        final List<Runnable> tasks = new ArrayList<>();
        int cancelled;
        boolean refuse;

        @Override
        public Scheduled schedule(Runnable task, long periodMillis) {
            if (refuse) {
                throw new IllegalStateException("refused");
            }
            periods.add(periodMillis);
            tasks.add(task);
            return () -> {
                cancelled++;
                tasks.remove(task);
            };
        }

        void runAll() {
            new ArrayList<>(tasks).forEach(Runnable::run);
        }
    }

    /** A sink and status that record what was written and reported. */
    private static final class Recorder implements SummaryPublisher.Sink, FilterStatus {
        final List<SuppressionSummary> written = new CopyOnWriteArrayList<>();
        final List<String> errors = new CopyOnWriteArrayList<>();
        volatile boolean ready = true;
        volatile boolean failReady;

        long suppressed() {
            return written.stream().mapToLong(SuppressionSummary::suppressed).sum();
        }

        @Override
        public void write(SuppressionSummary summary) {
            written.add(summary);
        }

        @Override
        public int severity(Object level) {
            return 0;
        }

        @Override
        public boolean ready() {
            if (failReady) {
                throw new IllegalStateException("not ready");
            }
            return ready;
        }

        @Override
        public void info(String message) {
            // not recorded
        }

        @Override
        public void warn(String message, Throwable cause) {
            errors.add(message);
        }

        @Override
        public void error(String message, Throwable cause) {
            errors.add(message);
        }
    }
}
