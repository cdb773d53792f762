package dev.floodgate.core;

/**
 * The time of {@link Clock#monotonic()}: epoch milliseconds anchored to the wall clock once, when this class loads,
 * and advanced by {@link System#nanoTime()}, so that every reader in the JVM agrees.
 *
 * <p>Thread-safe and allocation-free. Never steps backwards within one JVM.
 */
final class MonotonicClock {

    private static final long NANOS_PER_MILLI = 1_000_000L;
    private static final long ORIGIN_MILLIS = System.currentTimeMillis();
    private static final long ORIGIN_NANOS = System.nanoTime();

    private MonotonicClock() {
    }

    /** {@return the milliseconds since the epoch, as of the anchor and the time since} */
    static long millis() {
        return ORIGIN_MILLIS + (System.nanoTime() - ORIGIN_NANOS) / NANOS_PER_MILLI;
    }
}
