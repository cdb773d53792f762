package dev.floodgate.core.internal;

import dev.floodgate.core.FloodEngine;
import dev.floodgate.core.FloodgateConfig;
import dev.floodgate.core.summary.SuppressionSummary;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * Writes the summaries of one {@link FloodEngine} through an adapter's {@link Sink}, on a writer thread of its own:
 * a summary that fails to write is carried into the next one of its fingerprint, each batch has at most
 * {@link FloodgateConfig#maxSummaryLines()} lines, and a stop returns within {@link #STOP_TIMEOUT_MILLIS}. Once
 * {@link #stopAtExit()} armed it, the JVM's exit stops it if nothing stopped it before ({@link ExitHook}).
 *
 * <p>Thread-safe. {@link #publishIfDue()} never waits for the sink: it drains the engine and hands the batch to the
 * writer thread, or, while an earlier batch is still being written, leaves the counts in the engine for the next
 * call. No logging thread ever waits for this class: it holds no lock while the sink writes, and the engine's
 * counting path takes none of its locks. Invariant: every summary the engine returns is written exactly once, or
 * carried into a later summary, or named with its exact count in an error reported through the {@link FilterStatus}
 * at or after {@link #stop()}. Memory: at most one batch and the summaries carried from it, each at most
 * {@code maxKeys + 2} summaries (beyond that, the smallest carried ones are added into one "forgotten" summary).
 */
public final class SummaryPublisher {

    /** How long {@link #stop()} waits for the last summaries to be written, in milliseconds. */
    public static final long STOP_TIMEOUT_MILLIS = 2_000L;

    /**
     * How long {@link #release()} waits for the writer to write the batch it holds, in milliseconds: longer than a
     * stop's, because a reload must not cut short a write a busy machine merely delayed, and the reloading thread
     * (not an exiting JVM) is the one that waits.
     */
    public static final long RELEASE_TIMEOUT_MILLIS = 10_000L;

    /** The exit hook of this class loader, which every publisher arms by default. */
    private static final ExitHook EXITS = new ExitHook(ExitHook.springBootPresent(), STOP_TIMEOUT_MILLIS);

    /** How many failed writes are reported as warnings; the last says that further ones are not reported. */
    static final int MAX_WARNINGS = 5;

    /*
     * Writer thread:
     *  (1) One thread at a time, started for a batch and ending when the queue is empty, so an idle filter holds no
     *      thread. A daemon: a writer stuck in an appender never keeps the JVM alive.
     *  (2) `lock` guards the queue, the carried summaries and the flags; the sink is called without it, so stop()
     *      and publishIfDue() never wait for an appender.
     * Stop:
     *  (3) stop() closes the engine, merges what is carried into its last summaries, queues them behind any batch in
     *      progress and waits until the writer ends or STOP_TIMEOUT_MILLIS pass. Then everything not written is
     *      reported in one error: the summaries that failed, and those never tried (the writer is abandoned and tries
     *      no more). A summary still being written at that moment is named as such; if its write then fails, the
     *      writer reports it in an error of its own, so each count is reported exactly once.
     * Release (a reload, where another publisher continues the engine):
     *  (4) release() takes no batch any more and waits (at most RELEASE_TIMEOUT_MILLIS) until the writer has written
     *      the one it holds, so that the batch reaches the appenders of the configuration being replaced before they
     *      stop; it leaves the engine open. What the writer has not begun by the deadline is carried for the next
     *      publisher to write; a write still under way that then fails is carried as any failed write (a warning).
     */

    /** Where the summaries go: the adapter's side. Called by one thread at a time. */
    public interface Sink {
        /**
         * Writes one summary.
         *
         * @throws RuntimeException if it could not be written; its count is then carried or reported
         */
        void write(SuppressionSummary summary);

        /** Returns how severe a framework level is: larger is more severe. */
        int severity(Object level);

        /**
         * Returns whether summaries can reach the framework's appenders now; while not, {@link #publishIfDue()}
         * leaves the counts in the engine. Always ready unless the adapter says otherwise.
         */
        default boolean ready() {
            return true;
        }
    }

    private final FloodEngine engine;
    private final Sink sink;
    private final FilterStatus status;
    private final int maxLines;
    /** The most summaries a batch holds before lines are capped: a fresh batch never has more. */
    private final int maxEntries;
    private final String threadName;
    private final ExitHook exits;
    /** This publisher as the exit hook sees it. */
    private final ExitHook.Stoppable stopper = new Stopper();
    private final Object lock = new Object();
    private final ArrayDeque<SuppressionSummary> queue = new ArrayDeque<>(); // guarded by lock
    /** The engine's; shared with a publisher that continues the engine after a reload. */
    private final CarriedSummaries carried;
    private final List<SuppressionSummary> failedAtStop = new ArrayList<>(); // guarded by lock
    private Throwable lastFailure; // guarded by lock
    private SuppressionSummary inFlight; // guarded by lock
    private Thread writer; // guarded by lock; the running writer, or null
    private boolean closed; // guarded by lock
    private boolean finished; // guarded by lock; the stop that closed the engine has returned
    private boolean allWritten; // guarded by lock; valid once finished
    /** Whether {@link #release()} let go of the engine; guarded by lock. */
    private boolean released;
    private boolean abandoned; // guarded by lock
    private int warnings; // guarded by lock

    /**
     * Creates a publisher for {@code engine}'s summaries.
     *
     * @param sink where the summaries go
     * @param status where failures to write them are reported
     * @param threadName the name of the writer thread
     * @throws NullPointerException if an argument is null
     */
    public SummaryPublisher(FloodEngine engine, Sink sink, FilterStatus status, String threadName) {
        this(engine, sink, status, threadName, EXITS);
    }

    SummaryPublisher(FloodEngine engine, Sink sink, FilterStatus status, String threadName, ExitHook exits) {
        this.engine = Objects.requireNonNull(engine, "engine");
        this.sink = Objects.requireNonNull(sink, "sink");
        this.status = Objects.requireNonNull(status, "status");
        this.threadName = Objects.requireNonNull(threadName, "threadName");
        this.exits = exits;
        this.maxLines = engine.config().maxSummaryLines();
        this.maxEntries = engine.config().maxKeys() + 2;
        this.carried = CarriedSummaries.of(engine);
    }

    /**
     * Hands the summaries of the period that ended, if one did, to the writer thread, with the carried ones; does
     * nothing while an earlier batch is still being written, while the sink is not {@linkplain Sink#ready() ready},
     * or after {@link #release()} or {@link #stop()}. Never waits for the sink.
     *
     * @return whether a batch was handed over
     */
    public boolean publishIfDue() {
        synchronized (lock) {
            if (closed || released || writer != null || !sink.ready()) {
                return false;
            }
            List<SuppressionSummary> due = engine.summarizeIfDue();
            if (due.isEmpty() && carried.isEmpty()) {
                return false;
            }
            enqueue(due);
            return true;
        }
    }

    /**
     * Waits until no batch is being written, at most {@code timeoutMillis}; for tests and callers that write
     * synchronously.
     *
     * @return whether the writer was idle in time
     * @throws InterruptedException if interrupted while waiting
     */
    public boolean awaitIdle(long timeoutMillis) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        Thread started;
        synchronized (lock) {
            started = writer;
            awaitWriter(deadline);
        }
        return started == null || join(started, deadline);
    }

    /**
     * Makes the JVM's exit stop this publisher, as {@link #stop()} does, unless something stops it before; a filter
     * calls it when it goes live. A publisher that continues this one's engine after a reload takes its place when it
     * is armed in turn. Does nothing once stopped, or while the JVM exits.
     */
    public void stopAtExit() {
        synchronized (lock) {
            if (!closed) {
                exits.arm(engine, stopper); // lock order: this publisher's lock, then the hook's
            }
        }
    }

    /**
     * Stops: closes the engine, writes everything still untold (within {@link #STOP_TIMEOUT_MILLIS} of waiting) and
     * reports through {@link FilterStatus#error} every summary that could not be written, with its count;
     * idempotent. A stop that finds another one under way (the JVM's exit and the framework's own stop at the same
     * time) waits for it, at most {@link #STOP_TIMEOUT_MILLIS}, so that when either returns the last summaries have
     * been handed to the sink or reported.
     *
     * @return whether everything was written
     */
    public boolean stop() {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(STOP_TIMEOUT_MILLIS);
        return beginStop() ? finishStop(deadline) : awaitStopped(deadline);
    }

    /**
     * Closes the engine and queues its last summaries with the carried ones for the writer, unless a stop did so
     * before.
     *
     * @return whether this call closed the engine; then it must call {@link #finishStop(long)}
     */
    boolean beginStop() {
        RuntimeException failure;
        synchronized (lock) {
            if (closed) {
                return false;
            }
            closed = true;
            try {
                List<SuppressionSummary> last = engine.close();
                enqueue(carried.seal(), last);
                return true;
            } catch (RuntimeException e) {
                failure = e;
                finished = true;
                lock.notifyAll();
            }
        }
        exits.disarm(engine, stopper);
        throw failure;
    }

    /**
     * Ends the stop that {@link #beginStop()} began: waits for the writer until {@code deadline} (of
     * {@link System#nanoTime()}) and reports what it could not write.
     *
     * @return whether everything was written
     */
    boolean finishStop(long deadline) {
        Thread started;
        Thread running;
        List<SuppressionSummary> unwritten = new ArrayList<>();
        SuppressionSummary stillWriting;
        Throwable cause;
        synchronized (lock) {
            started = writer;
            boolean interrupted = false;
            try {
                running = awaitWriter(deadline);
            } catch (InterruptedException e) {
                interrupted = true;
                running = writer;
            }
            if (running != null) {
                abandoned = true;
                unwritten.addAll(queue);
                queue.clear();
            }
            stillWriting = inFlight;
            unwritten.addAll(failedAtStop);
            failedAtStop.clear();
            cause = lastFailure;
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
        if (started != null && running == null && !Thread.currentThread().isInterrupted()) {
            try {
                join(started, deadline);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        boolean written = unwritten.isEmpty() && stillWriting == null;
        try {
            if (!written) {
                status.error(stopReport(unwritten, stillWriting), cause);
            }
        } finally {
            synchronized (lock) {
                finished = true;
                allWritten = written;
                lock.notifyAll();
            }
            exits.disarm(engine, stopper);
        }
        return written;
    }

    /**
     * Waits until the stop that closed the engine has finished, at most until {@code deadline}.
     *
     * @return whether it finished in time and wrote everything
     */
    boolean awaitStopped(long deadline) {
        synchronized (lock) {
            try {
                while (!finished) {
                    long left = deadline - System.nanoTime();
                    if (left <= 0) {
                        return false;
                    }
                    TimeUnit.NANOSECONDS.timedWait(lock, left);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
            return allWritten;
        }
    }

    /**
     * Lets go of the engine, which the publisher of a filter that continues it after a reload writes for from now on:
     * takes no batch any more ({@link #publishIfDue()} does nothing), and waits, at most
     * {@link #RELEASE_TIMEOUT_MILLIS}, until the writer has written the batch it holds; if it has not by then, carries
     * the summaries it has not begun into the engine's next ones (or reports them, if the engine's last summaries
     * were taken already). Called before the appenders its summaries go to stop, so that none reaches them stopped.
     * Leaves the engine open: {@link #stop()} still closes it and writes what it holds. Idempotent.
     *
     * @return whether the writer had written its batch in time
     */
    public boolean release() {
        return release(RELEASE_TIMEOUT_MILLIS);
    }

    /** As {@link #release()}, waiting at most {@code timeoutMillis}. */
    boolean release(long timeoutMillis) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        List<SuppressionSummary> untried = new ArrayList<>();
        List<SuppressionSummary> refused = new ArrayList<>();
        Thread running;
        synchronized (lock) {
            released = true;
            try {
                running = awaitWriter(deadline);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                running = writer;
            }
            if (running != null) {
                untried.addAll(queue);
                queue.clear();
                for (SuppressionSummary s : untried) {
                    if (!carried.add(s)) {
                        refused.add(s);
                    }
                }
            }
        }
        if (!refused.isEmpty()) {
            status.error(stopReport(refused, null), null);
        }
        return running == null;
    }

    /** Queues the merged, bounded and capped batch of {@code fresh} and the carried summaries for the writer. */
    private void enqueue(List<SuppressionSummary> fresh) {
        enqueue(carried.takeAll(), fresh);
    }

    private void enqueue(List<SuppressionSummary> carriedNow, List<SuppressionSummary> fresh) {
        List<SuppressionSummary> merged = SummaryLines.bounded(SummaryLines.merge(carriedNow, fresh), maxEntries);
        queue.addAll(SummaryLines.capped(merged, maxLines, sink::severity));
        if (writer == null && !queue.isEmpty()) {
            Thread t = new Thread(this::drain, threadName);
            t.setDaemon(true);
            writer = t;
            t.start();
        }
    }

    /** The writer thread: writes queued summaries until the queue is empty or a stop abandons it. */
    private void drain() {
        try {
            while (true) {
                SuppressionSummary next;
                synchronized (lock) {
                    if (abandoned || queue.isEmpty()) {
                        return;
                    }
                    next = queue.poll();
                    inFlight = next;
                }
                RuntimeException failure = null;
                try {
                    sink.write(next);
                } catch (RuntimeException e) {
                    failure = e;
                }
                if (failure != null) {
                    failed(next, failure);
                }
                synchronized (lock) {
                    inFlight = null;
                }
            }
        } finally {
            synchronized (lock) {
                writer = null;
                inFlight = null;
                lock.notifyAll();
            }
        }
    }

    private void failed(SuppressionSummary summary, RuntimeException e) {
        String warning = null;
        boolean lateError;
        synchronized (lock) {
            lastFailure = e;
            lateError = abandoned;
            if (!closed && !carried.add(summary)) {
                // The engine's last summaries were taken by the publisher of a filter that continued it after a
                // reload and has stopped since: nothing will write this one, so it is reported now.
                lateError = true;
            } else if (!closed) {
                if (warnings < MAX_WARNINGS) {
                    warnings++;
                    warning = "could not write a summary; its count is carried into the next one: "
                            + summary.message() + ": " + e + (warnings == MAX_WARNINGS
                                    ? " (further failures to write a summary are not reported until the filter stops)"
                                    : "");
                }
            } else if (!abandoned) {
                failedAtStop.add(summary);
            }
        }
        if (warning != null) {
            status.warn(warning, e);
        } else if (lateError) {
            status.error("the summary that was still being written when the filter stopped could not be written: "
                    + summary.message() + ": " + e, e);
        }
    }

    /** Waits, holding {@code lock}, until the writer ends or the deadline passes; returns the writer still running. */
    private Thread awaitWriter(long deadline) throws InterruptedException {
        while (writer != null) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                break;
            }
            TimeUnit.NANOSECONDS.timedWait(lock, left);
        }
        return writer;
    }

    private static boolean join(Thread thread, long deadline) throws InterruptedException {
        long left = deadline - System.nanoTime();
        if (left > 0) {
            TimeUnit.NANOSECONDS.timedJoin(thread, left);
        }
        return !thread.isAlive();
    }

    private String stopReport(List<SuppressionSummary> unwritten, SuppressionSummary stillWriting) {
        long total = 0;
        for (SuppressionSummary s : unwritten) {
            total += s.suppressed();
        }
        StringBuilder sb = new StringBuilder(128);
        if (!unwritten.isEmpty()) {
            sb.append(String.format(Locale.ROOT, "%,d %s, of %,d suppressed %s in all, could not be written when the"
                    + " filter stopped, so they are reported here:", unwritten.size(),
                    unwritten.size() == 1 ? "summary" : "summaries", total, total == 1 ? "message" : "messages"));
            for (SuppressionSummary s : unwritten) {
                sb.append("\n  ").append(s.message());
            }
        }
        if (stillWriting != null) {
            sb.append(unwritten.isEmpty() ? "" : "\n").append(String.format(Locale.ROOT, "one more summary was still"
                    + " being written after %,d ms (%,d suppressed, fingerprint %s); if that write fails, it is"
                    + " reported in an error of its own", STOP_TIMEOUT_MILLIS, stillWriting.suppressed(),
                    stillWriting.fields().get(SuppressionSummary.FIELD_FINGERPRINT)));
        }
        return sb.toString();
    }

    /** What the exit hook calls: the stop, in two steps so that all publishers stop at once with one deadline. */
    private final class Stopper implements ExitHook.Stoppable {
        @Override
        public boolean beginStop() {
            return SummaryPublisher.this.beginStop();
        }

        @Override
        public boolean finishStop(long deadline) {
            return SummaryPublisher.this.finishStop(deadline);
        }

        @Override
        public boolean awaitStopped(long deadline) {
            return SummaryPublisher.this.awaitStopped(deadline);
        }
    }
}
