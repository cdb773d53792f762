package dev.floodgate.core;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

/** Runs a decision from many threads released together, for tests of the thread-safe wrappers. */
final class ConcurrentCalls {

    private ConcurrentCalls() {
    }

    /** Returns how many of {@code threads × callsEach} calls of {@code decide} returned true. */
    static int allowedOf(int threads, int callsEach, BooleanSupplier decide) throws InterruptedException {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        CountDownLatch start = new CountDownLatch(1);
        CountDownLatch done = new CountDownLatch(threads);
        AtomicInteger allowed = new AtomicInteger();
        try {
            for (int t = 0; t < threads; t++) {
                pool.execute(() -> {
                    try {
                        start.await();
                        for (int i = 0; i < callsEach; i++) {
                            if (decide.getAsBoolean()) {
                                allowed.incrementAndGet();
                            }
                        }
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    } finally {
                        done.countDown();
                    }
                });
            }
            start.countDown();
            if (!done.await(30, TimeUnit.SECONDS)) {
                throw new AssertionError("callers did not finish within 30 s");
            }
            return allowed.get();
        } finally {
            pool.shutdownNow();
        }
    }
}
