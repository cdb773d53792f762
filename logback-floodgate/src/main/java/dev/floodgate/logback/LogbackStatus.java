package dev.floodgate.logback;

import ch.qos.logback.core.spi.ContextAwareBase;
import dev.floodgate.core.internal.FilterStatus;

/**
 * A filter's reports as statuses of its Logback context, each naming the filter's element, so that Floodgate never
 * logs through the framework it filters.
 *
 * <p>Thread-safe: Logback's status manager is.
 */
final class LogbackStatus implements FilterStatus {

    private final ContextAwareBase owner;
    private final String element;

    LogbackStatus(ContextAwareBase owner, String element) {
        this.owner = owner;
        this.element = element;
    }

    @Override
    public void info(String message) {
        owner.addInfo(element + ": " + message);
    }

    @Override
    public void warn(String message, Throwable cause) {
        owner.addWarn(element + ": " + message, cause);
    }

    @Override
    public void error(String message, Throwable cause) {
        owner.addError(element + ": " + message, cause);
    }
}
