package dev.floodgate.spring;

import dev.floodgate.micrometer.FloodgateMetrics;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Refreshes the per-template meters every {@value #PERIOD_SECONDS} seconds on one daemon thread, when they are on.
 *
 * <p>Thread-safe.
 */
final class TemplateRefresh implements AutoCloseable {

    static final long PERIOD_SECONDS = 10;

    private final ScheduledExecutorService executor;

    TemplateRefresh(FloodgateMetrics metrics, boolean on) {
        if (!on) {
            executor = null;
            return;
        }
        executor = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "floodgate-template-meters");
            t.setDaemon(true);
            return t;
        });
        executor.scheduleWithFixedDelay(metrics::refreshTemplates, 0, PERIOD_SECONDS, TimeUnit.SECONDS);
    }

    @Override
    public void close() {
        if (executor != null) {
            executor.shutdownNow();
        }
    }
}
