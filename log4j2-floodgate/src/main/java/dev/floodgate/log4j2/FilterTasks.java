package dev.floodgate.log4j2;

import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.ConfigurationScheduler;
import org.apache.logging.log4j.status.StatusLogger;

/**
 * The task a live {@link FloodgateFilter} runs on its configuration's scheduler: the summary task, which hands the
 * summaries that fell due to the writer thread. (The default ticking clock ticks itself.)
 *
 * <p>Not thread-safe: guarded by the filter's lifecycle lock. Invariant: after {@link #cancel()} the task is not
 * scheduled until the next {@link #schedule}. The task holds nothing but the filter.
 */
final class FilterTasks {

    private static final org.apache.logging.log4j.Logger STATUS = StatusLogger.getLogger();

    private ScheduledFuture<?> summaries;

    /**
     * Schedules the summary task every {@code periodMillis}. If the scheduler refuses, says so as a status error: the
     * summaries are then written only when the configuration stops.
     */
    void schedule(Configuration configuration, FloodgateFilter filter, long periodMillis) {
        try {
            ConfigurationScheduler scheduler = configuration.getScheduler();
            summaries = scheduler.scheduleWithFixedDelay(new SummaryTask(filter), periodMillis, periodMillis,
                    TimeUnit.MILLISECONDS);
        } catch (RuntimeException e) {
            STATUS.error("{}: cannot schedule summaries on the configuration's scheduler ({}); they are written "
                    + "only when the configuration stops", FloodgateFilter.PLUGIN_NAME, e.toString(), e);
        }
    }

    /** Cancels the task, letting a run under way finish. */
    void cancel() {
        if (summaries != null) {
            summaries.cancel(false);
            summaries = null;
        }
    }

    /** Returns whether the summary task is scheduled. */
    boolean summariesScheduled() {
        return summaries != null && !summaries.isDone();
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
