package dev.floodgate.redis;

import io.netty.util.Timeout;
import io.netty.util.Timer;
import io.netty.util.TimerTask;
import io.netty.util.concurrent.EventExecutorGroup;
import java.util.Collections;
import java.util.Set;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The client's timer (command timeouts, reconnect delays): each timeout is a task scheduled on the client's
 * computation threads, which sleep until the next one is due. Lettuce's default, Netty's {@code HashedWheelTimer},
 * wakes ten times a second for as long as it lives, whether or not anything waits.
 *
 * <p>Thread-safe.
 */
final class ClientTimer implements Timer {

    private final EventExecutorGroup executor;
    private volatile boolean stopped;

    ClientTimer(EventExecutorGroup executor) {
        this.executor = executor;
    }

    @Override
    public Timeout newTimeout(TimerTask task, long delay, TimeUnit unit) {
        if (stopped) {
            throw new IllegalStateException("cannot be started once stopped");
        }
        Scheduled timeout = new Scheduled(task);
        timeout.future = executor.schedule(timeout, delay, unit);
        return timeout;
    }

    /** Takes no more timeouts; those scheduled run or are dropped with the executor, which the client's owner stops. */
    @Override
    public Set<Timeout> stop() {
        stopped = true;
        return Collections.emptySet();
    }

    /** One timeout: waiting, then cancelled or expired (run). */
    private final class Scheduled implements Timeout, Runnable {
        private static final int WAITING = 0;
        private static final int CANCELLED = 1;
        private static final int EXPIRED = 2;

        private final TimerTask task;
        private final AtomicInteger state = new AtomicInteger(WAITING);
        private volatile Future<?> future;

        Scheduled(TimerTask task) {
            this.task = task;
        }

        @Override
        public void run() {
            if (!state.compareAndSet(WAITING, EXPIRED)) {
                return;
            }
            try {
                task.run(this);
            } catch (Exception e) {
                // as HashedWheelTimer does, a task's failure ends that task alone
            }
        }

        @Override
        public Timer timer() {
            return ClientTimer.this;
        }

        @Override
        public TimerTask task() {
            return task;
        }

        @Override
        public boolean isExpired() {
            return state.get() == EXPIRED;
        }

        @Override
        public boolean isCancelled() {
            return state.get() == CANCELLED;
        }

        @Override
        public boolean cancel() {
            if (!state.compareAndSet(WAITING, CANCELLED)) {
                return false;
            }
            Future<?> f = future;
            if (f != null) {
                f.cancel(false);
            }
            return true;
        }
    }
}
