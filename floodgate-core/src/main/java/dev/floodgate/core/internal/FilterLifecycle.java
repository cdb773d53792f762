package dev.floodgate.core.internal;

import dev.floodgate.core.FloodEngine;
import dev.floodgate.core.FloodgateConfig;
import java.util.Objects;

/**
 * The life of one filter's engine, the same in both adapters: going live (the summary task on the framework's
 * scheduler, the exit hook, monitoring), the periodic summaries, the handover of the engine to the filter that
 * replaces this one after a reload, and the stop that writes what is left. An adapter supplies only what its
 * framework differs in: a {@link SummaryScheduler}, a {@link SummaryPublisher.Sink} that writes summary events, and a
 * {@link FilterStatus}; it decides when to park, hand over and stop.
 *
 * <pre>
 *   NEW --start--> LIVE --park--> PARKED        (a reload stopped the filter; the engine waits for a successor)
 *   LIVE, PARKED --handOver--> HANDED_OVER      (a successor with equal settings continues the engine)
 *   NEW, LIVE, PARKED --stop--> STOPPED         (closes the engine and writes its last summaries)
 *   HANDED_OVER --stop--> HANDED_OVER           (only waits for the batch the writer took before the handover)
 * </pre>
 *
 * <p>Thread-safe: one lock serializes the transitions and the summary task's runs; no logging thread takes it, and
 * the summary writer thread takes none of it, so a slow appender holds only a stop (at most
 * {@link SummaryPublisher#STOP_TIMEOUT_MILLIS}) or a park (at most {@link SummaryPublisher#RELEASE_TIMEOUT_MILLIS}).
 * Invariants: the summary task is scheduled only while LIVE; a lifecycle that handed its engine over never closes it
 * nor takes its summaries again, so each count is written by exactly one lifecycle (or the JVM's exit hook); the
 * monitoring registration is closed once the lifecycle is parked, handed over or stopped.
 */
public final class FilterLifecycle {

    /** How long {@link #publishIfDueAndWait()} waits for the writer at most. */
    private static final long TEST_WAIT_MILLIS = 60_000L;

    private enum State { NEW, LIVE, PARKED, HANDED_OVER, STOPPED }

    private final FloodEngine engine;
    /** The class of the clock set on the filter, or null for the default: a successor must ask for the same. */
    private final Class<?> clockClass;
    private final SummaryPublisher publisher;
    private final FilterStatus status;
    private final CappedReports failures;
    private final Object lock = new Object();
    private State state = State.NEW; // guarded by lock
    private SummaryScheduler.Scheduled task; // guarded by lock; set only while LIVE
    private FilterRegistry.Registration registration; // guarded by lock

    /**
     * Creates the lifecycle of {@code engine}, new or continued from the filter this one replaces.
     *
     * @param clockClass the class of the clock set on the filter, or null for the default
     * @param sink where summary events are written
     * @param status where the writer's problems are reported
     * @param failures where failures to summarize are reported, capped
     * @param threadName the name of the summary writer thread
     * @throws NullPointerException if an argument but {@code clockClass} is null
     */
    public FilterLifecycle(FloodEngine engine, Class<?> clockClass, SummaryPublisher.Sink sink, FilterStatus status,
            CappedReports failures, String threadName) {
        this.engine = Objects.requireNonNull(engine, "engine");
        this.clockClass = clockClass;
        this.status = Objects.requireNonNull(status, "status");
        this.failures = Objects.requireNonNull(failures, "failures");
        this.publisher = new SummaryPublisher(engine, sink, status, threadName);
    }

    /** Returns the engine. */
    public FloodEngine engine() {
        return engine;
    }

    /** Returns the class of the clock set on the filter, or null for the default. */
    public Class<?> clockClass() {
        return clockClass;
    }

    /**
     * Registers the engine for monitoring ({@link FilterRegistry#global()}) as {@code name} of {@code framework},
     * closing an earlier registration; a monitoring problem is reported as a warning and the filter works on.
     */
    public void register(String framework, String name) {
        synchronized (lock) {
            closeRegistration();
            registration = FilterRegistry.global().register(framework, name, engine,
                    problem -> status.warn(problem, null));
        }
    }

    /**
     * Goes live: schedules the summary task every {@code summaryInterval} on {@code scheduler}, and makes the JVM's
     * exit stop this lifecycle if nothing stops it before. Does nothing unless NEW.
     *
     * @param scheduler the framework's scheduler, or null for none: the summaries are then written at the stop only
     * @throws RuntimeException what the scheduler threw when it refused the task; the lifecycle is still NEW then
     */
    public void start(SummaryScheduler scheduler) {
        synchronized (lock) {
            if (state != State.NEW) {
                return;
            }
            if (scheduler != null) {
                task = scheduler.schedule(new SummaryTask(this), engine.config().summaryIntervalMillis());
            }
            publisher.stopAtExit();
            state = State.LIVE;
        }
    }

