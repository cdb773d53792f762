package dev.floodgate.core;

import java.lang.ref.WeakReference;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * The thread that ticks the self-ticking {@link TickingClock}s: started by the read that wakes a resting clock,
 * ticking every clock that is not resting each {@value TickingClock#TICK_MILLIS} ms, parked in between, and ending
 * when no clock has ticked for {@value TickingClock#LINGER_MILLIS} ms.
 *
 * <p>Thread-safe. Invariant: while a clock of this ticker is not resting, a thread of this ticker runs, or is about
 * to see that clock before it ends. Memory: one weak reference per clock made; those of collected clocks are dropped
 * when met.
 */
final class ClockTicker implements TickingClock.Ticker, Runnable {

    /*
     * Start and end: `thread` is the running thread or null. wake() (after a clock's CAS out of rest) unparks it, or
     * starts one if there is none. The thread ends only after it found no clock ticking, set `thread` to null, and
     * found none ticking again; if a clock woke in between, it takes `thread` back, unless a waker started another
     * thread meanwhile, which then ticks. A clock's wake is a volatile write before the waker reads `thread`, and
     * the ending thread clears `thread` before it looks again, so one of the two always sees the other.
     */

    private static final ClockTicker SHARED = new ClockTicker("floodgate-clock");
    private static final long TICK_NANOS = TimeUnit.MILLISECONDS.toNanos(TickingClock.TICK_MILLIS);
    private static final long LINGER_NANOS = TimeUnit.MILLISECONDS.toNanos(TickingClock.LINGER_MILLIS);

    private final String threadName;
    private final List<WeakReference<TickingClock>> clocks = new CopyOnWriteArrayList<>();
    private final AtomicReference<Thread> thread = new AtomicReference<>();

    ClockTicker(String threadName) {
        this.threadName = threadName;
    }

    /** Returns the ticker of the JVM's self-ticking clocks. */
    static ClockTicker shared() {
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
