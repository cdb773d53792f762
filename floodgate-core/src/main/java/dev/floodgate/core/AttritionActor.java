package dev.floodgate.core;

import dev.floodgate.core.AttritionSettings;
import java.util.Arrays;

/**
 * The state of one key under the attrition algorithm of FloodgateDotNet 1.0.2 ({@code FloodgateActor.NextEvent}),
 * step by step as {@code src/docs/algorithm.md} describes it ("State", "The decision"), with the port's departures
 * from the original ("Departures from the original").
 *
 * <p>Not thread-safe: its owner serializes calls. Memory: one {@code long} array of three entries per timeframe of
 * the window, which holds only the first timeframe until a second one opens. No call allocates, apart from that
 * one growth in an actor's life.
 */
final class AttritionActor implements KeyLimiter {

    /** Returned by {@link #lastAllowedMillis()} when no event was ever allowed. */
    public static final long NEVER = Long.MIN_VALUE;

    /*
     * State (algorithm.md, "State"): the ring of FloodgateTimeframe structs is kept in one array, three entries per
     * slot (skipped, received, date); a slot that is not valid has received = INVALID (a valid slot's count is never
     * negative). FloodgateTimeframe.AttritionCount and ValidWindowSize are never read and are omitted; its
     * SendLimit is only ever read for the current timeframe, so it is one field (`sendLimit`), written where the C#
     * writes the new timeframe's. The C# LastTimestamp is always the current slot's date here (an event from an
     * earlier timeframe counts in the current one), so it is read from there. NextTimeframe is always the slot after
     * CurrentTimeframe (both start so, and each new timeframe advances both by one), so it is computed. The first
     * event is known by sendLimit, which is 0 before it and at least 1 from it on.
     *
     * The ring starts as its first slot alone: the first timeframe always goes there, and the other slots stay
     * invalid until the second timeframe opens, when the ring grows to its full size with them invalid. Every
     * step reads the same values as with the full ring from the start (a missing slot and an invalid one are both
     * skipped), so the results are the same; a key seen in one timeframe, most of the many templates a ledger
     * tracks, holds 3 entries instead of 3 per timeframe.
     *
     * Departures (algorithm.md, "Departures from the original"):
     *  The first event always opens a timeframe, even at timestamp 0 (`started()` is false until then).
     *  The logarithm is exact (IntegerLog).
     *  LastAllowed is raw epoch milliseconds, NEVER for "never".
     *  Time going backwards into an earlier timeframe is treated as the current timeframe and counted; the
     *  C# InvalidOperationException is not reproduced.
     *  Overflow: add·scale saturates instead of wrapping; with validated settings it cannot come near 2^63.
     *
     * Saturation (used by refusedUntil): within one timeframe the slot's received count, the window total and
     * the attrition only grow or stay, so once the condition of step 3 fails it fails for every further event
     * of that timeframe. Their only effect is to be counted (addRefused).
     */

    /** Shared by every actor of a ledger: an actor keeps no copy of them. */
    private final AttritionSettings settings;

    private static final int SKIPPED = 0;
    private static final int RECEIVED = 1;
    private static final int DATE = 2;
    private static final int SLOT = 3;
    private static final long INVALID = -1L;

    /** The ring of timeframes: slot {@code i} at {@code SLOT * i}; only slot 0 until a second timeframe opens. */
    private long[] slots;

    /** The slot of the most recent timeframe; before the first event, the last slot of the full ring. */
    private int currentSlot;
    private long attrition;
    private long totalSkipped;
    private long totalReceived;
    private long lastSend = NEVER;
    /** The allowance of the current timeframe (its slot's SendLimit); 0 before the first event, then >= 1. */
    private long sendLimit;

    /** Creates a fresh actor, as if it had never seen an event. */
    public AttritionActor(AttritionSettings settings) {
        this.settings = settings;
        this.slots = new long[SLOT];
        this.slots[RECEIVED] = INVALID;
        this.currentSlot = SLOT * (settings.windowSize() - 1);
    }

    @Override
    public boolean tryAcquire(long nowMillis) {
        long timeframe = settings.timeframeMillis();
        long ts = (nowMillis / timeframe) * timeframe;
        if (!started()) {
            slide(ts);
        } else if (ts < slots[currentSlot + DATE]) {
            ts = slots[currentSlot + DATE];
        } else if (ts != slots[currentSlot + DATE]) {
            slide(ts);
        }
        int cb = currentSlot;
        long recv = ++totalReceived;
        long brecv = ++slots[cb + RECEIVED];
        if (brecv <= sendLimit || (attrition == 0 && recv <= settings.spilloverThreshold())) {
            totalSkipped = 0;
            lastSend = ts;
            return true;
        }
        slots[cb + SKIPPED]++;
        totalSkipped++;
        return false;
    }

