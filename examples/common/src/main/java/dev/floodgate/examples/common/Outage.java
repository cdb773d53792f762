package dev.floodgate.examples.common;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntConsumer;
import java.util.concurrent.locks.LockSupport;

/**
 * A simulated outage, in real time: several threads log the same failure tens of thousands of times, evenly spread
 * over the length of the outage, while one thread keeps logging normal requests, during the outage and for a quiet
 * period after it.
 *
 * <p>Immutable; {@link #run} may be called from any thread and blocks until the outage and the quiet period are
 * over.
 */
public final class Outage {

    /** Failures logged between two checks of the pace. */
    private static final int PACE_BATCH = 16;

    private final int threads;
    private final int failuresPerThread;
    private final Duration length;
    private final Duration quietAfter;
    private final Duration requestEvery;

    private Outage(int threads, int failuresPerThread, Duration length, Duration quietAfter, Duration requestEvery) {
        this.threads = threads;
        this.failuresPerThread = failuresPerThread;
        this.length = length;
        this.quietAfter = quietAfter;
        this.requestEvery = requestEvery;
    }

    /**
     * Returns an outage of {@code threads} threads, each logging {@code failuresPerThread} failures over
     * {@code length}, followed by {@code quietAfter} of normal traffic only; a normal request is logged every
     * {@code requestEvery} from start to end.
     *
     * @throws IllegalArgumentException if a count is below 1 or a duration is negative (or zero, for the outage's
     *     length and the request spacing)
     * @throws NullPointerException if a duration is null
     */
    public static Outage of(int threads, int failuresPerThread, Duration length, Duration quietAfter,
            Duration requestEvery) {
        if (threads < 1 || failuresPerThread < 1) {
            throw new IllegalArgumentException("threads and failuresPerThread must be >= 1, were " + threads + " and "
                    + failuresPerThread);
        }
        if (length.isNegative() || length.isZero() || requestEvery.isNegative() || requestEvery.isZero()
                || quietAfter.isNegative()) {
            throw new IllegalArgumentException("length and requestEvery must be > 0 and quietAfter >= 0, were "
                    + length + ", " + requestEvery + " and " + quietAfter);
        }
        return new Outage(threads, failuresPerThread, length, quietAfter, requestEvery);
    }

    /** Returns the number of failures {@link #run} logs. */
    public long failures() {
        return (long) threads * failuresPerThread;
    }

    /** Returns the number of failing threads. */
    public int threads() {
        return threads;
    }

    /** Returns how long the failures go on. */
    public Duration length() {
        return length;
    }

    /**
     * Runs the outage: calls {@code failure} with an order number {@link #failures()} times from {@link #threads()}
     * threads, and {@code request} with a request number from one more thread, until the outage and the quiet
     * period after it are over.
     *
     * @param failure logs one failure; called concurrently
     * @param request logs one normal request
     * @return what was logged
     * @throws InterruptedException if the calling thread is interrupted while waiting
     * @throws IllegalStateException if a logging call threw
     */
    public Counts run(IntConsumer failure, IntConsumer request) throws InterruptedException {
        Objects.requireNonNull(failure, "failure");
        Objects.requireNonNull(request, "request");
        CountDownLatch go = new CountDownLatch(1);
        AtomicLong failed = new AtomicLong();
        AtomicLong requests = new AtomicLong();
        List<Throwable> errors = new ArrayList<>();
        long lengthNanos = length.toNanos();
        long[] start = new long[1];
        List<Thread> flood = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int firstOrder = 10_000 + t * failuresPerThread;
            flood.add(thread("payment-worker-" + (t + 1), errors, () -> {
                go.await();
                for (int i = 0; i < failuresPerThread; i++) {
                    failure.accept(firstOrder + i);
                    failed.incrementAndGet();
                    if (i % PACE_BATCH == PACE_BATCH - 1) {
                        parkUntil(start[0] + lengthNanos * (i + 1) / failuresPerThread);
                    }
                }
            }));
        }
        long endNanos = lengthNanos + quietAfter.toNanos();
        long spacing = requestEvery.toNanos();
        Thread web = thread("http-worker", errors, () -> {
            go.await();
            int n = 1;
            for (long at = start[0]; at - start[0] < endNanos; at += spacing) {
                parkUntil(at);
                request.accept(n++);
                requests.incrementAndGet();
            }
        });
        start[0] = System.nanoTime();
        flood.forEach(Thread::start);
        web.start();
        go.countDown();
        for (Thread t : flood) {
            t.join();
        }
        web.join();
        synchronized (errors) {
            if (!errors.isEmpty()) {
                throw new IllegalStateException("a logging call failed", errors.get(0));
            }
        }
        return new Counts(threads, failed.get(), requests.get(), Duration.ofNanos(System.nanoTime() - start[0]));
    }

    private static Thread thread(String name, List<Throwable> errors, Work work) {
        Thread thread = new Thread(() -> {
            try {
                work.run();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (RuntimeException | Error e) {
                synchronized (errors) {
                    errors.add(e);
                }
            }
        }, name);
        thread.setDaemon(true);
        return thread;
    }

    private static void parkUntil(long nanoTime) {
        for (long wait = nanoTime - System.nanoTime(); wait > 0; wait = nanoTime - System.nanoTime()) {
            LockSupport.parkNanos(wait);
        }
    }

    @FunctionalInterface
    private interface Work {
        void run() throws InterruptedException;
    }

    /** What an outage logged. Immutable. */
    public static final class Counts {
        private final int threads;
        private final long failures;
        private final long requests;
        private final Duration took;

        Counts(int threads, long failures, long requests, Duration took) {
            this.threads = threads;
            this.failures = failures;
            this.requests = requests;
            this.took = took;
        }

        /** Returns the number of threads that logged failures. */
        public int threads() {
            return threads;
        }

        /** Returns the failures logged. */
        public long failures() {
            return failures;
        }

        /** Returns the normal requests logged. */
        public long requests() {
            return requests;
        }

        /** Returns all messages logged. */
        public long messages() {
            return failures + requests;
        }

        /** Returns how long the outage and the quiet period took. */
        public Duration took() {
            return took;
        }
    }
}
