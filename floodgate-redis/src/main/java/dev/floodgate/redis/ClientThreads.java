package dev.floodgate.redis;

import io.lettuce.core.resource.ThreadFactoryProvider;
import io.netty.util.concurrent.FastThreadLocalThread;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The threads of Floodgate's Redis client: everything the client does runs on one of them (its set-up, Lettuce's
 * event loops, its computation threads and its timeouts), so that {@link ClientLog} can tell the client's own logging
 * from the application's by the thread alone.
 *
 * <p>Thread-safe. The threads are daemons, named {@code floodgate-redis-<pool>-<n>}.
 */
final class ClientThreads implements ThreadFactoryProvider {

    /** The provider that Lettuce asks for the thread factory of each of its pools. */
    static final ClientThreads PROVIDER = new ClientThreads();

    private static final AtomicInteger ONE_OFF = new AtomicInteger();

    /** A thread of the client. */
    private static final class ClientThread extends FastThreadLocalThread {
        ClientThread(Runnable task, String name) {
            super(task, name);
            setDaemon(true);
        }
    }

    private ClientThreads() {
    }

    /** Returns whether the calling thread is one of the client's. */
    static boolean current() {
        return Thread.currentThread() instanceof ClientThread;
    }

    /** Runs {@code task} on a new thread of the client, named for {@code what}. */
    static void start(String what, Runnable task) {
        new ClientThread(task, "floodgate-redis-" + what + "-" + ONE_OFF.incrementAndGet()).start();
    }

    @Override
    public ThreadFactory getThreadFactory(String poolName) {
        AtomicInteger count = new AtomicInteger();
        return task -> new ClientThread(task, "floodgate-redis-" + poolName + "-" + count.incrementAndGet());
    }
}
