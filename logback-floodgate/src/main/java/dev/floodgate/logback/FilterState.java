package dev.floodgate.logback;

import ch.qos.logback.core.Context;
import ch.qos.logback.core.spi.ContextAwareBase;
import ch.qos.logback.core.spi.LifeCycle;
import dev.floodgate.core.Clock;
import dev.floodgate.core.FloodEngine;
import dev.floodgate.core.FloodgateConfig;
import dev.floodgate.core.Option;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * What the turbo filter and the appender filter share: the options as written, the clock, the listener for misspelt
 * option elements, and the running Floodgate with its start, stop and handover across a reload.
 *
 * <p>Thread-safe: start and stop are serialized by one lock; {@link #active()} is a volatile read, so deciding takes
 * no lock. Invariant: the Floodgate is set while the owning filter is started, and after a context reset stopped it
 * until the reset has detached the filter (see {@link Handover}); a filter stopped any other way has none.
 */
final class FilterState {

    private final Map<String, String> settings = new LinkedHashMap<>();
    private final UnknownElements unknown;
    private final Object lock = new Object();
    /** The clock of the limiter, or null for the default ticking clock. */
    private Clock clock;
    private volatile ActiveFloodgate active;
    /** Where the started filter sits, or null if unknown; guarded by {@link #lock}. */
    private String place;
    /** Finds the place of a filter that did not know it at start, or null once it is placed (or cannot be). */
    private volatile Supplier<String> latePlace;
    /** The filter and how it names itself in status messages, set at start; guarded by {@link #lock}. */
    private ContextAwareBase owner;
    private String element;
    /** Where a parked Floodgate writes if nothing continues it; guarded by {@link #lock}. */
    private ActiveFloodgate.SummaryTarget settleTarget;
    /** The name monitoring knows the filter by; guarded by {@link #lock}. */
    private String name;

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

    /**
     * Returns null if no clock was set (the default); else the clock the running Floodgate reads, which after a
     * reload is the one of the filter it continues, or when stopped the clock set for the next start.
     */
    Clock clock() {
        ActiveFloodgate a = active;
        return clock == null || a == null ? clock : a.engine().clock();
    }

    /** Returns the started Floodgate, or null when stopped. */
    ActiveFloodgate active() {
        return active;
    }

    /**
     * Starts the Floodgate unless {@code filter} is started; on success registers the filter with its context (so that
     * a reset stops it before the appenders) and with monitoring as {@code name}, and runs {@code markStarted}. A bad
     * setting leaves the filter stopped.
     * If a reset parked the Floodgate of a filter at {@code place} with equal settings, continues its engine; if the
     * settings differ, says so with an INFO status and starts afresh.
     *
     * @param place where the filter sits in the configuration (its name, or its position), or null if unknown
     * @param settleTarget where a parked Floodgate of this filter writes its summaries if nothing continues it
     */
    <F extends ContextAwareBase & LifeCycle> void start(F filter, String element, String name,
            ActiveFloodgate.SummaryTarget target, Runnable markStarted, String place,
            ActiveFloodgate.SummaryTarget settleTarget) {
        start(filter, element, name, target, markStarted, place, null, settleTarget);
    }

    /**
     * Starts as {@link #start(ContextAwareBase, String, String, ActiveFloodgate.SummaryTarget, Runnable, String,
     * ActiveFloodgate.SummaryTarget)} a filter that learns its place only once attached (Joran attaches an appender's
     * filter after starting it): {@link #placeLate()} finds it with {@code latePlace} before the first decision, or
     * when the configuration ends, whichever comes first.
     */
    <F extends ContextAwareBase & LifeCycle> void start(F filter, String element, String name,
            ActiveFloodgate.SummaryTarget target, Runnable markStarted, String place,
            Supplier<String> latePlace, ActiveFloodgate.SummaryTarget settleTarget) {
        synchronized (lock) {
            if (filter.isStarted()) {
                return;
            }
            Context context = filter.getContext();
            boolean late = place == null && latePlace != null;
            ActiveFloodgate started = ActiveFloodgate.start(filter, element, settings, unknown.stopListening(), clock,
                    target, config -> continued(filter, element, context, place, config), late);
            if (started == null) {
                return;
            }
            active = started;
            this.owner = filter;
            this.element = element;
            this.place = place;
            this.settleTarget = settleTarget;
            if (late) {
                this.latePlace = latePlace;
                Handover.of(context).awaitPlace(this);
            }
            this.name = name;
            started.lifecycle().register("logback", name);
            context.register(filter);
            markStarted.run();
        }
    }

    /** Returns whether the filter still has to find its place before it decides. */
    boolean awaitsPlace() {
        return latePlace != null;
    }

    /**
     * Finds the place of a filter started without one and continues the Floodgate parked there if the settings are
     * equal; runs before the filter's first decision. Idempotent.
     */
    void placeLate() {
        synchronized (lock) {
            Supplier<String> finder = latePlace;
            ActiveFloodgate current = active;
            if (finder == null || current == null) {
                return;
            }
            String found;
            try {
                found = finder.get();
            } catch (RuntimeException e) {
                found = null; // not attached anywhere the context can see: no predecessor to continue
            }
            place = found;
            FloodEngine engine = found == null ? null
                    : continued(owner, element, current.context(), found, current.config());
            ActiveFloodgate next = engine == null ? current.launch() : current.continueWith(engine);
            if (next != null && next != current) {
                current.stop(); // closes the engine made at start, which has counted nothing
                next.lifecycle().register("logback", name);
            }
            if (next != null) {
                active = next;
            }
            latePlace = null; // after the write of `active`: a decision that sees no late place sees the new one
        }
    }

    private FloodEngine continued(ContextAwareBase filter, String element, Context context, String place,
            FloodgateConfig config) {
        if (place == null || context == null) {
            return null;
        }
        Handover handover = Handover.of(context);
        FloodEngine engine = handover.claim(place, config, clock);
        if (engine == null && handover.isParked(place)) {
            filter.addInfo(element + ": the settings differ from those of the filter it replaces (" + place
                    + "), so it starts afresh; that filter's pending counts are written when the configuration ends");
        }
        return engine;
    }

    /**
     * Runs {@code markStopped}, then stops the Floodgate; idempotent. Stopped by a context reset that a configuration
     * normally follows, the Floodgate is parked for the filter that takes this one's place, and this filter goes on
     * deciding on it until the reset detaches it; stopped any other way, it writes what it has not reported yet.
     */
    void stop(Runnable markStopped) {
        synchronized (lock) {
            ActiveFloodgate stopping = active;
            markStopped.run();
            if (stopping == null) {
                return;
            }
            if (place != null && Handover.inResetBeforeConfiguration()) {
                Handover.of(stopping.context()).park(place, stopping, settleTarget);
            } else {
                active = null;
                stopping.stop();
            }
        }
    }


    /** Writes the summaries of the period that ended, if one did, as the scheduled task does, and waits for them. */
    void summarizeIfDue() {
        ActiveFloodgate a = active;
        if (a != null) {
            a.lifecycle().publishIfDueAndWait();
        }
    }
}
