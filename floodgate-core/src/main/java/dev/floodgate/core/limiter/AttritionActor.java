package dev.floodgate.core.limiter;

import dev.floodgate.core.AttritionSettings;

/**
 * The state of one Floodgate attrition actor: FloodgateDotNet 1.0.2's {@code FloodgateActor.NextEvent}, ported
 * statement by statement (SPEC §4) with this project's decisions (SPEC §10).
 *
 * <p>Not thread-safe: its owner serializes calls. Memory: five {@code long} arrays and one {@code boolean} array of
 * {@code windowSize} slots. No call allocates.
 */
public final class AttritionActor implements KeyLimiter {

    /** Returned by {@link #lastAllowedMillis()} when no event was ever allowed. */
    public static final long NEVER = Long.MIN_VALUE;

    /*
     * Mapping to SPEC §2: the ring of FloodgateTimeframe structs is kept as parallel arrays (skipped, received,
     * date, sendLimit, valid); FloodgateTimeframe.AttritionCount and ValidWindowSize are never read (B15) and
     * are omitted.
     *
     * Decisions (SPEC §10):
     *  B1  fixed: the first event always opens a timeframe, even at timestamp 0 (`started` is false until then).
     *  B6  the logarithm is exact (IntegerLog).
     *  B9  LastAllowed is raw epoch milliseconds, NEVER for "never".
     *  Time going backwards into an earlier timeframe is treated as the current timeframe and counted; the
     *  C# InvalidOperationException is not reproduced.
     *  Overflow: add·scale saturates instead of wrapping; with validated settings it cannot come near 2^63.
     *
     * Saturation (used by refusedUntil): within one timeframe the slot's received count, the window total and
     * the attrition only grow or stay, so once the condition of step 3 fails it fails for every further event
     * of that timeframe. Their only effect is to be counted (addRefused).
     */

    private final long timeframe;
    private final long windowSpan;
    private final long tst;
    private final long spillover;
    private final int base;
    private final long iadm;
    private final long attritionMin;
    private final long idleSpan;

    private final long[] skipped;
    private final long[] received;
    private final long[] date;
    private final long[] sendLimit;
    private final boolean[] valid;

    private int nextSlot;
    private int currentSlot;
    private long attrition;
    private long totalSkipped;
    private long totalReceived;
    private long lastSend = NEVER;
    private long lastTimestamp;
    private boolean started;

    /** Creates a fresh actor, as if it had never seen an event. */
    public AttritionActor(AttritionSettings settings) {
        int w = settings.windowSize();
        this.timeframe = settings.timeframeMillis();
        this.windowSpan = timeframe * w;
        this.tst = settings.timeframeSpilloverThreshold();
        this.spillover = settings.spilloverThreshold();
        this.base = settings.attritionLogarithmBase();
        this.iadm = settings.inverseAttritionDeltaMin();
        this.attritionMin = settings.attritionMin();
        this.idleSpan = settings.idleMillis();
        this.skipped = new long[w];
        this.received = new long[w];
        this.date = new long[w];
        this.sendLimit = new long[w];
        this.valid = new boolean[w];
        this.currentSlot = w - 1;
    }

    @Override
    public boolean tryAcquire(long nowMillis) {
        long ts = (nowMillis / timeframe) * timeframe;
        if (!started) {
            started = true;
            lastTimestamp = ts;
            slide(ts);
        } else if (ts < lastTimestamp) {
            ts = lastTimestamp;
        } else {
            lastTimestamp = ts;
            if (date[currentSlot] != ts) {
                slide(ts);
            }
        }
        int cb = currentSlot;
        long recv = ++totalReceived;
        long brecv = ++received[cb];
        if (brecv <= sendLimit[cb] || (attrition == 0 && recv <= spillover)) {
            totalSkipped = 0;
            lastSend = ts;
            return true;
        }
        skipped[cb]++;
        totalSkipped++;
        return false;
    }

    private void slide(long ts) {
        long cutoff = ts - windowSpan;
        long add = 0;
        for (int i = 0; i < valid.length; i++) {
            if (!valid[i]) {
                continue;
            }
            if (date[i] <= cutoff) {
                totalReceived -= received[i];
                valid[i] = false;
            }
            add += ceilDiv(skipped[i], tst);
        }
        long scale = attrition / valid.length + 1;
        long grown = attrition - iadm;
        attrition = Math.max(attritionMin, Math.min(grown, saturatedProduct(add, scale)));
        int slot = nextSlot;
        skipped[slot] = 0;
        received[slot] = 0;
        date[slot] = ts;
        sendLimit[slot] = Math.max(1, tst / IntegerLog.floorLog(TimeMath.saturatedAdd(attrition, base), base));
        valid[slot] = true;
        currentSlot = slot;
        nextSlot = (slot + 1) % valid.length;
    }

    @Override
    public boolean wouldAllow(long nowMillis) {
        // The first event of a new timeframe always passes: its slot starts empty and every allowance is >= 1.
        return !started || (nowMillis / timeframe) * timeframe > lastTimestamp || currentTimeframeAllowsNext();
    }

    @Override
    public long refusedUntil() {
        if (!started || currentTimeframeAllowsNext()) {
            return NOT_REFUSING;
        }
        return TimeMath.saturatedAdd(date[currentSlot], timeframe);
    }

    private boolean currentTimeframeAllowsNext() {
        int cb = currentSlot;
        return received[cb] < sendLimit[cb] || (attrition == 0 && totalReceived < spillover);
    }

    @Override
    public void addRefused(long count) {
        int cb = currentSlot;
        totalReceived += count;
        received[cb] += count;
        skipped[cb] += count;
        totalSkipped += count;
    }

    @Override
    public boolean isIdle(long nowMillis) {
        return !started || lastTimestamp + idleSpan < nowMillis;
    }

    /**
     * Returns the number of consecutive refused events: after a refusal, the running count including it; after an
     * allowance, 0 (SPEC §2.3, {@code NumDisallowed}).
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
        return started ? sendLimit[currentSlot] : 0;
    }

    @Override
    public String describeState(long nowMillis) {
        if (!started) {
            return "no event yet";
        }
        return "attrition " + attrition + ", allowance " + sendLimit[currentSlot] + " per timeframe, "
                + received[currentSlot] + " received in the timeframe of the last event";
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
