package dev.floodgate.logback;

import ch.qos.logback.core.Context;
import dev.floodgate.core.internal.SummaryScheduler;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * A Logback context's scheduled executor as the scheduler of a filter's summary task; the context cancels the task
 * when it stops, and so does the filter's lifecycle.
 *
 * <p>Thread-safe: the context's executor is.
 */
final class ContextScheduler implements SummaryScheduler {

    private final Context context;

    ContextScheduler(Context context) {
        this.context = context;
    }

    @Override
    public Scheduled schedule(Runnable task, long periodMillis) {
        ScheduledExecutorService executor = context.getScheduledExecutorService();
        ScheduledFuture<?> future = executor.scheduleAtFixedRate(task, periodMillis, periodMillis,
                TimeUnit.MILLISECONDS);
        Scheduled scheduled = () -> cancel(executor, future);
        try {
            context.addScheduledFuture(future);
        } catch (RuntimeException e) {
            scheduled.cancel();
            throw e;
        }
        return scheduled;
    }

    /**
     * Cancels a task and takes it out of the executor's queue: Logback's executor keeps a cancelled task queued until
     * its next run is due (a whole summary interval, up to a day), and with it the filter's engine, so each
     * reconfiguration would leave one behind.
     */
    private static void cancel(ScheduledExecutorService executor, ScheduledFuture<?> future) {
        future.cancel(false);
        if (executor instanceof ScheduledThreadPoolExecutor && future instanceof Runnable) {
            ((ScheduledThreadPoolExecutor) executor).remove((Runnable) future);
        }
    }
}
