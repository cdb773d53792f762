package dev.floodgate.core;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * One key's limiter behind a lock, with a lock-free path that refuses the repeats of a saturated key, and the
 * tally of what it refused since the last drain.
 *
 * <p>Thread-safe. {@link #refuseFast(long)} is wait-free and allocation-free; {@link #decide(long, Gate)} locks
 * this gate only. Invariant: every event handed to {@code refuseFast} that returns true, and every event handed to
 * {@code decide} that it refuses ({@link Outcome#REFUSED_BY_KEY}, {@link Outcome#REFUSED_BY_CAP} or
 * {@link Outcome#REFUSED_BY_FLEET}), is counted in exactly one tally (a drain or the retirement), and the limiter's
 * state is exactly as if all events had been decided one at a time under the lock.
 *
 * <p>Memory: 80 bytes of its own (with compressed references), the limiter once the key has seen a second event,
 * and the counts of what it refused (56 bytes) from its first refusal on. A limiter that saw one event is dropped,
 * and remade when needed by asking a fresh one about that event again; a sweep's idle check asks the factory instead
 * and makes none. A key that two threads flood at once also gets an array of stripe slots (twice the processors,
 * rounded up to a power of two, 2 to 32) and a stripe of about 136 bytes for each slot a thread counts in.
 *
 * @param <A> the attachment type of the ledger
 */
final class Gate<A> extends RefusalCell {

    /** {@link #refuseFast} result when the event was not refused on the fast path. */
    public static final long NOT_REFUSED = -1L;

    /** {@link #count} result when another caller changed the cell first. */
    private static final long COLLIDED = -2L;

    /** What {@link #decide} did with an event. */
    enum Outcome {
        /** The event passes. */
        PASSED,
        /** The key's limiter refused the event. */
        REFUSED_BY_KEY,
        /** The key's limiter would allow it, but the global cap refused it. */
        REFUSED_BY_CAP,
        /** The key's limiter and the cap would allow it, but the fleet limit refused it. */
        REFUSED_BY_FLEET,
        /** The gate was retired; look the key up again. */
        RETIRED
    }

    /*
     * Concurrency:
     *  (1) The limiter, its shelved event, the pending refusals and cellsOpen are guarded by `this`.
     *  (2) Fast path. When the limiter promises that every event before `until` is refused and only counted
     *      (KeyLimiter.refusedUntil), or the lease promises it (ExternalLimit.refusedUntil; the cells then count fleet
     *      refusals, folded into the fleet's count and not into the limiter), the lock holder opens the cells (each
     *      count set to 0) and then publishes fastUntil = until (volatile). A caller with now < fastUntil adds 1
     *      with a CAS to one cell (RefusalCell): the gate's own, or its stripe once stripes exist; if the value
     *      before was >= 0 the cell was open and the event is counted while the promise holds.
     *  (3) Closing. The lock holder writes fastUntil = NOT_REFUSING, then swaps each count for CLOSED (far below
     *      zero) and folds the sum into the limiter (addRefused) and the tally. An add after the swap sees a
     *      negative value, is not counted, and its caller takes the lock; the stray increment is discarded when
     *      the cell reopens at 0. So each fast event is folded exactly once, before any later decision, which is
     *      why the state equals a serial run.
     *  (4) ABA: a caller may read fastUntil of one saturation and add to a cell of a later one. That is still
     *      correct: fastUntil only grows while the limiter's timeframe only moves forward, so the event lies
     *      before the newer promise too.
     *  (5) Stripes. A key flooded by one thread at a time needs only its own cell. When a CAS on it fails because
     *      another caller changed it, the caller publishes a stripe array (CAS on `stripes`, once) whose slots
     *      all hold UNUSED, a shared cell that is closed for good and never written, and takes the lock. A caller
     *      whose slot holds UNUSED takes the lock too, and the lock holder puts a stripe of its own in the slot
     *      of its thread (born CLOSED, published with a release store and read with an acquire load), so only
     *      the slots that threads count in cost a stripe. The lock holder opens and closes the stripes together
     *      with its own cell, skipping UNUSED, so a stripe can never be open outside a promise. Stripes are
     *      padded against false sharing and chosen by a hash of the thread id and a per-gate salt; a CAS on a
     *      stripe that loses to another thread changes the salt and takes the lock once, so the threads flooding
     *      one key settle on different stripes.
     *      One code path serves both kinds of cell, so that the compiled fast path stays small enough for the JIT
     *      to inline it into the logging framework's call.
     *  (6) Compiled size, the other way round. decide's bytecode is kept above HotSpot's FreqInlineSize (325
     *      bytes), so the JIT never inlines the lock path into the framework's compiled call: inlined there, it
     *      makes that call too large for its own callers to inline, and the framework's argument array escapes.
     *      So refusals are counted inline here rather than through a helper of PendingRefusals. On the logging path
     *      the only caller is FloodEngine.decide, itself kept above that size for the same reason, so this is the
     *      second guard there and the only one for other users of the ledger. Why the size matters:
     *      src/docs/performance-decisions.md, "Compiled size".
     *  Benign races: the first/last times of a cell are written after its CAS, without ordering; a drain may
     *  see a slightly old time. Counts are never affected.
     *
     * Lock order: a key's gate, then the cap's gate. The cap never calls back into a key's gate.
     */

    private static final VarHandle STRIPE_ARRAY;
    private static final VarHandle STRIPE = MethodHandles.arrayElementVarHandle(RefusalCell[].class);

    static {
        try {
            STRIPE_ARRAY = MethodHandles.lookup().findVarHandle(Gate.class, "stripes", RefusalCell[].class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Every stripe slot that no thread has counted in yet: closed for good; only ever read. */
    private static final RefusalCell UNUSED = new RefusalCell();

    /** Read in place of the pending refusals of a gate that has refused nothing yet; never written. */
    private static final PendingRefusals NONE_PENDING = new PendingRefusals();

    private static final int STRIPES = stripes(Runtime.getRuntime().availableProcessors());
    /** Unused slots after the stripes in their array: 128 bytes or more between its used slots and a cell. */
    private static final int STRIPE_ARRAY_PADDING = 32;

    private final Object key;
    private final A attachment;
    /**
     * The limiter once the gate keeps one; until then the factory that makes it, and the limiter's state is that of
     * a fresh one that was asked once, at {@link #shelvedAt}, if {@link #shelvedEvent}, else never. Most of the many
     * keys a ledger holds see one event. One field serves both because a gate needs its factory only while it keeps
     * no limiter (a remade limiter is kept for good), and a field less keeps a gate at 80 bytes, not 88.
     */
    private Object limiterOrFactory;
    private boolean shelvedEvent;
    private long shelvedAt;

    private volatile long fastUntil = KeyLimiter.NOT_REFUSING;
    /**
     * Mixed into the stripe of each thread; a caller that collides with another on a stripe changes it, so the
     * threads of a key spread over the stripes. Plain: a lost update only delays the spreading.
     */
    private int salt;
    /** Null until two callers collide on the inline cell; then never reset (accessed through STRIPE_ARRAY). */
    @SuppressWarnings("unused")
    private volatile RefusalCell[] stripes;
    private boolean cellsOpen;
    /** Whether the open cells count refusals that the lease promised (fleet) rather than the limiter (key). */
    private boolean cellsForLease;
    private volatile boolean retired;

    /** What was refused since the last drain; null until the key's first refusal. */
    private PendingRefusals pending;

    /** Creates the gate of a ledger's key, whose limiter {@code factory} makes when the key's first event comes. */
    Gate(Object key, A attachment, KeyLimiterFactory factory) {
        this(key, attachment, (Object) factory);
    }

    private Gate(Object key, A attachment, Object limiterOrFactory) {
        this.key = key;
        this.attachment = attachment;
        this.limiterOrFactory = limiterOrFactory;
    }

    /**
     * Creates a gate that belongs to no ledger, for a limit shared by all keys (the global cap).
     */
    public static Gate<Void> standalone(KeyLimiter limiter) {
        return new Gate<>(null, null, (Object) limiter);
    }

    /** Returns the key, or null for a shared gate. */
    public Object key() {
        return key;
    }

    /** Returns whether the gate was retired (by eviction or close); a retired gate decides nothing more. */
    boolean isRetired() {
        return retired;
    }

    /** Returns what was attached to the key when it was admitted. */
    public A attachment() {
        return attachment;
    }

    /**
     * Refuses the event without locking if the key is saturated at {@code nowMillis}.
     *
     * @return {@link #NOT_REFUSED} if the caller must call {@link #decide}; otherwise the event was refused and
     *     counted, and the result is the number of events this thread's stripe had refused before it in the
     *     current saturation (callers use it to do something every so many events)
     */
    public long refuseFast(long nowMillis) {
        if (nowMillis >= fastUntil) {
            return NOT_REFUSED;
        }
        RefusalCell[] s = stripes;
        long seen = count(s == null ? this : stripeAt(s, stripe(Thread.currentThread().getId(), salt)), nowMillis);
        return seen == COLLIDED ? collided(s, nowMillis) : seen;
    }

    /**
     * Counts one refusal in {@code cell} if it is open: returns the count before, {@link #NOT_REFUSED} if it is
     * closed, or {@link #COLLIDED} if another caller changed it first.
     */
    private static long count(RefusalCell cell, long nowMillis) {
        long seen = cell.count;
        if (seen < 0) {
            return NOT_REFUSED;
        }
        long witness = (long) COUNT.compareAndExchange(cell, seen, seen + 1);
        if (witness != seen) {
            return witness < 0 ? NOT_REFUSED : COLLIDED;
        }
        // Without a branch: one that only the first refusal after each opening took would be compiled as a trap and
        // cost a deoptimisation at the next opening.
        cell.first = Math.min(cell.first, nowMillis);
        cell.last = nowMillis;
        return seen;
    }

    /**
     * After an increment lost to another caller's: the first such collision publishes stripes (and the caller takes
     * the lock this time); on a stripe, the caller moves this key's threads to other stripes and tries again there.
     * Rare, and kept out of {@link #refuseFast} so that its compiled code stays small.
     */
    private long collided(RefusalCell[] s, long nowMillis) {
        if (s == null) {
            inflate();
            return NOT_REFUSED;
        }
        long id = Thread.currentThread().getId();
        for (int attempt = 1; attempt < STRIPES; attempt++) {
            salt++;
            long seen = count(stripeAt(s, stripe(id, salt)), nowMillis);
            if (seen != COLLIDED) {
                return seen;
            }
        }
        return NOT_REFUSED;
    }

    /** Reads a stripe slot with acquire semantics: a stripe is put there after the array is published. */
    private static RefusalCell stripeAt(RefusalCell[] s, int i) {
        return (RefusalCell) STRIPE.getAcquire(s, i);
    }

    /** Maps a thread to a stripe; a new salt gives every thread a new, unrelated stripe. */
    private static int stripe(long threadId, int salt) {
        return (int) (((threadId ^ ((long) salt << 32)) * 0x9E3779B97F4A7C15L) >>> 59) & (STRIPES - 1);
    }

    /** Returns whether callers collided on this gate's inline cell, so that it counts in stripes now. */
    boolean striped() {
        return stripes != null;
    }

    /** Returns whether the gate holds its limiter, not only the time of the one event it was asked; for tests. */
    synchronized boolean holdsLimiter() {
        return limiterOrFactory instanceof KeyLimiter;
    }

    /** Returns whether the gate holds the counts of its refusals, made at the key's first refusal; for tests. */
    synchronized boolean holdsRefusalCounts() {
        return pending != null;
    }

    /** Returns the number of stripes threads have counted in (or are about to); for tests. */
    synchronized int stripesInUse() {
        RefusalCell[] s = stripes;
        int n = 0;
        for (int i = 0; s != null && i < STRIPES; i++) {
            n += s[i] == UNUSED ? 0 : 1;
        }
        return n;
    }

    /**
     * Publishes the stripe slots after a collision on the inline cell, each holding {@link #UNUSED} until a thread
     * counts there. The cells are padded behind their fields, and the array behind its used slots, so that no stripe
     * shares a cache line with another stripe or with the array every caller reads (a garbage collector copies an
     * array and its cells next to each other).
     */
    void inflate() {
        RefusalCell[] s = new RefusalCell[STRIPES + STRIPE_ARRAY_PADDING];
        for (int i = 0; i < STRIPES; i++) {
            s[i] = UNUSED;
        }
        STRIPE_ARRAY.compareAndSet(this, null, s);
    }

    /**
     * Under the lock: gives the calling thread's stripe slot a stripe of its own if it has none, born closed; the
     * cells are opened together later in the same decision if the limiter refuses.
     */
    private void claimStripe(RefusalCell[] s) {
        int i = stripe(Thread.currentThread().getId(), salt);
        if (s[i] == UNUSED) {
            STRIPE.setRelease(s, i, new RefusalCell.Padded());
        }
    }

    /** Returns whether {@link #refuseFast} would refuse an event at {@code nowMillis} without the lock. */
    public boolean refusesRepeatsAt(long nowMillis) {
        return nowMillis < fastUntil;
    }

    /**
     * Decides one event under this gate's lock.
     *
     * @param cap the global cap, asked only when this key's limiter would allow the event, or null
     * @return any {@link Outcome} but {@link Outcome#REFUSED_BY_FLEET}
     */
    public Outcome decide(long nowMillis, Gate<?> cap) {
        return decide(nowMillis, cap, null);
    }

    /**
     * Decides one event under this gate's lock, with a third limit. The event passes only if every limit allows it,
     * and a refusal by one consumes no other's budget: the cap and the lease are asked only when the key's limiter
     * would allow the event, and a lease share taken before the cap refused is given back.
     *
     * @param cap the global cap, or null
     * @param lease the key's share of the fleet limit, or null
     * @return what became of the event
     */
    public synchronized Outcome decide(long nowMillis, Gate<?> cap, ExternalLimit lease) {
        if (retired) {
            return Outcome.RETIRED;
        }
        RefusalCell[] s = stripes;
        if (s != null) {
            claimStripe(s);
        }
        foldCells();
        Object held = limiterOrFactory;
        boolean unasked = !(held instanceof KeyLimiter) && !shelvedEvent;
        KeyLimiter keyLimiter = limiter();
        Outcome outcome;
        if ((cap == null && lease == null) || !keyLimiter.wouldAllow(nowMillis)) {
            outcome = keyLimiter.tryAcquire(nowMillis) ? Outcome.PASSED : Outcome.REFUSED_BY_KEY;
        } else if (lease != null && !lease.take(nowMillis)) {
            outcome = Outcome.REFUSED_BY_FLEET;
        } else if (cap != null
                && (cap.refuseFast(nowMillis) != NOT_REFUSED || cap.decide(nowMillis, null) != Outcome.PASSED)) {
            if (lease != null) {
                lease.giveBack();
            }
            outcome = Outcome.REFUSED_BY_CAP;
        } else {
            keyLimiter.tryAcquire(nowMillis);
            outcome = Outcome.PASSED;
        }
        if (outcome != Outcome.PASSED) {
            PendingRefusals p = pending();
            if (outcome == Outcome.REFUSED_BY_KEY) {
                p.byKey++;
            } else if (outcome == Outcome.REFUSED_BY_CAP) {
                p.byCap++;
            } else {
                p.byFleet++;
            }
            p.note(nowMillis, nowMillis);
        }
        long until = keyLimiter.refusedUntil();
        if (until != KeyLimiter.NOT_REFUSING && until > nowMillis) {
            openCells(until, false);
        } else if (outcome == Outcome.REFUSED_BY_FLEET) {
            // The key's limiter would allow every event until then: with nothing passing, its allowance only grows.
            long leaseUntil = lease.refusedUntil(nowMillis);
            if (leaseUntil != KeyLimiter.NOT_REFUSING && leaseUntil > nowMillis) {
                openCells(leaseUntil, true);
            }
        }
        if (unasked && (outcome == Outcome.PASSED || outcome == Outcome.REFUSED_BY_KEY) && !cellsOpen) {
            shelve((KeyLimiterFactory) held, nowMillis);
        }
        return outcome;
    }

    /**
     * Returns the limiter, remaking a shelved one for good: a fresh limiter asked again at the shelved event's time
     * (limiters are deterministic, so it is in the very state the one that was dropped was in).
     */
    private KeyLimiter limiter() {
        Object held = limiterOrFactory;
        if (held instanceof KeyLimiter) {
            return (KeyLimiter) held;
        }
        KeyLimiter l = replayed((KeyLimiterFactory) held);
        limiterOrFactory = l;
        return l;
    }

    /** Returns the limiter, or for a shelved one a remade copy that is not kept: for an inspection of its state. */
    private KeyLimiter limiterToRead() {
        Object held = limiterOrFactory;
        return held instanceof KeyLimiter ? (KeyLimiter) held : replayed((KeyLimiterFactory) held);
    }

    /** Returns whether the limiter is idle; for a shelved one, the factory answers without remaking it. */
    private boolean limiterIdle(long nowMillis) {
        Object held = limiterOrFactory;
        if (held instanceof KeyLimiter) {
            return ((KeyLimiter) held).isIdle(nowMillis);
        }
        return !shelvedEvent || ((KeyLimiterFactory) held).idleAfterFirstEvent(shelvedAt, nowMillis);
    }

    private KeyLimiter replayed(KeyLimiterFactory factory) {
        KeyLimiter l = factory.newKeyLimiter();
        if (shelvedEvent) {
            l.tryAcquire(shelvedAt);
        }
        return l;
    }

    /**
     * Drops the limiter after the first event it was asked about, at {@code nowMillis}, keeping that time: a key seen
     * once holds no limiter (about 100 bytes for the attrition actor and its first timeframe). Only a limiter that
     * was asked is dropped, so a gate shelves at most once and no refusal by the cap or the fleet remakes a limiter.
     */
    private void shelve(KeyLimiterFactory factory, long nowMillis) {
        limiterOrFactory = factory;
        shelvedEvent = true;
        shelvedAt = nowMillis;
    }

    /**
     * Takes what was refused since the last drain, or returns null if nothing was; the gate stays in use.
     * {@code nowMillis} stands in for a refusal time that a racing fast-path caller has not written yet.
     */
    synchronized Tally<A> drain(Refusals.Kind kind, long nowMillis) {
        boolean wasOpen = cellsOpen;
        boolean forLease = cellsForLease;
        long until = fastUntil;
        foldCells();
        Tally<A> tally = takeTally(kind, nowMillis);
        if (wasOpen && !retired) {
            openCells(until, forLease);
        }
        return tally;
    }

    /**
     * Returns what this gate refused since the last drain, counting the lock-free cells without folding them, and
     * (if {@code withState}) its limiter's state; changes nothing. A fast-path refusal racing with this call may be
     * left out, never counted twice.
     */
    synchronized Inspection<A> inspect(Refusals.Kind kind, long nowMillis, boolean withState) {
        long cells = 0;
        if (cellsOpen) {
            cells += Math.max(0L, count);
            RefusalCell[] s = stripes;
            if (s != null) {
                for (int i = 0; i < STRIPES; i++) {
                    cells += Math.max(0L, s[i].count); // UNUSED adds nothing: it is closed
                }
            }
        }
        // Cells opened for a lease that promised to refuse count fleet refusals, as foldCells() will.
        PendingRefusals p = pending == null ? NONE_PENDING : pending;
        long byKey = p.byKey + (cellsForLease ? 0 : cells);
        long byFleet = p.byFleet + (cellsForLease ? cells : 0);
        String state = withState && !retired ? limiterToRead().describeState(nowMillis) : "";
        return new Inspection<>(kind, key, attachment, byKey, p.byCap, byFleet, state);
    }

    /**
     * Retires the gate if its limiter is idle at {@code nowMillis} (or unconditionally when {@code force}); a
     * retired gate answers every later {@link #decide} with {@link Outcome#RETIRED}.
     *
     * @return whether the gate is retired now
     */
    synchronized boolean retire(long nowMillis, boolean force) {
        if (retired) {
            return true;
        }
        boolean wasOpen = cellsOpen;
        boolean forLease = cellsForLease;
        long until = fastUntil;
        foldCells();
        if (force || limiterIdle(nowMillis)) {
            retired = true;
        } else if (wasOpen) {
            openCells(until, forLease);
        }
        return retired;
    }

    private void foldCells() {
        if (!cellsOpen) {
            return;
        }
        cellsOpen = false;
        fastUntil = KeyLimiter.NOT_REFUSING;
        long sum = close(this);
        RefusalCell[] s = stripes;
        if (s != null) {
            for (int i = 0; i < STRIPES; i++) {
                sum += s[i] == UNUSED ? 0 : close(s[i]);
            }
        }
        if (sum > 0 && cellsForLease) {
            pending().byFleet += sum;
        } else if (sum > 0) {
            limiter().addRefused(sum);
            pending().byKey += sum;
        }
    }

    private void openCells(long until, boolean forLease) {
        if (cellsOpen) {
            return;
        }
        cellsForLease = forLease;
        open(this);
        RefusalCell[] s = stripes;
        if (s != null) {
            for (int i = 0; i < STRIPES; i++) {
                if (s[i] != UNUSED) {
                    open(s[i]);
                }
            }
        }
        cellsOpen = true;
        fastUntil = until;
    }

    /** Closes one cell and returns what it counted, noting its times. */
    private long close(RefusalCell cell) {
        long n = (long) COUNT.getAndSet(cell, CLOSED);
        if (n <= 0) {
            return 0;
        }
        pending().note(cell.first, cell.last);
        return n;
    }

    private static void open(RefusalCell cell) {
        cell.first = Long.MAX_VALUE;
        cell.last = Long.MIN_VALUE;
        cell.count = 0L;
    }

    /** Returns what was refused since the last drain, made at the key's first refusal. */
    private PendingRefusals pending() {
        PendingRefusals p = pending;
        if (p == null) {
            p = new PendingRefusals();
            pending = p;
        }
        return p;
    }

    private Tally<A> takeTally(Refusals.Kind kind, long nowMillis) {
        PendingRefusals p = pending;
        if (p == null || p.isEmpty()) {
            return null;
        }
        long last = p.lastAt == Long.MIN_VALUE ? nowMillis : p.lastAt;
        long first = Math.min(p.firstAt, last);
        Tally<A> tally = new Tally<>(kind, key, attachment, p.byKey, p.byCap, p.byFleet, first, last);
        p.clear();
        return tally;
    }

    /** Takes the tally of a retired gate; null if it refused nothing since the last drain. */
    synchronized Tally<A> takeRetiredTally(Refusals.Kind kind, long nowMillis) {
        return takeTally(kind, nowMillis);
    }

    private static int stripes(int processors) {
        int n = Integer.highestOneBit(Math.max(1, Math.min(32, 2 * processors) - 1)) << 1;
        return Math.max(2, n);
    }
}
