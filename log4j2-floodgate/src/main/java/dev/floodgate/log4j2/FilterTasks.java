package dev.floodgate.log4j2;

import dev.floodgate.core.TickingClock;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.ConfigurationScheduler;
import org.apache.logging.log4j.status.StatusLogger;

/**
 * The tasks a live {@link FloodgateFilter} runs on its configuration's scheduler: the summary task, which hands the
 * summaries that fell due to the writer thread, and, when the filter's clock is the default ticking clock, the
 * clock's tick.
 *
 * <p>Not thread-safe: guarded by the filter's lifecycle lock. Invariant: after {@link #cancel()} neither task is
 * scheduled until the next {@link #schedule}. The tasks hold nothing but the filter and the clock.
 */
final class FilterTasks {

    private static final org.apache.logging.log4j.Logger STATUS = StatusLogger.getLogger();

    private ScheduledFuture<?> summaries;
    private ScheduledFuture<?> ticks;

    /**
     * Schedules the summary task every {@code periodMillis}, and the clock's tick if {@code ticking} is not null. If
     * the scheduler refuses, says so as a status error: the summaries are then written only when the configuration
     * stops.
     */
    void schedule(Configuration configuration, FloodgateFilter filter, long periodMillis, TickingClock ticking) {
        try {
            ConfigurationScheduler scheduler = configuration.getScheduler();
            summaries = scheduler.scheduleWithFixedDelay(new SummaryTask(filter), periodMillis, periodMillis,
                    TimeUnit.MILLISECONDS);
            if (ticking != null) {
                ticks = scheduler.scheduleAtFixedRate(new TickTask(ticking), TickingClock.TICK_MILLIS,
                        TickingClock.TICK_MILLIS, TimeUnit.MILLISECONDS);
            }
        } catch (RuntimeException e) {
            STATUS.error("{}: cannot schedule summaries on the configuration's scheduler ({}); they are written "
                    + "only when the configuration stops", FloodgateFilter.PLUGIN_NAME, e.toString(), e);
        }
    }

    /** Cancels both tasks, letting a run under way finish. */
    void cancel() {
        if (summaries != null) {
            summaries.cancel(false);
            summaries = null;
        }
        if (ticks != null) {
            ticks.cancel(false);
            ticks = null;
        }
    }

    /** Returns whether the summary task is scheduled. */
    boolean summariesScheduled() {
        return summaries != null && !summaries.isDone();
    }

    /** Returns whether the clock's tick is scheduled. */
    boolean ticksScheduled() {
        return ticks != null && !ticks.isDone();
    }

    /** Ticks the filter's clock. */
    private static final class TickTask implements Runnable {
        private final TickingClock clock;

        TickTask(TickingClock clock) {
            this.clock = clock;
        }

        @Override
        public void run() {
            clock.tick();
        }

        @Override
        public String toString() {
            return "Floodgate clock";
        }
    }

    /** Hands the summaries that fell due to the filter's writer. */
    private static final class SummaryTask implements Runnable {
        private final FloodgateFilter filter;

        SummaryTask(FloodgateFilter filter) {
            this.filter = filter;
        }

        @Override
        public void run() {
            filter.publishDueSummaries();
        }

        @Override
        public String toString() {
            return "Floodgate summaries";
        }
    }
}