    /** Returns whether the lifecycle is live: started, and not parked, handed over or stopped. */
    public boolean isLive() {
        synchronized (lock) {
            return state == State.LIVE;
        }
    }

    /** Returns whether the engine was handed over to the filter that replaces this one. */
    public boolean isHandedOver() {
        synchronized (lock) {
            return state == State.HANDED_OVER;
        }
    }

    /** Returns whether the summary task is scheduled. */
    public boolean isScheduled() {
        synchronized (lock) {
            return task != null;
        }
    }

    /**
     * Hands the summaries of the period that ended, if one did, to the writer thread; the summary task runs it. Does
     * nothing unless LIVE, and never waits for the sink. A failure is reported (capped) and the counts stay in the
     * engine.
     *
     * @return whether a batch was handed over
     */
    public boolean publishIfDue() {
        synchronized (lock) {
            if (state != State.LIVE) {
                return false;
            }
            try {
                return publisher.publishIfDue();
            } catch (RuntimeException e) {
                failures.error("could not summarize: " + e, e);
                return false;
            }
        }
    }

    /** As {@link #publishIfDue()}, then waits until the summaries are written; for tests that move their clock. */
    public void publishIfDueAndWait() {
        try {
            publisher.awaitIdle(TEST_WAIT_MILLIS);
            publishIfDue();
            publisher.awaitIdle(TEST_WAIT_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Parks the engine for the filter that replaces this one after a reload: cancels the summary task, closes the
     * registration, and waits (at most {@link SummaryPublisher#RELEASE_TIMEOUT_MILLIS}) until the writer has written
     * the batch it took, while the appenders that saw its events still run. The engine stays open for
     * {@link #handOver} or {@link #stop()}. Does nothing unless NEW or LIVE.
     */
    public void park() {
        synchronized (lock) {
            if (state != State.NEW && state != State.LIVE) {
                return;
            }
            state = State.PARKED;
            cancelTask();
            publisher.release();
            closeRegistration();
        }
    }

    /**
     * Hands the engine over to the filter that replaces this one, if {@code config} equals the engine's and
     * {@code clockClass} is this one's: cancels the summary task; from now on this lifecycle takes no summary and never
     * closes the engine, which the successor continues with its pending counts. Changes nothing otherwise.
     *
     * @return the engine to continue, or null if this lifecycle is not LIVE or PARKED or the settings differ
     */
    public FloodEngine handOver(FloodgateConfig config, Class<?> clockClass) {
        synchronized (lock) {
            if ((state != State.LIVE && state != State.PARKED) || this.clockClass != clockClass
                    || !engine.config().equals(config)) {
                return null;
            }
            state = State.HANDED_OVER;
            cancelTask();
            return engine;
        }
    }

    /**
     * Stops: cancels the summary task, closes the registration and, unless the engine was handed over, closes the
     * engine and writes everything still untold (waiting at most {@link SummaryPublisher#STOP_TIMEOUT_MILLIS}; what
     * cannot be written is reported with its count). A handed-over engine is only released: the writer finishes the
     * batch it took, while the appenders it goes to still run, and stays handed over. Idempotent.
     */
    public void stop() {
        synchronized (lock) {
            if (state == State.STOPPED) {
                return;
            }
            cancelTask();
            try {
                if (state == State.HANDED_OVER) {
                    publisher.release();
                } else {
                    state = State.STOPPED;
                    publisher.stop();
                }
            } catch (RuntimeException e) {
                failures.error("could not write the final summaries: " + e, e);
            } finally {
                closeRegistration();
            }
        }
    }

    private void cancelTask() {
        if (task != null) {
            task.cancel();
            task = null;
        }
    }

    private void closeRegistration() {
        if (registration != null) {
            registration.close();
            registration = null;
        }
    }

    /** The scheduled task: hands the summaries that fell due to the writer. Holds only the lifecycle. */
    private static final class SummaryTask implements Runnable {
        private final FilterLifecycle lifecycle;

        SummaryTask(FilterLifecycle lifecycle) {
            this.lifecycle = lifecycle;
        }

        @Override
        public void run() {
            lifecycle.publishIfDue();
        }

        @Override
        public String toString() {
            return "Floodgate summaries";
        }
    }
}
