package dev.floodgate.core;

/**
 * A third limit of a key, beside its own limiter and the global cap: a share of a budget held elsewhere (the fleet
 * limit), asked by {@link Gate#decide(long, Gate, ExternalLimit)} only when the key's limiter would allow the event.
 *
 * <p>Implementations are thread-safe, never block and never throw; a gate calls them under its own lock.
 */
interface ExternalLimit {

    /** Takes one event's share at {@code nowMillis}; returns false if the limit refuses the event. */
    boolean take(long nowMillis);

    /** Returns the share of the last {@link #take} that returned true, because another limit refused the event. */
    void giveBack();

    /**
     * Returns a time before which every {@link #take} would return false and change nothing, or
     * {@link KeyLimiter#NOT_REFUSING}; the promise holds until the next {@code take}. It
     * lets the gate refuse the repeats that this limit refuses without its lock.
     */
    long refusedUntil(long nowMillis);
}
