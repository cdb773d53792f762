package dev.floodgate.core;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * A clock that moves only when told to: for tests, and for replaying recorded logs on their own timestamps.
 *
 * <p>Thread-safe: reads and moves are atomic. It may be set backwards, which is how clock anomalies are tested.
 */
public final class ManualClock implements Clock {

    private volatile long millis;

    /**
     * Creates a clock showing {@code startMillis} epoch milliseconds.
     *
     * @param startMillis the first reading, in epoch milliseconds
     */
    public ManualClock(long startMillis) {
        this.millis = startMillis;
    }

    /**
     * Creates a clock showing {@code start}.
     *
     * @param start the first reading
     * @throws NullPointerException if {@code start} is null
     */
    public ManualClock(Instant start) {
        this(Objects.requireNonNull(start, "start").toEpochMilli());
    }

    @Override
    public long millis() {
        return millis;
    }

    /**
     * Sets the time to {@code epochMillis}, forwards or backwards.
     *
     * @param epochMillis the new reading, in epoch milliseconds
     */
    public void set(long epochMillis) {
        this.millis = epochMillis;
    }

    /**
     * Moves the time by {@code amount}, which may be negative.
     *
     * @param amount how far to move the time; negative moves it back
     * @throws NullPointerException if {@code amount} is null
     */
    public synchronized void advance(Duration amount) {
        millis += Objects.requireNonNull(amount, "amount").toMillis();
    }

    /**
     * Moves the time forward by {@code amountMillis} milliseconds (negative moves it back).
     *
     * @param amountMillis how many milliseconds to move the time; negative moves it back
     */
    public synchronized void advanceMillis(long amountMillis) {
        millis += amountMillis;
    }

    @Override
    public String toString() {
        return "ManualClock[" + Instant.ofEpochMilli(millis) + "]";
    }
}
