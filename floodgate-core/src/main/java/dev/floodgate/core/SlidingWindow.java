package dev.floodgate.core;

import dev.floodgate.core.WindowSettings;
import dev.floodgate.core.base.Checks;

/**
 * The state of one sliding window of events for one key: Algorithm::FloodControl's {@code flood_check}, which allows
 * an event only if the last {@code count} allowed events span at least {@code period} up to it.
 *
 * <p>Not thread-safe: its owner serializes calls. Invariants: the ring holds the timestamps of the last
 * {@code min(allowed, count)} allowed events in non-decreasing order, and every half-open interval
 * {@code [t, t + period)} contains at most {@code count} allowed events (timed as stored: an event from a clock that
 * stepped back counts at the newest stored time). Memory: one {@code long} array of {@code count} slots. No call
 * allocates.
 *
 * <p>With a carry (see {@link #SlidingWindow(WindowSettings, long)}), an event allowed at most {@code carry} ms after
 * the oldest stored event left the window is stored at that moment instead of {@code now}, so a clock that moves in
 * steps does not stretch each period by the part of a step: the invariant holds on the stored times, which are at
 * most {@code carry} earlier than the event's.
 */
final class SlidingWindow implements KeyLimiter {

    /*
     * Check: with the ring full, an event at `now` is allowed iff now - oldest >= period; the article checks the
     * ratio as if the newest stored event were the last one of the window, so one that passes cannot make any
     * window of `period` hold more than `count` events. Its wait is int(ot + ec * fp / fc - time()) seconds; ec
     * always equals fc there, so the wait is oldest + period - now, here in exact milliseconds.
     *
     * Records: only allowed events are stored; a refusal changes nothing (addRefused is a no-op).
     *
     * Carry: a cheap clock moves in steps (TickingClock, 10 ms). A full ring frees its oldest slot at
     * oldest + period, but the event that takes it arrives at the next step, up to one step later, and each period
     * would start that much late: with 10 ms steps, a 100 ms period passes up to 9 % less than count. An event
     * allowed within `carry` ms of oldest + period is stored at oldest + period (and never before the newest
     * stored time, which keeps the ring ordered), so each period starts exactly one period after the one before.
     *
     * Time: an event older than the newest stored one (the clock stepped back) is checked and stored as if it
     * happened at that newest time, which keeps the ring ordered and the invariant true on that clamped timeline.
     * All sums and differences of timestamps are overflow-safe (TimeMath).
     */

    private final long periodMillis;
    private final long carryMillis;
    private final long[] stamps;
    /** Slot of the next stored timestamp; the oldest one once the ring is full. */
    private int next;
    private int size;

    /** Creates an empty window, as if it had never seen an event, for a clock that reads the exact millisecond. */
    public SlidingWindow(WindowSettings settings) {
        this(settings, 0);
    }

    /**
     * Creates an empty window for a clock whose readings may lag by up to {@code carryMillis}: an event allowed at
     * most that long after a slot was freed is stored at the moment it was freed.
     *
     * @throws IllegalArgumentException if {@code carryMillis} is negative
     */
    public SlidingWindow(WindowSettings settings, long carryMillis) {
        this.periodMillis = settings.periodMillis();
        this.carryMillis = Checks.atLeast("carryMillis", carryMillis, 0);
        this.stamps = new long[settings.count()];
    }

    @Override
    public boolean tryAcquire(long nowMillis) {
        if (!wouldAllow(nowMillis)) {
            return false;
        }
        stamps[next] = size == 0 ? nowMillis : Math.max(stampFor(nowMillis), newest());
        next = next + 1 == stamps.length ? 0 : next + 1;
        if (size < stamps.length) {
            size++;
        }
        return true;
    }

    @Override
    public boolean wouldAllow(long nowMillis) {
        return size < stamps.length || TimeMath.elapsed(stamps[next], Math.max(nowMillis, newest()), periodMillis);
    }

    /**
     * Returns how long from {@code nowMillis} until an event would be allowed: 0 if one would be allowed now, else
     * the article's "next event allowed in" time, in milliseconds.
     */
    public long waitMillis(long nowMillis) {
        if (wouldAllow(nowMillis)) {
            return 0;
        }
        // oldest + period - now, at least 1 ms even where oldest + period does not fit in a long.
        return TimeMath.saturatedAdd(TimeMath.saturatedSubtract(stamps[next], nowMillis), periodMillis);
    }

    /**
     * Returns, while the ring is full and refusing, the time when its oldest event leaves the window; otherwise
     * {@link #NOT_REFUSING}.
     */
    @Override
    public long refusedUntil() {
        if (size < stamps.length) {
            return NOT_REFUSING;
        }
        long oldest = stamps[next];
        if (TimeMath.elapsed(oldest, newest(), periodMillis)) {
            return NOT_REFUSING;
        }
        return TimeMath.saturatedAdd(oldest, periodMillis);
    }

    /** Does nothing: a refused event is not recorded. */
    @Override
    public void addRefused(long count) {
        // Refusals leave no trace in the window.
    }

    /** Returns true if the window is empty or its newest event is at least one period old at {@code nowMillis}. */
    @Override
    public boolean isIdle(long nowMillis) {
        return size == 0 || TimeMath.elapsed(newest(), nowMillis, periodMillis);
    }

    /**
     * Returns what {@link #isIdle} of a fresh window would answer at {@code nowMillis} after deciding one event at
     * {@code eventMillis}, without making one: the first event is always allowed and stored at its own time.
     */
    static boolean idleAfterFirstEvent(WindowSettings settings, long eventMillis, long nowMillis) {
        return TimeMath.elapsed(eventMillis, nowMillis, settings.periodMillis());
    }

    /** The time to store for an event allowed at {@code nowMillis}: the time its slot was freed, within the carry. */
    private long stampFor(long nowMillis) {
        if (size < stamps.length || carryMillis == 0) {
            return nowMillis;
        }
        long freed = TimeMath.saturatedAdd(stamps[next], periodMillis);
        return freed <= nowMillis && nowMillis - freed <= carryMillis ? freed : nowMillis;
    }

    @Override
    public String describeState(long nowMillis) {
        long inWindow = 0;
        for (int i = 0; i < size; i++) {
            if (!TimeMath.elapsed(stamps[i], nowMillis, periodMillis)) {
                inWindow++;
            }
        }
        return inWindow + " of " + stamps.length + " allowed in the last period, next allowed in "
                + waitMillis(nowMillis) + " ms";
    }

    private long newest() {
        return stamps[next == 0 ? stamps.length - 1 : next - 1];
    }
}
