package dev.floodgate.core;

import dev.floodgate.core.CellRateSettings;
import dev.floodgate.core.base.Checks;

/**
 * The state of one generic cell rate algorithm (GCRA) for one key, as redis-cell's {@code CL.THROTTLE}: a single
 * theoretical arrival time (TAT) that each allowed event pushes one emission interval further.
 *
 * <p>Not thread-safe: its owner serializes calls. Invariants: the TAT never decreases, and right after an allowed
 * event at {@code now} it is at most {@code now + limit × emission interval}; so any interval of length {@code L}
 * allows events of a total quantity of at most {@code limit + floor((L + carry) / emission interval)}, where
 * {@code carry} is 0 unless the clock is coarse (see {@link #CellRate(CellRateSettings, long)}). Memory: two
 * {@code long}s. No call allocates.
 */
final class CellRate implements KeyLimiter {

    /*
     * GCRA as redis-cell computes it (src/cell/mod.rs, rate_limit):
     *   I = emission interval, tolerance = I × limit (redis-cell's delay variation tolerance, limit = burst + 1),
     *   new_tat = max(now, tat) + I × quantity; refused iff new_tat - tolerance > now, which is
     *   backlog = max(0, tat - now) > tolerance - I × quantity.
     * A refused event changes nothing (addRefused is a no-op). A quantity above the limit is always refused
     * without arithmetic, so I × quantity never exceeds the tolerance. Quantity 0 is a probe: it is allowed unless
     * the backlog exceeds the tolerance and never changes the state (redis-cell stores max(now, tat), which makes
     * a difference only after the clock has stepped back).
     *
     * Exact intervals: I = period / count is kept as a fraction. The TAT is `tatMillis + tatUnits / count` ms with
     * 0 <= tatUnits < count, and every other quantity is in units of 1/count ms, in which I is exactly `period`
     * and the tolerance `period × limit` (at most 8.64e16: no overflow). Times handed out (refusedUntil, retry,
     * reset) are rounded up to whole milliseconds, so a refusal is never promised for longer than it lasts.
     *
     * Carry: a clock that is read for cheap moves in steps (TickingClock, 10 ms), so the events of a flood all
     * arrive at the step's time. Plain GCRA then restarts from `now` at each step and loses the part of the step
     * after the TAT: at most one interval per step passes, 100 per second for any faster rate. With a carry of C
     * ms, an event allowed at `now` with `now - C <= tat <= now` continues from the TAT instead, as if it had
     * arrived when the key was last due; a key quiet for longer than C restarts from `now` as before. This keeps
     * the sustained rate exact at every step size up to C, and adds at most C / I events to the bound of any
     * interval, once (not per interval).
     *
     * Time: a clock stepping back by X only raises the backlog by X, so the key is refused for at most X longer;
     * it never gains budget. Sums and differences of times saturate at the ends of the long range (TimeMath):
     * within one tolerance of Long.MAX_VALUE the TAT sticks at Long.MAX_VALUE.
     */

    /** The TAT of a key that has allowed nothing: earlier than every time, so the first event finds no backlog. */
    private static final long EMPTY = Long.MIN_VALUE;

    private final long count;
    /** The emission interval, in units of 1/count ms. */
    private final long intervalUnits;
    private final long limit;
    /** The tolerance, in units of 1/count ms. */
    private final long toleranceUnits;
    /** The largest backlog in whole milliseconds that converts to units without overflow. */
    private final long maxExactMillis;
    private final long carryMillis;
    private long tatMillis = EMPTY;
    /** The fraction of the TAT beyond {@link #tatMillis}, in units of 1/count ms; 0 to count - 1. */
    private long tatUnits;

    /** Creates the state of a key that has seen no event, for a clock that reads the exact millisecond. */
    public CellRate(CellRateSettings settings) {
        this(settings, 0);
    }

    /**
     * Creates the state of a key that has seen no event, for a clock whose readings may lag by up to
     * {@code carryMillis}: a key that was due at most that long before an allowed event keeps the remainder.
     *
     * @throws IllegalArgumentException if {@code carryMillis} is negative
     */
    public CellRate(CellRateSettings settings, long carryMillis) {
        this.count = settings.count();
        this.intervalUnits = settings.periodMillis();
        this.limit = settings.limit();
        this.toleranceUnits = intervalUnits * limit;
        this.maxExactMillis = (Long.MAX_VALUE - count) / count;
        this.carryMillis = Checks.atLeast("carryMillis", carryMillis, 0);
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
            if (tatMillis == EMPTY || tatMillis < TimeMath.saturatedSubtract(nowMillis, carryMillis)) {
                tatMillis = nowMillis;
                tatUnits = 0;
            }
            long units = tatUnits + intervalUnits * quantity;
            tatMillis = TimeMath.saturatedAdd(tatMillis, units / count);
            tatUnits = tatMillis == Long.MAX_VALUE ? 0 : units % count;
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
        return quantity <= limit && backlogUnits(nowMillis) <= toleranceUnits - intervalUnits * quantity;
    }

