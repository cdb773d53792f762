package dev.floodgate.core;

import dev.floodgate.core.base.Checks;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * The bounded registry of keys: one {@link Gate} per key, created atomically, forgotten when idle, and never more
 * than {@code maxKeys} of them.
 *
 * <p>Thread-safe. Looking up a known key is a lock-free {@link ConcurrentHashMap} read. At the bound, the new keys of
 * each logger share an overflow gate of that logger, until a sweep forgets idle keys; a full ledger sweeps at most
 * once per {@code fullSweepSpacingMillis}, on the caller that found it full. A gate per logger (for up to
 * {@value #MAX_OVERFLOW_LOGGERS} loggers; past that, and for calls without a logger name, one shared gate) means that
 * a flood of distinct messages through one logger, which fills the ledger and then its own overflow gate, leaves the
 * new templates of every other logger to a limiter that has not refused them: their first occurrences pass. What
 * the overflow gates refused is reported together, as "other messages". Invariants: {@link #size()} never exceeds
 * {@code maxKeys}; every refusal is returned by exactly one {@link #drain(long)} or {@link #close(long)}, also for
 * gates forgotten in between (kept in a backlog of at most {@code maxKeys} tallies, beyond which they are added into
 * one {@link Refusals.Kind#EVICTED} tally).
 *
 * @param <A> what the caller attaches to each key for its summaries
 */
final class KeyLedger<A> {

    private static final VarHandle BITS = MethodHandles.arrayElementVarHandle(long[].class);
    private static final int MIN_FILTER_BITS = 1 << 12;
    private static final int MAX_FILTER_BITS = 1 << 24;

    /** Default bound on the number of keys. */
    public static final int DEFAULT_MAX_KEYS = 10_000;
    /** Largest accepted bound. */
    public static final int MAX_MAX_KEYS = 10_000_000;
    /** The most loggers that get an overflow gate of their own. */
    public static final int MAX_OVERFLOW_LOGGERS = 1_024;

    /*
     * Concurrency:
     *  (1) Admission reserves a slot (CAS on `reserved`) before inserting and releases it when it loses the
     *      insertion race or the key is removed; the map never holds more gates than reservations.
     *  (2) putIfAbsent publishes a gate before any event is decided on it, so racing first events share it.
     *  (3) Eviction: the sweeper retires a gate under the gate's lock after re-checking idleness there, then
     *      removes it. An event that reaches a retired gate gets RETIRED and admits the key again, creating a fresh
     *      gate; whoever removes the retired gate from the map releases its slot.
     *  (4) Close takes the admission write lock to set `closed`, so every gate inserted before it is in the map
     *      when close retires them all; admission after it returns null (the caller lets the event pass). An
     *      overflow gate of a logger is made under the read lock too, so close retires each of them; after close
     *      the shared overflow gate, retired, stands for every logger.
     *  (5) One sweeper at a time (sweepLock.tryLock); close waits for it, so no tally is taken after close.
     *  (6) `recent` may hold a retired gate; find returns it, its decide answers RETIRED, and the caller admits the
     *      key again (admit never consults `recent`). Its writes are rare, so it does not contend.
     *  (7) admitted (a Bloom filter): a key's two bits are set (atomically) before the key is put in the map, and
     *      never cleared, so a key in the map always has both; a lookup that finds either clear returns null at
     *      once. A lookup racing the insertion of the same key may miss it either way, as with the map alone.
     */

    private final KeyLimiterFactory settings;
    private final int maxKeys;
    private final long fullSweepSpacingMillis;
    private final ConcurrentHashMap<Object, Gate<A>> gates = new ConcurrentHashMap<>();
    private final AtomicInteger reserved = new AtomicInteger();
    /** The overflow gate of calls without a logger name and of loggers past {@link #MAX_OVERFLOW_LOGGERS}. */
    private final Gate<A> overflow;
    /** The overflow gate of each logger; at most {@link #MAX_OVERFLOW_LOGGERS}, never removed. */
    private final ConcurrentHashMap<String, Gate<A>> overflowByLogger = new ConcurrentHashMap<>();
    private final ReentrantLock sweepLock = new ReentrantLock();
    private final ReentrantReadWriteLock admission = new ReentrantReadWriteLock();
    private volatile boolean closed;
    private volatile long nextFullSweepAt = Long.MIN_VALUE;
    /**
     * The gate that most recently started refusing repeats, found by key identity before the map is asked; at first
     * the overflow gate, whose null key no lookup matches, so that the read needs no null check.
     */
    private volatile Gate<A> recent;
    /**
     * A Bloom filter of the admitted keys: two bits per key, set before the key is inserted and never cleared, so a
     * clear bit proves that the key was never admitted and a lookup of a key that overflowed skips the map. With 8 to
     * 16 bits per key of {@code maxKeys}, about 2 % of the lookups of keys never admitted reach the map when the
     * ledger is full.
     */
    private final long[] admitted;
    /** The two bits of a key are bits [64 - b, 64) and [64 - 2b, 64 - b) of its mixed hash, for 2^b bits. */
    private final int firstShift;
    private final int secondShift;
    private final long bitMask;

    /** Tallies of forgotten gates, waiting for the next drain; guarded by itself. */
    private final ArrayDeque<Tally<A>> backlog = new ArrayDeque<>();
    /** What no longer fitted in the backlog, added together; guarded by {@link #backlog}. */
    private Tally<A> evictedRest;

    /**
     * Creates an empty ledger.
     *
     * @param settings makes the limiter every key gets
     * @param maxKeys the bound on the number of keys
     * @param fullSweepSpacingMillis the least time between two sweeps triggered by a full ledger
     * @throws IllegalArgumentException if {@code maxKeys} is not between 1 and {@value #MAX_MAX_KEYS} or the
     *     spacing is negative
     * @throws NullPointerException if {@code settings} is null
     */
    public KeyLedger(KeyLimiterFactory settings, int maxKeys, long fullSweepSpacingMillis) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.maxKeys = (int) Checks.inRange("maxKeys", maxKeys, 1, MAX_MAX_KEYS);
        this.fullSweepSpacingMillis = Checks.inRange("fullSweepSpacingMillis", fullSweepSpacingMillis, 0,
                Long.MAX_VALUE);
        this.overflow = new Gate<>(null, null, settings);
        this.recent = overflow;
        int bits = Integer.highestOneBit(Math.max(MIN_FILTER_BITS, Math.min(MAX_FILTER_BITS, maxKeys * 8 - 1))) << 1;
        this.admitted = new long[bits / Long.SIZE];
        this.firstShift = Long.SIZE - Integer.numberOfTrailingZeros(bits);
        this.secondShift = firstShift - Integer.numberOfTrailingZeros(bits);
        this.bitMask = bits - 1;
    }

    /**
     * Returns the gate of {@code key}, or null if the key is unknown. The gate may have been retired since; then its
     * {@link Gate#decide} says so and the caller admits the key again.
     */
    public Gate<A> find(Object key) {
        Gate<A> r = recent;
        return r.key() == key ? r : lookUp(key);
    }

    /**
     * Returns the gate that most recently started refusing repeats without its lock (see {@link #remember}): a flood
     * of one template is found by comparing its key with the call's, by identity. Never null: until a gate refuses,
     * the overflow gate, whose null key matches no call's.
     */
    public Gate<A> recent() {
        return recent;
    }

    /** The part of {@link #find} past {@code recent}; out of line, so that a flood of one key compiles small. */
    private Gate<A> lookUp(Object key) {
        return mayHaveAdmitted(key) ? gates.get(key) : null;
    }

    /** Returns false if {@code key} was certainly never admitted; true if it may have been (Bloom filter). */
    boolean mayHaveAdmitted(Object key) {
        long h = mix(key);
        return isSet(firstBit(h)) && isSet(secondBit(h));
    }

    private static long mix(Object key) {
        return key.hashCode() * 0x9E3779B97F4A7C15L;
    }

    private int firstBit(long h) {
        return (int) (h >>> firstShift);
    }

    private int secondBit(long h) {
        return (int) ((h >>> secondShift) & bitMask);
    }

    private boolean isSet(int bit) {
        return ((long) BITS.getOpaque(admitted, bit >>> 6) & (1L << bit)) != 0;
    }

    private void set(int bit) {
        BITS.getAndBitwiseOr(admitted, bit >>> 6, 1L << bit);
    }

    /**
     * Notes that {@code gate} refuses repeats without its lock now, so that the next {@link #find} of the very same
     * key object skips the map: a flood of one template is found with one read. Called about once per timeframe
     * per flooding key.
     */
    public void remember(Gate<A> gate) {
        recent = gate;
    }

    /**
     * Returns the gate of {@code key}, creating it if needed: the overflow gate of the call's logger if the ledger is
     * full, or null once the ledger is closed.
     *
     * @param key an immutable key with value semantics; it is stored
     * @param attachment what summaries of this key need (logger, level, text); stored with a new gate
     * @param loggerName the call's logger name, which chooses the overflow gate; may be null
     */
    public Gate<A> admit(Object key, A attachment, String loggerName, long nowMillis) {
        while (!closed) {
            Gate<A> gate = gates.get(key);
            if (gate != null) {
                if (!gate.isRetired()) {
                    return gate;
                }
                if (gates.remove(key, gate)) {
                    reserved.decrementAndGet();
                }
                continue;
            }
            if (!reserve()) {
                sweepIfFull(nowMillis);
                if (!reserve()) {
                    return overflowOf(loggerName);
                }
            }
            Gate<A> inserted = insert(key, attachment);
            if (inserted != null) {
                return inserted;
            }
        }
        return null;
    }

    /**
     * Returns the overflow gate of {@code loggerName} if no new key fits now (after the sweep a full ledger may
     * trigger), else null; lets a caller skip building an attachment that {@link #admit} would not store. Advisory:
     * {@code admit} checks again.
     */
    public Gate<A> overflowIfFull(long nowMillis, String loggerName) {
        if (closed || reserved.get() < maxKeys) {
            return null;
        }
        sweepIfFull(nowMillis);
        return reserved.get() < maxKeys ? null : overflowOf(loggerName);
    }

    /**
     * Returns the overflow gate of {@code loggerName} while the ledger is full, else null; unlike
     * {@link #overflowIfFull}, never sweeps, so that the calls of keys beyond the bound cost a lookup by the logger's
     * name before the overflow gate's lock-free refusal. A caller whose event that gate does not refuse goes on to
     * {@code overflowIfFull} or {@link #admit}.
     *
     * @param loggerName the call's logger name; may be null
     * @return the overflow gate, or null while the ledger has room or is closed
     */
    public Gate<A> overflowWhileFull(String loggerName) {
        return reserved.get() >= maxKeys && !closed ? overflowOf(loggerName) : null;
    }

    /**
     * Returns the overflow gate of {@code loggerName}: its own, made on first use while fewer than
     * {@value #MAX_OVERFLOW_LOGGERS} loggers have one (a few more if callers race past the check), else the shared
     * one.
     */
    private Gate<A> overflowOf(String loggerName) {
        if (loggerName == null) {
            return overflow;
        }
        Gate<A> own = overflowByLogger.get(loggerName);
        if (own != null) {
            return own;
        }
        if (overflowByLogger.size() >= MAX_OVERFLOW_LOGGERS) {
            return overflow;
        }
        admission.readLock().lock();
        try {
            // made only while the ledger is open, so that close retires every overflow gate
            return closed ? overflow : overflowByLogger.computeIfAbsent(loggerName, name -> new Gate<>(null, null,
                    settings));
        } finally {
            admission.readLock().unlock();
        }
    }

    /**
     * Returns whether a gate is one of this ledger's overflow gates.
     *
     * @param gate a gate this ledger returned
     * @return true for an overflow gate
     */
    public boolean isOverflow(Gate<A> gate) {
        return gate != null && gate.key() == null;
    }

    private Gate<A> insert(Object key, A attachment) {
        admission.readLock().lock();
        try {
            if (closed) {
                reserved.decrementAndGet();
                return null;
            }
            Gate<A> fresh = new Gate<>(key, attachment, settings);
            long h = mix(key);
            set(firstBit(h));
            set(secondBit(h));
            Gate<A> prior = gates.putIfAbsent(key, fresh);
            if (prior == null) {
                return fresh;
            }
            reserved.decrementAndGet();
            return prior.isRetired() ? null : prior;
        } finally {
            admission.readLock().unlock();
        }
    }

    private boolean reserve() {
        int n;
        do {
            n = reserved.get();
            if (n >= maxKeys) {
                return false;
            }
        } while (!reserved.compareAndSet(n, n + 1));
        return true;
    }

    private void sweepIfFull(long nowMillis) {
        long due = nextFullSweepAt;
        if (nowMillis >= due) {
            nextFullSweepAt = nowMillis + fullSweepSpacingMillis;
            sweep(nowMillis);
        }
    }

    /**
     * Forgets every key whose limiter is idle at {@code nowMillis}; their refusals wait for the next drain. Returns
     * at once if another sweep is running.
     *
     * @return the number of keys forgotten
     */
    public int sweep(long nowMillis) {
        if (!sweepLock.tryLock()) {
            return 0;
        }
        try {
            int forgotten = 0;
            for (Gate<A> gate : gates.values()) {
                if (gate.retire(nowMillis, false)) {
                    if (gates.remove(gate.key(), gate)) {
                        reserved.decrementAndGet();
                    }
                    forgotten++;
                    keep(gate.takeRetiredTally(Refusals.Kind.KEY, nowMillis));
                }
            }
            return forgotten;
        } finally {
            sweepLock.unlock();
        }
    }

    private void keep(Tally<A> tally) {
        if (tally == null) {
            return;
        }
        synchronized (backlog) {
            if (backlog.size() < maxKeys) {
                backlog.add(tally);
            } else {
                evictedRest = evictedRest == null
                        ? new Tally<>(Refusals.Kind.EVICTED, null, null, tally.refusedByKey(), tally.refusedByCap(),
                                tally.refusedByFleet(), tally.firstAt(), tally.lastAt())
                        : evictedRest.plus(tally, Refusals.Kind.EVICTED, null, null);
            }
        }
    }

    /**
     * Takes what every gate refused since the last drain, including forgotten keys and the overflow gates (whose
     * refusals are one tally).
     *
     * @return the tallies, one per gate that refused anything; empty if nothing was refused
     */
    public List<Tally<A>> drain(long nowMillis) {
        List<Tally<A>> tallies = new ArrayList<>();
        for (Gate<A> gate : gates.values()) {
            add(tallies, gate.drain(Refusals.Kind.KEY, nowMillis));
        }
        Tally<A> other = overflow.drain(Refusals.Kind.OVERFLOW, nowMillis);
        for (Gate<A> gate : overflowByLogger.values()) {
            other = together(other, gate.drain(Refusals.Kind.OVERFLOW, nowMillis));
        }
        add(tallies, other);
        takeBacklog(tallies);
        return tallies;
    }

    /**
     * Returns what no drain has taken yet: the tallies of forgotten keys waiting for the next drain (as {@link
     * Refusals.Kind#KEY} or {@link Refusals.Kind#EVICTED}, with a null limiter state), then every gate, then the overflow
     * gates, each with refusals or not. For inspection: takes each gate's lock in turn, never the fast path's cells.
     * Read in that order, an eviction running meanwhile can make a count missing from this answer, never appear twice.
     *
     * @param withState whether to describe each limiter's state, which costs a string per gate
     */
    public List<Inspection<A>> inspect(long nowMillis, boolean withState) {
        List<Inspection<A>> out = new ArrayList<>();
        synchronized (backlog) {
            for (Tally<A> t : backlog) {
                out.add(Inspection.of(t));
            }
            if (evictedRest != null) {
                out.add(Inspection.of(evictedRest));
            }
        }
        for (Gate<A> gate : gates.values()) {
            out.add(gate.inspect(Refusals.Kind.KEY, nowMillis, withState));
        }
        out.add(overflow.inspect(Refusals.Kind.OVERFLOW, nowMillis, withState));
        for (Gate<A> gate : overflowByLogger.values()) {
            out.add(gate.inspect(Refusals.Kind.OVERFLOW, nowMillis, withState));
        }
        return out;
    }

    /**
     * Closes the ledger: retires every gate and returns everything still untold. Events decided afterwards are
     * not counted; {@link #admit} returns null for them.
     */
    public List<Tally<A>> close(long nowMillis) {
        admission.writeLock().lock();
        try {
            closed = true;
        } finally {
            admission.writeLock().unlock();
        }
        sweepLock.lock();
        try {
            List<Tally<A>> tallies = new ArrayList<>();
            for (Gate<A> gate : gates.values()) {
                gate.retire(nowMillis, true);
                add(tallies, gate.takeRetiredTally(Refusals.Kind.KEY, nowMillis));
            }
            overflow.retire(nowMillis, true);
            Tally<A> other = overflow.takeRetiredTally(Refusals.Kind.OVERFLOW, nowMillis);
            for (Gate<A> gate : overflowByLogger.values()) {
                gate.retire(nowMillis, true);
                other = together(other, gate.takeRetiredTally(Refusals.Kind.OVERFLOW, nowMillis));
            }
            add(tallies, other);
            takeBacklog(tallies);
            return tallies;
        } finally {
            sweepLock.unlock();
        }
    }

    private void takeBacklog(List<Tally<A>> tallies) {
        synchronized (backlog) {
            tallies.addAll(backlog);
            backlog.clear();
            add(tallies, evictedRest);
            evictedRest = null;
        }
    }

    /** Returns the refusals of two overflow tallies, either of which may be null, as one. */
    private static <A> Tally<A> together(Tally<A> a, Tally<A> b) {
        return a == null ? b : b == null ? a : a.plus(b, Refusals.Kind.OVERFLOW, null, null);
    }

    private static <A> void add(List<Tally<A>> tallies, Tally<A> tally) {
        if (tally != null) {
            tallies.add(tally);
        }
    }

    /**
     * Returns the number of keys held, never more than {@link #maxKeys()}. While keys are admitted and forgotten
     * concurrently it is an estimate: the map's own count is not atomic (it sums per-thread cells, so a forgetting
     * counted late beside an admission counted early reads high), and the reserved slots, which bound the map, may
     * include an admission in flight; the lesser of the two is reported.
     */
    public int size() {
        return Math.min(gates.size(), reserved.get());
    }

    /** Returns the bound on the number of keys. */
    public int maxKeys() {
        return maxKeys;
    }

    /** Returns whether the ledger is closed. */
    public boolean isClosed() {
        return closed;
    }
}
