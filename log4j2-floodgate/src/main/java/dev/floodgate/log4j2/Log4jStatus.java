package dev.floodgate.log4j2;

import dev.floodgate.core.internal.FilterStatus;
import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.status.StatusLogger;

/**
 * A filter's reports through Log4j's {@link StatusLogger}, each naming the plugin, so that Floodgate never logs
 * through the framework it filters.
 *
 * <p>Thread-safe and stateless.
 */
final class Log4jStatus implements FilterStatus {

    private static final Logger STATUS = StatusLogger.getLogger();

    @Override
    public void info(String message) {
        STATUS.info("{}: {}", FloodgateFilter.PLUGIN_NAME, message);
    }

    @Override
    public void warn(String message, Throwable cause) {
        STATUS.warn("{}: {}", FloodgateFilter.PLUGIN_NAME, message, cause);
    }

    @Override
    public void error(String message, Throwable cause) {
        STATUS.error("{}: {}", FloodgateFilter.PLUGIN_NAME, message, cause);
    }
}
