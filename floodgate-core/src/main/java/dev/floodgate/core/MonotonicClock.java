package dev.floodgate.core;

/**
 * Epoch milliseconds anchored to the wall clock once and advanced by {@link System#nanoTime()}.
 *
 * <p>Thread-safe and allocation-free. Never steps backwards within one JVM.
 */
final class MonotonicClock implements Clock {

    static final MonotonicClock INSTANCE = new MonotonicClock();

    private static final long NANOS_PER_MILLI = 1_000_000L;

    private final long originMillis = System.currentTimeMillis();
    private final long originNanos = System.nanoTime();

    private MonotonicClock() {
    }

    @Override
    public long millis() {
        return originMillis + (System.nanoTime() - originNanos) / NANOS_PER_MILLI;
    }

    @Override
    public String toString() {
        return "MonotonicClock";
    }
}
