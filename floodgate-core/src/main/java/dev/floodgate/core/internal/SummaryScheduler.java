package dev.floodgate.core.internal;

/**
 * Where a filter's summary task runs: each adapter implements it with its framework's scheduler (the Logback
 * context's executor, the Log4j2 configuration's scheduler), so that one thread of the framework serves every filter.
 *
 * <p>Implementations are thread-safe.
 */
public interface SummaryScheduler {

    /**
     * Runs {@code task} every {@code periodMillis}, the first time one period from now.
     *
     * @return what cancels the task
     * @throws RuntimeException if the scheduler refuses the task; nothing is scheduled then
     */
    Scheduled schedule(Runnable task, long periodMillis);

    /** A scheduled task. */
    interface Scheduled {
        /**
         * Cancels the task, letting a run under way finish, and lets go of it: a cancelled task holds neither the
         * filter nor its engine. Idempotent.
         */
        void cancel();
    }
}
