package dev.floodgate.logback;

import ch.qos.logback.core.Context;
import ch.qos.logback.core.spi.ContextAwareBase;
import ch.qos.logback.core.spi.LifeCycle;
import dev.floodgate.core.Clock;
import dev.floodgate.core.FilterRegistry;
import dev.floodgate.core.Option;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the turbo filter and the appender filter share: the options as written, the clock, the listener for misspelt
 * option elements, and the running Floodgate with its start and stop.
 *
 * <p>Thread-safe: start and stop are serialized by one lock; {@link #active()} is a volatile read, so deciding takes
 * no lock. Invariant: the Floodgate is set exactly while the owning filter is started.
 */
final class FilterState {

    private final Map<String, String> settings = new LinkedHashMap<>();
    private final UnknownElements unknown;
    private final Object lifecycle = new Object();
    /** The clock of the limiter, or null for the default ticking clock. */
    private Clock clock;
    private volatile ActiveFloodgate active;
    /** The started Floodgate's place in the monitoring registry; guarded by {@link #lifecycle}. */
    private FilterRegistry.Registration registration;

    FilterState(Class<?> filterClass) {
        this.unknown = new UnknownElements(filterClass);
    }

    /** Starts listening for warnings about misspelt option elements of the filter in {@code context}. */
    void listen(Context context) {
        unknown.listen(context);
    }

    /** Stores {@code value} for {@code option}, as written in XML; null restores the default. */
    void put(Option option, String value) {
        settings.put(option.key(), value);
    }

    void setClock(Clock clock) {
        this.clock = clock;
    }

    /** Returns the clock set for the next start, or null for the default. */
    Clock clock() {
        return clock;
    }

    /** Returns the started Floodgate, or null when stopped. */
    ActiveFloodgate active() {
        return active;
    }

    /**
     * Starts the Floodgate unless {@code filter} is started; on success registers the filter with its context (so that
     * a reset stops it before the appenders) and with monitoring as {@code name}, and runs {@code markStarted}. A bad
     * setting leaves the filter stopped.
     */
    <F extends ContextAwareBase & LifeCycle> void start(F filter, String element, String name,
            ActiveFloodgate.SummaryTarget target, Runnable markStarted) {
        synchronized (lifecycle) {
            if (filter.isStarted()) {
                return;
            }
            ActiveFloodgate started = ActiveFloodgate.start(filter, element, settings, unknown.stopListening(), clock,
                    target);
            if (started == null) {
                return;
            }
            active = started;
            registration = FilterRegistry.global().register("logback", name, started.engine(),
                    problem -> filter.addWarn(element + ": " + problem));
            filter.getContext().register(filter);
            markStarted.run();
        }
    }

    /** Runs {@code markStopped}, then stops the Floodgate, which writes what it has not reported yet; idempotent. */
    void stop(Runnable markStopped) {
        synchronized (lifecycle) {
            ActiveFloodgate stopping = active;
            active = null;
            markStopped.run();
            if (stopping != null) {
                stopping.stop();
            }
            if (registration != null) {
                registration.close();
                registration = null;
            }
        }
    }

    /** Writes the summaries of the period that ended, if one did, as the scheduled task does, and waits for them. */
    void summarizeIfDue() {
        ActiveFloodgate a = active;
        if (a != null) {
            a.summarizeIfDueAndWait();
        }
    }
}
