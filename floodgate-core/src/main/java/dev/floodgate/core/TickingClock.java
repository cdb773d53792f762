package dev.floodgate.core;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;

/**
 * A clock that is read for the price of a volatile load: it shows the time of its source as of the last
 * {@link #tick()}, which the adapters run every {@value #TICK_MILLIS} ms on the logging framework's own scheduler.
 *
 * <p>Reading a real clock costs about as much as a whole suppressed logging call, so the hot path reads this one.
 * Times are therefore up to one tick (plus scheduling delay) behind the source: timeframe boundaries and the first
 * and last times in summaries are accurate to about {@value #TICK_MILLIS} ms. {@link #tick()} may also be called by
 * any thread (the filter does so every 1,024th suppressed call), so a stalled scheduler delays the clock but never
 * freezes it while events arrive.
 *
 * <p>Thread-safe; never moves backwards; no allocation.
 */
public final class TickingClock implements Clock {

    /** How often the adapters tick the clock, in milliseconds. */
    public static final long TICK_MILLIS = 10L;

    private static final VarHandle NOW;

    static {
        try {
            NOW = MethodHandles.lookup().findVarHandle(TickingClock.class, "now", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final Clock source;
    @SuppressWarnings("unused") // accessed through NOW
    private volatile long now;

    /**
     * Creates a clock showing {@code source}'s current time.
     *
     * @param source the clock whose time this one shows as of the last tick
     * @throws NullPointerException if {@code source} is null
     */
    public TickingClock(Clock source) {
        this.source = Objects.requireNonNull(source, "source");
        this.now = source.millis();
    }

    @Override
    public long millis() {
        return now;
    }

    /**
     * Moves the clock to its source's time, unless another tick moved it meanwhile (to a time read at about the same
     * moment): one attempt, no loop, so that the fast path that calls it stays small.
     */
    public void tick() {
        long t = source.millis();
        long seen = (long) NOW.getVolatile(this);
        if (t > seen) {
            NOW.compareAndSet(this, seen, t);
        }
    }

    /** Returns {@value #TICK_MILLIS}: between two ticks a reading lags by up to one tick. */
    @Override
    public long resolutionMillis() {
        return TICK_MILLIS;
    }

    @Override
    public String toString() {
        return "TickingClock[" + source + "]";
    }
}