    private void slide(long ts) {
        long tst = settings.timeframeSpilloverThreshold();
        int base = settings.attritionLogarithmBase();
        long cutoff = ts - settings.windowSize() * settings.timeframeMillis();
        long add = 0;
        for (int i = 0; i < slots.length; i += SLOT) {
            if (slots[i + RECEIVED] == INVALID) {
                continue;
            }
            if (slots[i + DATE] <= cutoff) {
                totalReceived -= slots[i + RECEIVED];
                slots[i + RECEIVED] = INVALID;
            }
            add += ceilDiv(slots[i + SKIPPED], tst);
        }
        long scale = attrition / settings.windowSize() + 1;
        long grown = attrition - settings.inverseAttritionDeltaMin();
        attrition = Math.max(settings.attritionMin(), Math.min(grown, saturatedProduct(add, scale)));
        int ring = SLOT * settings.windowSize();
        int slot = currentSlot + SLOT == ring ? 0 : currentSlot + SLOT;
        if (slot == slots.length) {
            slots = fullRing(slots, ring);
        }
        slots[slot + SKIPPED] = 0;
        slots[slot + RECEIVED] = 0;
        slots[slot + DATE] = ts;
        sendLimit = Math.max(1, tst / IntegerLog.floorLog(TimeMath.saturatedAdd(attrition, base), base));
        currentSlot = slot;
    }

    private static long[] fullRing(long[] firstSlots, int length) {
        long[] ring = Arrays.copyOf(firstSlots, length);
        for (int i = firstSlots.length; i < length; i += SLOT) {
            ring[i + RECEIVED] = INVALID;
        }
        return ring;
    }

    private boolean started() {
        return sendLimit != 0;
    }

    @Override
    public boolean wouldAllow(long nowMillis) {
        // The first event of a new timeframe always passes: its slot starts empty and every allowance is >= 1.
        long timeframe = settings.timeframeMillis();
        return !started() || (nowMillis / timeframe) * timeframe > slots[currentSlot + DATE]
                || currentTimeframeAllowsNext();
    }

    @Override
    public long refusedUntil() {
        if (!started() || currentTimeframeAllowsNext()) {
            return NOT_REFUSING;
        }
        return TimeMath.saturatedAdd(slots[currentSlot + DATE], settings.timeframeMillis());
    }

    private boolean currentTimeframeAllowsNext() {
        int cb = currentSlot;
        return slots[cb + RECEIVED] < sendLimit
                || (attrition == 0 && totalReceived < settings.spilloverThreshold());
    }

    @Override
    public void addRefused(long count) {
        int cb = currentSlot;
        totalReceived += count;
        slots[cb + RECEIVED] += count;
        slots[cb + SKIPPED] += count;
        totalSkipped += count;
    }

    @Override
    public boolean isIdle(long nowMillis) {
        return !started() || idleSince(settings, slots[currentSlot + DATE], nowMillis);
    }

    /**
     * Returns what {@link #isIdle} of a fresh actor would answer at {@code nowMillis} after deciding one event at
     * {@code eventMillis}, without making one: that event opened the current timeframe.
     */
    static boolean idleAfterFirstEvent(AttritionSettings settings, long eventMillis, long nowMillis) {
        long timeframe = settings.timeframeMillis();
        return idleSince(settings, (eventMillis / timeframe) * timeframe, nowMillis);
    }

    private static boolean idleSince(AttritionSettings settings, long timeframeStart, long nowMillis) {
        return timeframeStart + settings.idleMillis() < nowMillis;
    }

    /**
     * Returns the number of consecutive refused events: after a refusal, the running count including it; after an
     * allowance, 0 (FloodgateDotNet's {@code NumDisallowed}).
     */
    public long consecutiveRefused() {
        return totalSkipped;
    }

    /** Returns the start of the timeframe of the last allowed event, or {@link #NEVER}. */
    public long lastAllowedMillis() {
        return lastSend;
    }

    /** Returns the current attrition score. */
    public long attrition() {
        return attrition;
    }

    /** Returns the allowance of the current timeframe, or 0 before the first event. */
    public long sendLimit() {
        return sendLimit;
    }

    @Override
    public String describeState(long nowMillis) {
        if (!started()) {
            return "no event yet";
        }
        return "attrition " + attrition + ", allowance " + sendLimit + " per timeframe, "
                + slots[currentSlot + RECEIVED] + " received in the timeframe of the last event";
    }

    private static long ceilDiv(long value, long divisor) {
        return value <= 0 ? 0 : (value - 1) / divisor + 1;
    }

    private static long saturatedProduct(long a, long b) {
        long high = Math.multiplyHigh(a, b);
        long low = a * b;
        if ((high == 0 && low >= 0) || (high == -1 && low < 0)) {
            return low;
        }
        return (a ^ b) < 0 ? Long.MIN_VALUE : Long.MAX_VALUE;
    }
}
