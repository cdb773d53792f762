package dev.floodgate.core;

/**
 * The source of time for every limiter: milliseconds on an epoch-aligned scale.
 *
 * <p>Timeframes are aligned to absolute multiples of their length on this scale, so two clocks that agree on
 * the epoch agree on timeframe boundaries. Implementations must be thread-safe and cheap; they are read once per
 * counted event.
 */
@FunctionalInterface
public interface Clock {

    /** {@return the current time in milliseconds since the epoch} */
    long millis();

    /**
     * {@return by how much a reading may lag the real time because the clock moves in steps: 0 for a clock that reads
     * the exact millisecond (the default), {@link TickingClock#TICK_MILLIS} for a {@link TickingClock}} The
     * {@code window} and {@code cell} limiters carry up to this much time across a step, so that they pass their
     * configured rate whatever the step.
     */
    default long resolutionMillis() {
        return 0L;
    }

    /**
     * {@return the production clock: epoch milliseconds that never step backwards}
     *
     * <p>It is the wall clock at the moment the class loads, advanced by {@link System#nanoTime()}, so an NTP
     * step or a manual change of the system clock does not move timeframes backwards or forwards. Summaries
     * printed with it can drift from the wall clock by the size of such a step until the process restarts.
     */
    static Clock monotonic() {
        return MonotonicClock::millis;
    }

    /** {@return the system wall clock, {@link System#currentTimeMillis()}; it may step backwards} */
    static Clock system() {
        return System::currentTimeMillis;
    }
}
