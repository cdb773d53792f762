package dev.floodgate.logback;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.core.Context;
import ch.qos.logback.core.spi.ConfigurationEvent;
import ch.qos.logback.core.spi.ConfigurationEventListener;
import dev.floodgate.core.Clock;
import dev.floodgate.core.FloodEngine;
import dev.floodgate.core.FloodgateConfig;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * Where a Floodgate that a context reset stopped waits for the filter of the next configuration that takes its place:
 * one per {@link Context}, surviving the reset, keyed by the filter's place (see {@link FilterState}: its name, or
 * else its position among the Floodgate filters of the same kind and appender).
 *
 * <p>Thread-safe: every method holds this object's lock, and the registry of contexts holds its own; summaries are
 * written outside both. Memory: at most one parked Floodgate per place, and none once the next configuration has
 * ended; the registry holds its contexts weakly.
 */
final class Handover implements ConfigurationEventListener {

    /*
     * Lifecycle of a parked Floodgate (see logback.md, "Reloads"):
     *  (1) park: LoggerContext.reset() (not inside LoggerContext.stop()) stops the old filter; it parks its running
     *      Floodgate here, unclosed, with its pending counts, and keeps deciding on it until the reset detaches
     *      the filter, so that no event passes in between. Parking waits until the summaries its writer already
     *      took are written, before the reset stops the appenders. An older Floodgate still parked at the same place
     *      (a reset that no configuration followed) is closed and its summaries written now, while the appenders
     *      that saw its events are still attached.
     *  (2) claim: a filter that starts at the same place with an equal FloodgateConfig and the same kind of clock
     *      takes the engine over: same per-fingerprint state, same pending counts, same summary period.
     *  (3) settle: when a configuration ends (CONFIGURATION_ENDED_* event), every Floodgate still parked is closed
     *      and its summaries written through the new configuration (see ActiveFloodgate#stop(SummaryTarget)).
     *      A filter of the new configuration that found different settings in its place said so with an INFO
     *      status when it started.
     * So every count is written exactly once: by the filter that took the engine over, or when it is settled.
     */

    private static final Map<Context, Handover> BY_CONTEXT = new WeakHashMap<>();
    private static final String LOGGER_CONTEXT = LoggerContext.class.getName();

    private final Map<String, Parked> parked = new HashMap<>();
    /** Filters of the configuration being read that learn their place once attached; cleared when it ends. */
    private final List<FilterState> awaiting = new ArrayList<>();

    private Handover() {
    }

    /** Returns the handover of {@code context}, registering it for the context's configuration events. */
    static Handover of(Context context) {
        synchronized (BY_CONTEXT) {
            Handover h = BY_CONTEXT.get(context);
            if (h == null) {
                h = new Handover();
                BY_CONTEXT.put(context, h);
                context.addConfigurationEventListener(h);
            }
            return h;
        }
    }

    /**
     * Parks {@code floodgate} at {@code place}, to be written to {@code settleTarget} if no filter continues it;
     * closes and writes whatever was parked there before.
     */
    void park(String place, ActiveFloodgate floodgate, ActiveFloodgate.SummaryTarget settleTarget) {
        floodgate.lifecycle().park();
        Parked older;
        synchronized (this) {
            older = parked.put(place, new Parked(floodgate, settleTarget));
        }
        if (older != null && older.floodgate != floodgate) {
            older.floodgate.stop();
        }
    }

    /**
     * Returns the engine parked at {@code place} if its configuration equals {@code config} and its clock is of the
     * kind {@code configuredClock} asks for (the same class, or the default for null), and removes it; else null.
     *
     * @return the engine to continue, or null to start afresh
     */
    synchronized FloodEngine claim(String place, FloodgateConfig config, Clock configuredClock) {
        Parked candidate = parked.get(place);
        FloodEngine engine = candidate == null ? null : candidate.floodgate.lifecycle().handOver(config,
                configuredClock == null ? null : configuredClock.getClass());
        if (engine != null) {
            parked.remove(place);
        }
        return engine;
    }

    /** Returns whether a Floodgate is parked at {@code place}. */
    synchronized boolean isParked(String place) {
        return parked.containsKey(place);
    }

    /** Returns how many Floodgates are parked. */
    synchronized int parkedCount() {
        return parked.size();
    }

    /** Notes a filter that finds its place when the configuration ends, if it has not decided anything before. */
    synchronized void awaitPlace(FilterState filter) {
        awaiting.add(filter);
    }

    /**
     * Lets the filters that awaited their place find it, then closes every Floodgate still parked and writes its
     * summaries through the configuration now in place.
     */
    void settle() {
        List<FilterState> placing;
        synchronized (this) {
            placing = new ArrayList<>(awaiting);
            awaiting.clear();
        }
        for (FilterState filter : placing) {
            filter.placeLate();
        }
        List<Parked> unclaimed;
        synchronized (this) {
            unclaimed = new ArrayList<>(parked.values());
            parked.clear();
        }
        for (Parked p : unclaimed) {
            p.floodgate.stop(p.settleTarget);
        }
    }

    /** A parked Floodgate and where its summaries go if no filter continues it. Immutable. */
    private static final class Parked {
        final ActiveFloodgate floodgate;
        final ActiveFloodgate.SummaryTarget settleTarget;

        Parked(ActiveFloodgate floodgate, ActiveFloodgate.SummaryTarget settleTarget) {
            this.floodgate = floodgate;
            this.settleTarget = settleTarget;
        }
    }

    /**
     * Returns whether the calling thread is inside {@code LoggerContext.reset()} that {@code LoggerContext.stop()}
     * did not call: a reset that a configuration normally follows (Joran after a reset, a {@code scan} reload,
     * Spring Boot's re-initialisation), as opposed to the context stopping for good (its shutdown hook,
     * {@code stop()}) or a filter stopped by hand. Walks the stack; called only when a filter stops.
     */
    static boolean inResetBeforeConfiguration() {
        return StackWalker.getInstance().walk(frames -> {
            boolean reset = false;
            for (Iterator<StackWalker.StackFrame> it = frames.iterator(); it.hasNext();) {
                StackWalker.StackFrame frame = it.next();
                if (frame.getClassName().equals(LOGGER_CONTEXT)) {
                    if (frame.getMethodName().equals("stop")) {
                        return false;
                    }
                    reset |= frame.getMethodName().equals("reset");
                }
            }
            return reset;
        });
    }

    @Override
    public void listen(ConfigurationEvent event) {
        if (event.getEventType().name().startsWith("CONFIGURATION_ENDED")) {
            settle();
        }
    }
}
