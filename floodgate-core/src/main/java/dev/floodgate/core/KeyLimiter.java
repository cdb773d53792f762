package dev.floodgate.core;

/**
 * The state of one rate algorithm for one key: decides events one at a time.
 *
 * <p>Not thread-safe: the owner (a {@code Gate} of the ledger, or {@code FloodLimiter}) serializes all calls.
 * Implementations do not allocate per decision and take the time as an argument instead of reading a clock.
 */
interface KeyLimiter {

    /** Returned by {@link #refusedUntil()} when the next event may be allowed. */
    long NOT_REFUSING = Long.MIN_VALUE;

    /** Decides one event at {@code nowMillis}; returns whether it is allowed. */
    boolean tryAcquire(long nowMillis);

    /**
     * Returns whether {@link #tryAcquire(long)} at {@code nowMillis} would allow the event, without changing
     * anything. A combined check (a per-fingerprint limit under a global cap) asks one limiter before it lets the
     * other consume its budget.
     */
    boolean wouldAllow(long nowMillis);

    /**
     * Returns a time before which every further event would be refused, with no effect on the state other than
     * being counted by {@link #addRefused(long)}, or {@link #NOT_REFUSING}. The promise holds until the next call
     * of {@link #tryAcquire(long)}; it lets the owner refuse repeats without taking its lock.
     */
    long refusedUntil();

    /**
     * Applies {@code count} refused events exactly as {@code count} calls of {@link #tryAcquire(long)} that each
     * returned false would have, for events before {@link #refusedUntil()}.
     */
    void addRefused(long count);

    /**
     * Returns whether the key holds nothing worth keeping at {@code nowMillis}, so that it may be forgotten. A
     * limiter that has seen no event is idle.
     */
    boolean isIdle(long nowMillis);

    /**
     * Returns the state in force in words, for operators (JMX, the actuator endpoint): for example the attrition
     * and the allowance per timeframe. Empty if the limiter has nothing to say. For inspection only; not called on
     * the hot path.
     */
    default String describeState(long nowMillis) {
        return "";
    }
}
