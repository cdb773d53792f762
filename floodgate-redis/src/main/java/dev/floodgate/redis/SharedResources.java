package dev.floodgate.redis;

import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.DefaultClientResources;
import java.util.concurrent.TimeUnit;

/**
 * The Lettuce thread pools that every fleet connection of the JVM shares, created with the first and shut down
 * with the last, so that 200 filters do not start 200 pairs of event loops. All their threads are the client's
 * ({@link ClientThreads}).
 *
 * <p>Thread-safe; guarded by the class. Called on the client's threads only.
 */
final class SharedResources {

    private static ClientResources shared;
    private static int users;

    private SharedResources() {
    }

    /** Returns the shared resources, creating them for the first user. */
    static synchronized ClientResources acquire() {
        if (users++ == 0) {
            shared = DefaultClientResources.builder().threadFactoryProvider(ClientThreads.PROVIDER)
                    .ioThreadPoolSize(2).computationThreadPoolSize(2).build();
        }
        return shared;
    }

    /** Gives back what {@link #acquire()} returned; the last user's release shuts the threads down, without waiting. */
    static synchronized void release() {
        if (users > 0 && --users == 0) {
            shared.shutdown(0, 2, TimeUnit.SECONDS);
            shared = null;
        }
    }
}
