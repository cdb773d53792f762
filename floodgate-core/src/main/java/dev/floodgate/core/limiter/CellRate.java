package dev.floodgate.core.limiter;

import dev.floodgate.core.CellRateSettings;
import dev.floodgate.core.Checks;

/**
 * The state of one generic cell rate algorithm (GCRA) for one key, as redis-cell's {@code CL.THROTTLE}: a single
 * theoretical arrival time (TAT) that each allowed event pushes one emission interval further.
 *
 * <p>Not thread-safe: its owner serializes calls. Invariants: the TAT never decreases, and right after an allowed
 * event at {@code now} it is at most {@code now + limit × emission interval}; so any interval of length {@code L}
 * allows events of a total quantity of at most {@code limit + floor(L / emission interval)}. Memory: one {@code long}.
 * No call allocates.
 */
public final class CellRate implements KeyLimiter {

    /*
     * GCRA as redis-cell computes it (src/cell/mod.rs, rate_limit), in integer milliseconds:
     *   I = emission interval, tolerance = I × limit (redis-cell's delay variation tolerance, limit = burst + 1),
     *   new_tat = max(now, tat) + I × quantity; refused iff new_tat - tolerance > now, which is
     *   backlog = max(0, tat - now) > tolerance - I × quantity.
     * A refused event changes nothing (addRefused is a no-op). A quantity above the limit is always refused
     * without arithmetic, so I × quantity never exceeds the tolerance. Quantity 0 is a probe: it is allowed unless
     * the backlog exceeds the tolerance and never changes the state (redis-cell stores max(now, tat), which makes
     * a difference only after the clock has stepped back).
     *
     * Time: a clock stepping back by X only raises the backlog by X, so the key is refused for at most X longer;
     * it never gains budget. Sums and differences of times saturate at the ends of the long range (TimeMath):
     * within one tolerance of Long.MAX_VALUE the TAT sticks at Long.MAX_VALUE.
     */

    /** The TAT of a key that has allowed nothing: earlier than every time, so the first event finds no backlog. */
    private static final long EMPTY = Long.MIN_VALUE;

    private final long emissionMillis;
    private final long limit;
    private final long toleranceMillis;
    private long tat = EMPTY;

    /** Creates the state of a key that has seen no event. */
    public CellRate(CellRateSettings settings) {
        this.emissionMillis = settings.emissionIntervalMillis();
        this.limit = settings.limit();
        this.toleranceMillis = emissionMillis * limit;
    }

    @Override
    public boolean tryAcquire(long nowMillis) {
        return tryAcquire(nowMillis, 1);
    }

    /**
     * Decides an event of weight {@code quantity} at {@code nowMillis} and records it if allowed; a quantity above
     * {@link #limit()} is always refused, a quantity of 0 only probes.
     *
     * @throws IllegalArgumentException if {@code quantity} is negative
     */
    public boolean tryAcquire(long nowMillis, long quantity) {
        if (!wouldAllow(nowMillis, quantity)) {
            return false;
        }
        if (quantity > 0) {
            tat = TimeMath.saturatedAdd(Math.max(nowMillis, tat), emissionMillis * quantity);
        }
        return true;
    }

    @Override
    public boolean wouldAllow(long nowMillis) {
        return wouldAllow(nowMillis, 1);
    }

    /**
     * Returns whether {@link #tryAcquire(long, long)} would allow {@code quantity} at {@code nowMillis}, changing
     * nothing.
     *
     * @throws IllegalArgumentException if {@code quantity} is negative
     */
    public boolean wouldAllow(long nowMillis, long quantity) {
        Checks.atLeast("quantity", quantity, 0);
        return quantity <= limit && backlogMillis(nowMillis) <= toleranceMillis - emissionMillis * quantity;
    }

    /**
     * Returns how long from {@code nowMillis} until {@code quantity} would be allowed, in milliseconds: 0 if it would
     * be allowed now, {@link Long#MAX_VALUE} if it exceeds {@link #limit()} and never will.
     *
     * @throws IllegalArgumentException if {@code quantity} is negative
     */
    public long retryAfterMillis(long nowMillis, long quantity) {
        Checks.atLeast("quantity", quantity, 0);
        if (quantity > limit) {
            return Long.MAX_VALUE;
        }
        return Math.max(0, backlogMillis(nowMillis) - (toleranceMillis - emissionMillis * quantity));
    }

    /** Returns how long from {@code nowMillis} until the key is back to its full burst, in milliseconds. */
    public long resetAfterMillis(long nowMillis) {
        return backlogMillis(nowMillis);
    }

    /** Returns how many events of quantity 1 would be allowed at once at {@code nowMillis} (redis-cell's remaining). */
    public long remaining(long nowMillis) {
        return Math.max(0, toleranceMillis - backlogMillis(nowMillis)) / emissionMillis;
    }

    /** Returns how many events a quiet key allows at once, {@code burst + 1}. */
    public long limit() {
        return limit;
    }

    /** Returns the TAT minus {@code burst} emission intervals: before it the backlog leaves no room for one event. */
    @Override
    public long refusedUntil() {
        if (tat == EMPTY) {
            return NOT_REFUSING;
        }
        return TimeMath.saturatedSubtract(tat, toleranceMillis - emissionMillis);
    }

    /** Does nothing: a refused event does not move the TAT. */
    @Override
    public void addRefused(long count) {
        // Refusals leave no trace in the TAT.
    }

    /** Returns true once the backlog has drained at {@code nowMillis}: the key then behaves as a new one. */
    @Override
    public boolean isIdle(long nowMillis) {
        return tat <= nowMillis;
    }

    @Override
    public String describeState(long nowMillis) {
        return remaining(nowMillis) + " of " + limit + " allowed at once now";
    }

    private long backlogMillis(long nowMillis) {
        return tat <= nowMillis ? 0 : TimeMath.saturatedSubtract(tat, nowMillis);
    }
}
