package dev.floodgate.redis;

import io.lettuce.core.event.DefaultEventPublisherOptions;
import io.lettuce.core.metrics.CommandLatencyRecorder;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.DefaultClientResources;
import io.netty.util.concurrent.DefaultEventExecutorGroup;
import io.netty.util.concurrent.EventExecutorGroup;
import java.util.concurrent.TimeUnit;

/**
 * The Lettuce thread pools that every fleet connection of the JVM shares, created with the first and shut down
 * with the last, so that 200 filters do not start 200 pairs of event loops. All their threads are the client's
 * ({@link ClientThreads}), and none wakes while nothing is sent or due: the timer is a {@link ClientTimer}, and
 * Lettuce's command latency metrics, published every ten minutes, are off.
 *
 * <p>Thread-safe; guarded by the class. Called on the client's threads only.
 */
final class SharedResources {

    private static ClientResources shared;
    private static EventExecutorGroup computation;
    private static int users;

    private SharedResources() {
    }

    /** Returns the shared resources, creating them for the first user. */
    static synchronized ClientResources acquire() {
        if (users++ == 0) {
            computation = new DefaultEventExecutorGroup(2, ClientThreads.PROVIDER.getThreadFactory("computation"));
            shared = DefaultClientResources.builder().threadFactoryProvider(ClientThreads.PROVIDER)
                    .ioThreadPoolSize(2).eventExecutorGroup(computation).timer(new ClientTimer(computation))
                    .commandLatencyRecorder(CommandLatencyRecorder.disabled())
                    .commandLatencyPublisherOptions(DefaultEventPublisherOptions.disabled()).build();
        }
        return shared;
    }

    /** Gives back what {@link #acquire()} returned; the last user's release shuts the threads down, without waiting. */
    static synchronized void release() {
        if (users > 0 && --users == 0) {
            EventExecutorGroup stopping = computation;
            shared.shutdown(0, 2, TimeUnit.SECONDS).addListener(done -> stopping.shutdownGracefully(0, 2,
                    TimeUnit.SECONDS));
            shared = null;
            computation = null;
        }
    }
}