    /**
     * Returns how long from {@code nowMillis} until {@code quantity} would be allowed, in milliseconds rounded up: 0
     * if it would be allowed now, {@link Long#MAX_VALUE} if it exceeds {@link #limit()} and never will.
     *
     * @throws IllegalArgumentException if {@code quantity} is negative
     */
    public long retryAfterMillis(long nowMillis, long quantity) {
        Checks.atLeast("quantity", quantity, 0);
        if (quantity > limit) {
            return Long.MAX_VALUE;
        }
        long backlog = backlogUnits(nowMillis);
        if (backlog == Long.MAX_VALUE) {
            return TimeMath.saturatedSubtract(tatMillis, nowMillis);
        }
        return ceilMillis(Math.max(0, backlog - (toleranceUnits - intervalUnits * quantity)));
    }

    /** Returns how long from {@code nowMillis} until the key is back to its full burst, in milliseconds rounded up. */
    public long resetAfterMillis(long nowMillis) {
        long backlog = backlogUnits(nowMillis);
        return backlog == Long.MAX_VALUE ? TimeMath.saturatedSubtract(tatMillis, nowMillis) : ceilMillis(backlog);
    }

    /** Returns how many events of quantity 1 would be allowed at once at {@code nowMillis} (redis-cell's remaining). */
    public long remaining(long nowMillis) {
        long backlog = backlogUnits(nowMillis);
        return backlog >= toleranceUnits ? 0 : (toleranceUnits - backlog) / intervalUnits;
    }

    /** Returns how many events a quiet key allows at once, {@code burst + 1}. */
    public long limit() {
        return limit;
    }

    /**
     * Returns the TAT minus {@code burst} emission intervals, rounded up to a whole millisecond: before it the
     * backlog leaves no room for one event.
     */
    @Override
    public long refusedUntil() {
        if (tatMillis == EMPTY) {
            return NOT_REFUSING;
        }
        long free = toleranceUnits - intervalUnits;
        long millis = TimeMath.saturatedSubtract(tatMillis, free / count);
        long units = tatUnits - free % count;
        if (units < 0) {
            units += count;
            millis = TimeMath.saturatedSubtract(millis, 1);
        }
        return units > 0 ? TimeMath.saturatedAdd(millis, 1) : millis;
    }

    /** Does nothing: a refused event does not move the TAT. */
    @Override
    public void addRefused(long refused) {
        // Refusals leave no trace in the TAT.
    }

    /** Returns true once the backlog has drained at {@code nowMillis}: the key then behaves as a new one. */
    @Override
    public boolean isIdle(long nowMillis) {
        return !after(nowMillis);
    }

    /**
     * Returns what {@link #isIdle} of a fresh cell rate would answer at {@code nowMillis} after deciding one event at
     * {@code eventMillis}, without making one: the first event is always allowed and sets the TAT one emission
     * interval after it.
     */
    static boolean idleAfterFirstEvent(CellRateSettings settings, long eventMillis, long nowMillis) {
        long count = settings.count();
        long tat = TimeMath.saturatedAdd(eventMillis, settings.periodMillis() / count);
        long units = tat == Long.MAX_VALUE ? 0 : settings.periodMillis() % count;
        return !after(tat, units, nowMillis);
    }

    /** Returns whether the TAT is later than {@code nowMillis}. */
    private boolean after(long nowMillis) {
        return after(tatMillis, tatUnits, nowMillis);
    }

    private static boolean after(long tatMillis, long tatUnits, long nowMillis) {
        return tatMillis != EMPTY && (tatMillis > nowMillis || (tatMillis == nowMillis && tatUnits > 0));
    }

    /**
     * Returns {@code max(0, tat - now)} in units of 1/count ms, or {@link Long#MAX_VALUE} when that does not fit in
     * a {@code long} (years; far beyond any tolerance).
     */
    private long backlogUnits(long nowMillis) {
        if (!after(nowMillis)) {
            return 0;
        }
        long millis = TimeMath.saturatedSubtract(tatMillis, nowMillis);
        if (millis > maxExactMillis) {
            return Long.MAX_VALUE;
        }
        return millis * count + tatUnits;
    }

    private long ceilMillis(long units) {
        return units / count + (units % count == 0 ? 0 : 1);
    }

    @Override
    public String describeState(long nowMillis) {
        return remaining(nowMillis) + " of " + limit + " allowed at once now";
    }
}
