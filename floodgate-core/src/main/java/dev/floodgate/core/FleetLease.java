package dev.floodgate.core;

import dev.floodgate.core.fleet.FleetReply;
import dev.floodgate.core.fleet.FleetSettings;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.ThreadLocalRandom;

/**
 * One fingerprint's share of its fleet-wide budget in this process: events taken from the store ahead of use, so
 * that every decision stays local, refilled in the background before they run out.
 *
 * <p>Thread-safe and lock-free; {@link #take} never blocks and allocates nothing unless it starts a refill (once
 * per lease). Invariants: at most one request is in flight; the events held, taken from the store but not yet
 * used, never exceed {@link dev.floodgate.core.fleet.FleetSettings#maxHeld()}.
 */
final class FleetLease implements ExternalLimit, FleetReply {

    /*
     * Tokens: `tokens` is what the process may still pass. It goes below zero only while no lease is in force
     * (`leased` false: before the store first answered, or during an outage), when every event passes on the local
     * limits alone and is recorded as a debt that the next grant pays first; an outage forgives the debt, since
     * the store could not have counted those events anyway.
     *
     * Size: a request asks for `size` events plus the debt (at most maxLease). `size` starts at 1 (a quiet
     * fingerprint asks for one event at a time), doubles when a lease was used up within one fleetPeriod (a flood)
     * and halves when it lasted longer, and falls back to 1 when the store refuses.
     *
     * Refill: when a take leaves at most size / 2 events, the next request is sent, so a flood that the budget
     * allows never waits for one. A refusal by the store is retried no sooner than its retry-after time and, after
     * repeated refusals, with a growing back-off of up to one period (with jitter, so processes do not ask in
     * step); an unanswered request is retried after UNAVAILABLE_RETRY_MILLIS.
     *
     * Concurrency: take() and giveBack() run under the fingerprint's gate lock; the reply runs on a client thread.
     * `requesting` (CAS) makes the sender of a request the only writer of `asked`, `size` and `refusals` until the
     * reply clears it again.
     */

    /** How long after an unanswered request the next one may go out. */
    static final long UNAVAILABLE_RETRY_MILLIS = 1_000L;

    private static final VarHandle TOKENS;
    private static final VarHandle REQUESTING;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            TOKENS = lookup.findVarHandle(FleetLease.class, "tokens", long.class);
            REQUESTING = lookup.findVarHandle(FleetLease.class, "requesting", boolean.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final FleetBudget budget;
    private final String key;
    private final long maxLease;
    private final long periodMillis;

    @SuppressWarnings("unused") // accessed through TOKENS
    private volatile long tokens;
    private volatile boolean leased;
    @SuppressWarnings("unused") // accessed through REQUESTING
    private volatile boolean requesting;
    private volatile long nextRequestAt = Long.MIN_VALUE;
    /** Written only by the holder of `requesting`. */
    private long size = 1;
    private long asked;
    private long sentAt;
    private long grantedAt = Long.MIN_VALUE;
    private int refusals;

    /** Creates a new, empty lease of the fingerprint named {@code name} ({@link FleetSettings#nameOf}). */
    FleetLease(FleetBudget budget, String name) {
        this.budget = budget;
        this.key = budget.settings().keyFor(name);
        this.maxLease = budget.settings().maxLease();
        this.periodMillis = budget.settings().cell().periodMillis();
    }

    @Override
    public boolean take(long nowMillis) {
        long left = (long) TOKENS.getAndAdd(this, -1L) - 1;
        if (!leased) {
            request(nowMillis);
            return true;
        }
        if (left >= 0) {
            if (left <= size / 2) {
                request(nowMillis);
            }
            return true;
        }
        TOKENS.getAndAdd(this, 1L);
        request(nowMillis);
        return false;
    }

    @Override
    public void giveBack() {
        TOKENS.getAndAdd(this, 1L);
    }

    /**
     * Returns when the next request may go out, if until then every take is refused: the store refused the last
     * request, nothing is in flight, and nothing is left; otherwise {@code NOT_REFUSING}. Nothing but a take can
     * change that, so the promise holds.
     */
    @Override
    public long refusedUntil(long nowMillis) {
        long next = nextRequestAt;
        if (leased && !requesting && tokens() <= 0 && next > nowMillis) {
            return next;
        }
        return KeyLimiter.NOT_REFUSING;
    }

    /** Returns the events this process may still pass before it needs more (negative: a debt). */
    long tokens() {
        return (long) TOKENS.getVolatile(this);
    }

    /** Returns whether the store's answers are in force, rather than the local limits alone. */
    boolean leased() {
        return leased;
    }

    private void request(long nowMillis) {
        if (nowMillis < nextRequestAt || !REQUESTING.compareAndSet(this, false, true)) {
            return;
        }
        if (grantedAt != Long.MIN_VALUE) {
            size = nowMillis - grantedAt < periodMillis ? Math.min(maxLease, size * 2) : Math.max(1, size / 2);
        }
        long debt = Math.max(0, -tokens());
        asked = Math.max(1, Math.min(maxLease, size + debt));
        sentAt = nowMillis;
        try {
            budget.connection().take(key, asked, this);
        } catch (RuntimeException e) {
            unavailable();
        }
    }

    @Override
    public void granted() {
        TOKENS.getAndAdd(this, asked);
        grantedAt = budget.nowMillis();
        refusals = 0;
        leased = true;
        REQUESTING.setVolatile(this, false);
    }

    @Override
    public void refused(long retryAfterMillis) {
        long now = budget.nowMillis();
        size = 1;
        grantedAt = Long.MIN_VALUE;
        refusals = Math.min(refusals + 1, 30);
        long emission = budget.settings().cell().emissionIntervalMillis();
        long backOff = Math.min(periodMillis, emission << Math.min(refusals - 1, 20));
        long wait = Math.max(Math.max(0, retryAfterMillis), backOff);
        nextRequestAt = now + wait + ThreadLocalRandom.current().nextLong(wait / 4 + 1);
        leased = true;
        REQUESTING.setVolatile(this, false);
    }

    @Override
    public void unavailable() {
        budget.noteUnavailable();
        leased = false;
        TOKENS.setVolatile(this, 0L);
        size = 1;
        grantedAt = Long.MIN_VALUE;
        nextRequestAt = budget.nowMillis() + UNAVAILABLE_RETRY_MILLIS;
        REQUESTING.setVolatile(this, false);
    }

    @Override
    public String toString() {
        return "FleetLease[" + key + ", tokens=" + tokens() + ", leased=" + leased + ", size=" + size + ", sentAt="
                + sentAt + "]";
    }
}
