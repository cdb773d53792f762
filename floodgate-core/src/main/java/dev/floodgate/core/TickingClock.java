package dev.floodgate.core;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.ref.WeakReference;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * A clock that is read for the price of a volatile load: it shows the time of its source as of the last
 * {@link #tick()}, taken every {@value #TICK_MILLIS} ms while the clock is read, and stops when nobody reads it.
 *
 * <p>Reading a real clock costs about as much as a whole suppressed logging call, so the hot path reads this one.
 * Times are therefore up to one tick (plus scheduling delay) behind the source: timeframe boundaries and the first
 * and last times in summaries are accurate to about {@value #TICK_MILLIS} ms. {@link #tick()} may also be called by
 * any thread (the filter does so every 1,024th suppressed call), so a stalled ticker delays the clock but never
 * freezes it while events arrive.
 *
 * <p>A clock made with {@link #TickingClock(Clock)} ticks itself: one daemon thread of the JVM, {@code
 * floodgate-clock}, ticks every such clock that was read in the last {@value #QUIET_MILLIS} ms. A clock that was not
 * read for that long rests: it is no longer ticked, and the first read after that reads the source, so it shows the
 * exact time, and sets the clock ticking again. The thread ends when no clock has been ticking for
 * {@value #LINGER_MILLIS} ms, and starts again with the next read. So an idle application holds no thread of the
 * clock and wakes none. A clock made with {@link #tickedByHand(Clock)} moves only when ticked.
 *
 * <p>Thread-safe; never moves backwards; {@link #millis()} allocates nothing, except that the first read after a
 * rest may start the thread.
 */
public final class TickingClock implements Clock {

    /** How often the clock is ticked while it is read, in milliseconds. */
    public static final long TICK_MILLIS = 10L;
    /** How long a self-ticking clock goes on ticking after it was last read, in milliseconds. */
    public static final long QUIET_MILLIS = 100L;
    /** How long the ticking thread waits for a clock to tick before it ends, in milliseconds. */
    public static final long LINGER_MILLIS = 1_000L;

    /*
     * Rest:
     *  (1) `now` is RESTING while the clock is not ticked; a read that finds it so reads the source, publishes that
     *      time with a CAS from RESTING (one winner, who asks the ticker to run) and returns it. A reader that loses
     *      the CAS returns the winner's time, so every thread's reads are ordered.
     *  (2) Reads set `read` when it is clear: one write per tick, whatever the rate of reads. The ticker clears it at
     *      every tick; after QUIET_TICKS ticks without a read it saves the time shown in `rested` and CASes `now` to
     *      RESTING. A read racing with that returned the time of the last tick, which is what it would have read a
     *      moment earlier; the next read wakes the clock.
     *  (3) A time is never written over RESTING except by the CAS of (1), so a resting clock is never moved by
     *      tick(), and a clock that is not RESTING is always one the ticker ticks.
     * Monotonic: a waking read returns at least `rested`, the last time shown before the rest; every other time
     *  comes from a CAS that only raises `now`.
     */

    /** The ticks without a read after which a self-ticking clock rests. */
    static final int QUIET_TICKS = (int) (QUIET_MILLIS / TICK_MILLIS);

    private static final long RESTING = Long.MIN_VALUE;
    private static final VarHandle NOW;

    static {
        try {
            NOW = MethodHandles.lookup().findVarHandle(TickingClock.class, "now", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** What ticks a self-ticking clock: {@link SharedTicker}, or a test's stand-in. */
    interface Ticker {
        /** Takes {@code clock} on, to tick it while it is not resting. */
        void add(TickingClock clock);

        /** Makes sure a clock that just woke gets ticked; false if it cannot be. */
        boolean wake();
    }

    private final Clock source;
    /** Ticks this clock while it is read; null for a clock ticked by hand, which never rests. */
    private final Ticker ticker;
    @SuppressWarnings("unused") // accessed through NOW
    private volatile long now;
    /** Whether the clock was read since the last tick; see (2). */
    private volatile boolean read;
    /** The last time shown before the clock rested; valid while `now` is RESTING. */
    private volatile long rested;
    /** Ticks in a row without a read; the ticker's alone. */
    private int quietTicks;

    /**
     * Creates a clock showing {@code source}'s time that ticks itself while it is read (see the class comment).
     *
     * @param source the clock whose time this one shows as of the last tick
     * @throws NullPointerException if {@code source} is null
     */
    public TickingClock(Clock source) {
        this(source, SharedTicker.shared());
    }

    /** Creates a clock that {@code ticker} ticks, or, if it is null, one ticked by hand. */
    TickingClock(Clock source, Ticker ticker) {
        this.source = Objects.requireNonNull(source, "source");
        this.ticker = ticker;
        this.rested = source.millis();
        this.now = ticker == null ? rested : RESTING;
        if (ticker != null) {
            ticker.add(this);
        }
    }

    /**
     * Returns a clock showing {@code source}'s time that moves only when {@link #tick()} is called: for tests that
     * step time as the production clock does, and for replays that tick it themselves.
     *
     * @param source the clock whose time this one shows as of the last tick
     * @return a clock that is never ticked by the ticking thread
     * @throws NullPointerException if {@code source} is null
     */
    public static TickingClock tickedByHand(Clock source) {
        return new TickingClock(source, null);
    }

    @Override
    public long millis() {
        long t = (long) NOW.getVolatile(this);
        if (t == RESTING) {
            return wake();
        }
        if (!read) {
            read = true;
        }
        return t;
    }

    /** The first read after a rest: reads the source and, if it wins the race, sets the clock ticking again. */
    private long wake() {
        long t = Math.max(source.millis(), rested);
        if (NOW.compareAndSet(this, RESTING, t)) {
            read = true;
            if (!ticker.wake()) {
                rested = t;
                NOW.compareAndSet(this, t, RESTING); // no thread to tick it: every read goes to the source
            }
            return t;
        }
        long shown = (long) NOW.getVolatile(this);
        return shown == RESTING ? t : shown;
    }

    /**
     * Moves the clock to its source's time, unless another tick moved it meanwhile (to a time read at about the same
     * moment) or it rests: one attempt, no loop, so that the fast path that calls it stays small.
     */
    public void tick() {
        long seen = (long) NOW.getVolatile(this);
        if (seen == RESTING) {
            return;
        }
        long t = source.millis();
        if (t > seen) {
            NOW.compareAndSet(this, seen, t);
        }
    }

    /**
     * One tick of the ticking thread: ticks the clock, or lets it rest if it was not read for {@link #QUIET_TICKS}
     * ticks. Returns whether the clock still ticks. Called by one thread at a time.
     */
    boolean tickOrRest() {
        long seen = (long) NOW.getVolatile(this);
        if (seen == RESTING) {
            quietTicks = 0;
            return false;
        }
        if (read) {
            read = false;
            quietTicks = 0;
        } else if (++quietTicks >= QUIET_TICKS) {
            rested = seen;
            if (NOW.compareAndSet(this, seen, RESTING)) {
                quietTicks = 0;
                return false;
            }
        }
        tick();
        return true;
    }

    /** Returns whether the clock is ticking: read lately, or ticked by hand. */
    boolean ticking() {
        return (long) NOW.getVolatile(this) != RESTING;
    }

    /**
     * Returns the clock's time without waking it: its time if it is ticking, else its source's (never less than the
     * last time it showed). For housekeeping that must not keep an idle clock ticking.
     *
     * @return the time in epoch milliseconds
     */
    public long millisWithoutWaking() {
        long t = (long) NOW.getVolatile(this);
        return t != RESTING ? t : Math.max(source.millis(), rested);
    }

    /** Returns {@value #TICK_MILLIS}: between two ticks a reading lags by up to one tick. */
    @Override
    public long resolutionMillis() {
        return TICK_MILLIS;
    }

    @Override
    public String toString() {
        return "TickingClock[" + source + "]";
    }

    /**
     * The thread that ticks the self-ticking clocks: started by the read that wakes a resting clock,
     * ticking every clock that is not resting each {@value #TICK_MILLIS} ms, parked in between, and ending
     * when no clock has ticked for {@value #LINGER_MILLIS} ms.
     *
     * <p>Thread-safe. Invariant: while a clock of this ticker is not resting, a thread of this ticker runs, or is about
     * to see that clock before it ends. Memory: one weak reference per clock made; those of collected clocks are dropped
     * when met.
     */
    static final class SharedTicker implements Ticker, Runnable {

        /*
         * Start and end: `thread` is the running thread or null. wake() (after a clock's CAS out of rest) unparks it, or
         * starts one if there is none. The thread ends only after it found no clock ticking, set `thread` to null, and
         * found none ticking again; if a clock woke in between, it takes `thread` back, unless a waker started another
         * thread meanwhile, which then ticks. A clock's wake is a volatile write before the waker reads `thread`, and
         * the ending thread clears `thread` before it looks again, so one of the two always sees the other.
         */

        private static final SharedTicker SHARED = new SharedTicker("floodgate-clock");
        private static final long TICK_NANOS = TimeUnit.MILLISECONDS.toNanos(TickingClock.TICK_MILLIS);
        private static final long LINGER_NANOS = TimeUnit.MILLISECONDS.toNanos(TickingClock.LINGER_MILLIS);

        private final String threadName;
        private final List<WeakReference<TickingClock>> clocks = new CopyOnWriteArrayList<>();
        private final AtomicReference<Thread> thread = new AtomicReference<>();

        SharedTicker(String threadName) {
            this.threadName = threadName;
        }

        /** Returns the ticker of the JVM's self-ticking clocks. */
        static SharedTicker shared() {
            return SHARED;
        }

        /** Adds a clock to tick while it is not resting; forgets the clocks that were collected. */
        @Override
        public void add(TickingClock clock) {
            clocks.removeIf(ref -> ref.get() == null);
            clocks.add(new WeakReference<>(clock));
        }

        /**
         * Makes sure a thread ticks the clock that just woke: unparks the running one, or starts one. Returns false if no
         * thread could be started.
         */
        @Override
        public boolean wake() {
            Thread running = thread.get();
            if (running != null) {
                LockSupport.unpark(running);
                return true;
            }
            Thread started = new Thread(null, this, threadName, 0, false);
            started.setDaemon(true);
            started.setContextClassLoader(null);
            if (!thread.compareAndSet(null, started)) {
                Thread other = thread.get();
                if (other != null) {
                    LockSupport.unpark(other);
                }
                return true;
            }
            try {
                started.start();
                return true;
            } catch (RuntimeException | OutOfMemoryError e) {
                thread.compareAndSet(started, null);
                return false;
            }
        }

        /** Returns the running thread, or null; for tests. */
        Thread thread() {
            return thread.get();
        }

        @Override
        public void run() {
            Thread me = Thread.currentThread();
            while (true) {
                if (tickAll()) {
                    LockSupport.parkNanos(this, TICK_NANOS);
                    continue;
                }
                LockSupport.parkNanos(this, LINGER_NANOS);
                if (anyTicking()) {
                    continue;
                }
                thread.compareAndSet(me, null);
                if (!anyTicking() || !thread.compareAndSet(null, me)) {
                    return;
                }
            }
        }

        /** Ticks or rests every clock; returns whether any still ticks. */
        private boolean tickAll() {
            boolean ticking = false;
            for (WeakReference<TickingClock> ref : clocks) {
                TickingClock clock = ref.get();
                if (clock == null) {
                    clocks.remove(ref);
                    continue;
                }
                try {
                    ticking |= clock.tickOrRest();
                } catch (RuntimeException e) {
                    ticking = true; // a source that throws: the readers see it too; the other clocks tick on
                }
            }
            return ticking;
        }

        private boolean anyTicking() {
            for (WeakReference<TickingClock> ref : clocks) {
                TickingClock clock = ref.get();
                if (clock != null && clock.ticking()) {
                    return true;
                }
            }
            return false;
        }
    }
}
