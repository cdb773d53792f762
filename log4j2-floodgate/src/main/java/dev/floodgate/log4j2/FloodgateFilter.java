package dev.floodgate.log4j2;

import dev.floodgate.core.Fingerprint;
import dev.floodgate.core.FloodEngine;
import dev.floodgate.core.FloodgateConfig;
import dev.floodgate.core.internal.CappedReports;
import dev.floodgate.core.internal.FilterLifecycle;
import dev.floodgate.core.internal.SummaryScheduler;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.Marker;
import org.apache.logging.log4j.core.Filter;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.Logger;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.Node;
import org.apache.logging.log4j.core.config.plugins.Plugin;
import org.apache.logging.log4j.core.config.plugins.PluginBuilderFactory;
import org.apache.logging.log4j.core.filter.AbstractFilter;
import org.apache.logging.log4j.core.impl.MementoMessage;
import org.apache.logging.log4j.message.FormattedMessage;
import org.apache.logging.log4j.message.Message;
import org.apache.logging.log4j.message.MessageFormatMessage;
import org.apache.logging.log4j.message.ObjectMessage;
import org.apache.logging.log4j.message.ParameterizedMessage;
import org.apache.logging.log4j.message.ReusableMessage;
import org.apache.logging.log4j.message.ReusableObjectMessage;
import org.apache.logging.log4j.message.SimpleMessage;
import org.apache.logging.log4j.message.StringFormattedMessage;
import org.apache.logging.log4j.status.StatusLogger;

/**
 * The {@code <Floodgate>} filter of {@code log4j2.xml}: gives every message template its own adaptive rate limit,
 * drops the repeats of a flood, and periodically logs what it dropped
 * ({@code Suppressed 12,345 messages like "Connection to {} failed: {}" in the last 30s (...)}).
 *
 * <p>It works wherever Log4j accepts a filter. Context-wide ({@code <Configuration><Floodgate/>}) it decides before
 * the event exists, from the logger, level, marker, message template and parameters; calls below the logger's level
 * and {@code isEnabled} probes return {@code NEUTRAL} at once and are not counted. On a {@code <Logger>}, an
 * {@code <AppenderRef>} or an appender it decides on the event, and its summaries go only where its events went.
 * A suppressed call gets {@code onMismatch} ({@code DENY}), any other counted call {@code onMatch}
 * ({@code NEUTRAL}), the convention of Log4j's {@code BurstFilter}; calls the filter does not count always get
 * {@code NEUTRAL}.
 *
 * <p>Summaries fall due every {@code summaryInterval} on the configuration's scheduler and are written on a writer
 * thread of their own (so a slow appender holds neither the scheduler nor a logging thread), and once more when the
 * configuration stops, before its appenders stop; a summary an appender throws on is carried into the next one. A
 * bad attribute is reported as a status error naming the attribute and its value, and the filter then passes every
 * event.
 *
 * <p>Thread-safe. The counted path takes no lock and, for the default fingerprint and the message types logged
 * through the {@code Logger} API, allocates nothing; see {@link FloodEngine#suppress}. It keeps no reference to
 * events, messages or parameters.
 */
@Plugin(name = FloodgateFilter.PLUGIN_NAME, category = Node.CATEGORY, elementType = Filter.ELEMENT_TYPE,
        printObject = true)
public final class FloodgateFilter extends AbstractFilter {

    /** The element name in {@code log4j2.xml}. */
    public static final String PLUGIN_NAME = "Floodgate";

    /* Lifecycle (the core's FilterLifecycle does the work; this class decides when):
     *   NEW  -> LIVE  in start() (for a filter on an AppenderRef, Log4j calls it from the AppenderControl
     *               constructor), or failing that on the first counted call; going live finds where the filter sits
     *               (SummaryRoute) and starts the lifecycle on the configuration's scheduler.
     *   LIVE -> DONE  in finish(): the lifecycle stops, which closes the engine and writes what it returns, waiting at
     *               most SummaryPublisher.STOP_TIMEOUT_MILLIS. Called by stop(), and by the first Floodgate filter of
     *               the configuration to stop (ConfigurationFloodgates).
     *   Exit: if the JVM exits first (no shutdown hook of Log4j's, or racing it), the core's exit hook stops the
     *   lifecycle's publisher while the appenders run; the filter stays LIVE on a closed engine, which counts nothing
     *   more, and a later finish() waits for that stop so that Log4j stops its appenders only after it.
     *   A filter built from a bad configuration starts DONE and has no engine: it passes everything.
     * Reload (monitorInterval, Configurator.reconfigure): Log4j starts the new configuration while the old one still
     *   serves, then swaps them and stops the old one. Going live, a filter looks in the configuration still in
     *   place for a live Floodgate filter in the same place (SummaryRoute and position among the Floodgate filters
     *   there) with an equal FloodgateConfig and the same clock class, and takes its engine over: same state, same
     *   pending counts, same summary period. The old filter's lifecycle is then handed over (FilterLifecycle
     *   .handOver): it takes no summary and never closes the engine, and the filter goes on deciding on it for the
     *   calls still in flight through the old configuration. When that configuration stops, before its appenders,
     *   its lifecycle waits (at most SummaryPublisher.RELEASE_TIMEOUT_MILLIS) until its writer has written the
     *   summaries it took before the handover, which go to those appenders. Different settings: an INFO status, and
     *   the old filter flushes at its own stop.
     * Concurrency: the counted path reads `phase` (volatile) and nothing guarded; engine and countedIntLevel are
     *   written before the volatile write of LIVE. Going live and finishing hold lifecycleLock, then the lifecycle's
     *   own lock; the writer thread takes neither (RouteSink's route is volatile). The lifecycle guarantees that
     *   every counted event is in exactly one summary written or reported.
     */

    private static final org.apache.logging.log4j.Logger STATUS = StatusLogger.getLogger();
    private static final int NEW = 0;
    private static final int LIVE = 1;
    private static final int DONE = 2;
    /** How many failures a filter reports; the last says that further ones are suppressed. */
    static final int MAX_FAILURES = 3;

    /** Set at build; replaced by a predecessor's engine when going live, before the volatile write of LIVE. */
    private FloodEngine engine;
    private final FloodgateConfig config;
    /** The class of the clock set on the builder, or null for the default ticking clock. */
    private final Class<?> clockClass;
    private final Configuration configuration;
    private final ConfigurationFloodgates group;
    private final int minIntLevel;
    private final String[] exemptMarkers;
    private final boolean allLoggers;
    private final String disabledBecause;
    private final Log4jStatus status = new Log4jStatus();
    /** Every runtime failure of this filter, deciding or summarizing, shares one budget of reports. */
    private final CappedReports failures = new CappedReports(status, MAX_FAILURES);
    private final Object lifecycleLock = new Object();

    private volatile int phase;
    /** Events less severe than this (larger intLevel) are not counted; valid once phase is LIVE. */
    private int countedIntLevel = Integer.MAX_VALUE;
    /** Writes summaries where the filter sits; null when disabled. */
    private final RouteSink sink;
    /** The engine's lifecycle; null when disabled; replaced with the engine when going live continues one. */
    private volatile FilterLifecycle lifecycle;
    private String place; // guarded by lifecycleLock; set when going live

    FloodgateFilter(FloodgateFilterBuilder b, FloodgateConfig config, FloodEngine engine, Level minLevel,
            Level summaryLevel) {
        super(b.getOnMatch(), b.getOnMismatch());
        this.engine = engine;
        this.clockClass = b.clock == null ? null : b.clock.getClass();
        this.config = config;
        this.configuration = b.configuration;
        this.group = ConfigurationFloodgates.of(b.configuration);
        this.minIntLevel = minLevel.intLevel();
        this.sink = new RouteSink(b.configuration, this, summaryLevel);
        List<String> exempt = new ArrayList<>();
        exempt.add(FloodEngine.SUMMARY_MARKER);
        exempt.addAll(config.exemptMarkers());
        this.exemptMarkers = exempt.toArray(new String[0]);
        this.allLoggers = config.limitsAllLoggers();
        this.disabledBecause = null;
        this.phase = NEW;
        this.lifecycle = newLifecycle(engine);
        group.join(this);
    }

    FloodgateFilter(FloodgateFilterBuilder b, String disabledBecause) {
        super(b.getOnMatch(), b.getOnMismatch());
        this.engine = null;
        this.clockClass = null;
        this.config = null;
        this.configuration = b.configuration;
        this.group = b.configuration == null ? null : ConfigurationFloodgates.of(b.configuration);
        this.minIntLevel = Integer.MIN_VALUE;
        this.sink = null;
        this.exemptMarkers = new String[0];
        this.allLoggers = true;
        this.lifecycle = null;
        this.disabledBecause = disabledBecause;
        this.phase = DONE;
        if (group != null) {
            group.join(this);
        }
    }

    /** {@return a builder; Log4j calls it for each {@code <Floodgate>} element} */
    @PluginBuilderFactory
    public static FloodgateFilterBuilder newBuilder() {
        return new FloodgateFilterBuilder();
    }

    /** {@return whether the filter limits anything; false when its configuration was rejected} */
    public boolean isEnabled() {
        return engine != null;
    }

    /** Returns the validated settings, or null when the configuration was rejected. */
    FloodgateConfig config() {
        return config;
    }

    /** Returns the number of fingerprints tracked now; 0 when disabled. */
    int trackedFingerprints() {
        return engine == null ? 0 : engine.trackedFingerprints();
    }

    // ---- Context-wide decisions: before the event exists ------------------------------------------------------

    @Override
    public Result filter(Logger logger, Level level, Marker marker, String msg) {
        Result r = onParams(logger, level, marker, msg, 0, null);
        return r != null ? r : Result.NEUTRAL;
    }

    @Override
    public Result filter(Logger logger, Level level, Marker marker, String msg, Object... params) {
        return onArray(logger, level, marker, msg, params);
    }

    @Override
    public Result filter(Logger logger, Level level, Marker marker, String msg, Object p0) {
        Result r = onParams(logger, level, marker, msg, 1, p0);
        return r != null ? r : onRendered(logger, level, marker, msg, p0);
    }

    @Override
    public Result filter(Logger logger, Level level, Marker marker, String msg, Object p0, Object p1) {
        Result r = onParams(logger, level, marker, msg, 2, p1);
        return r != null ? r : onRendered(logger, level, marker, msg, p0, p1);
    }

    @Override
    public Result filter(Logger logger, Level level, Marker marker, String msg, Object p0, Object p1, Object p2) {
        Result r = onParams(logger, level, marker, msg, 3, p2);
        return r != null ? r : onRendered(logger, level, marker, msg, p0, p1, p2);
    }

    @Override
    public Result filter(Logger logger, Level level, Marker marker, String msg, Object p0, Object p1, Object p2,
            Object p3) {
        Result r = onParams(logger, level, marker, msg, 4, p3);
        return r != null ? r : onRendered(logger, level, marker, msg, p0, p1, p2, p3);
    }

    @Override
    public Result filter(Logger logger, Level level, Marker marker, String msg, Object p0, Object p1, Object p2,
            Object p3, Object p4) {
        Result r = onParams(logger, level, marker, msg, 5, p4);
        return r != null ? r : onRendered(logger, level, marker, msg, p0, p1, p2, p3, p4);
    }

    @Override
    public Result filter(Logger logger, Level level, Marker marker, String msg, Object p0, Object p1, Object p2,
            Object p3, Object p4, Object p5) {
        Result r = onParams(logger, level, marker, msg, 6, p5);
        return r != null ? r : onRendered(logger, level, marker, msg, p0, p1, p2, p3, p4, p5);
    }

    @Override
    public Result filter(Logger logger, Level level, Marker marker, String msg, Object p0, Object p1, Object p2,
            Object p3, Object p4, Object p5, Object p6) {
        Result r = onParams(logger, level, marker, msg, 7, p6);
        return r != null ? r : onRendered(logger, level, marker, msg, p0, p1, p2, p3, p4, p5, p6);
    }

    @Override
    public Result filter(Logger logger, Level level, Marker marker, String msg, Object p0, Object p1, Object p2,
            Object p3, Object p4, Object p5, Object p6, Object p7) {
        Result r = onParams(logger, level, marker, msg, 8, p7);
        return r != null ? r : onRendered(logger, level, marker, msg, p0, p1, p2, p3, p4, p5, p6, p7);
    }

    @Override
    public Result filter(Logger logger, Level level, Marker marker, String msg, Object p0, Object p1, Object p2,
            Object p3, Object p4, Object p5, Object p6, Object p7, Object p8) {
        Result r = onParams(logger, level, marker, msg, 9, p8);
        return r != null ? r : onRendered(logger, level, marker, msg, p0, p1, p2, p3, p4, p5, p6, p7, p8);
    }

    @Override
    public Result filter(Logger logger, Level level, Marker marker, String msg, Object p0, Object p1, Object p2,
            Object p3, Object p4, Object p5, Object p6, Object p7, Object p8, Object p9) {
        Result r = onParams(logger, level, marker, msg, 10, p9);
        return r != null ? r : onRendered(logger, level, marker, msg, p0, p1, p2, p3, p4, p5, p6, p7, p8, p9);
    }

    @Override
    public Result filter(Logger logger, Level level, Marker marker, Object msg, Throwable t) {
        return onObject(logger, level, marker, msg, t);
    }

    @Override
    public Result filter(Logger logger, Level level, Marker marker, Message msg, Throwable t) {
        return onMessage(logger, level, marker, msg, t);
    }

    // ---- Event decisions: on a logger, an appender reference or an appender -----------------------------------

    @Override
    public Result filter(LogEvent event) {
        return onEvent(event);
    }

    /**
     * A String template with {@code count} parameters, the last of which is {@code last}; null, for the caller to
     * {@link #onRendered render} the message, if the call has arguments and the template is of placeholders alone
     * ({@link Fingerprint#isGeneric}).
     */
    private Result onParams(Logger logger, Level level, Marker marker, String msg, int count, Object last) {
        if (msg == null || level == null || logger == null || level.intLevel() > logger.getLevel().intLevel()) {
            return Result.NEUTRAL;
        }
        Throwable thrown = last instanceof Throwable ? (Throwable) last : null;
        int arguments = thrown == null ? count : count - 1;
        if (arguments > 0 && Fingerprint.isGeneric(msg)) {
            return null;
        }
        return decide(logger.getName(), level, marker, msg, arguments > 0, thrown, false);
    }

    private Result onArray(Logger logger, Level level, Marker marker, String msg, Object[] params) {
        int count = params == null ? 0 : params.length;
        Result r = onParams(logger, level, marker, msg, count, count == 0 ? null : params[count - 1]);
        return r != null ? r : onRendered(logger, level, marker, msg, params);
    }

    /**
     * A call whose template is of placeholders alone: limited by its message as Log4j renders it, masked like a
     * message logged without arguments, since the template says nothing of what is logged. Only such calls make the
     * array of their parameters.
     */
    private Result onRendered(Logger logger, Level level, Marker marker, String msg, Object... params) {
        Object last = params[params.length - 1];
        return decide(logger.getName(), level, marker, ParameterizedMessage.format(msg, params), false,
                last instanceof Throwable ? (Throwable) last : null, false);
    }

    /** A String, CharSequence or any other object logged as the message, and the call's throwable. */
    private Result onObject(Logger logger, Level level, Marker marker, Object msg, Throwable t) {
        if (msg == null || level == null || logger == null || level.intLevel() > logger.getLevel().intLevel()) {
            return Result.NEUTRAL;
        }
        // A String first: the most common message, and a class whose test is one compare, where an interface's
        // (Message) scans the string's interfaces on every call.
        if (msg instanceof String) {
            return decide(logger.getName(), level, marker, (String) msg, false, t, false);
        }
        if (msg instanceof Message) {
            return decideMessage(logger.getName(), level, marker, (Message) msg, t, false);
        }
        Throwable thrown = t != null ? t : msg instanceof Throwable ? (Throwable) msg : null;
        if (msg instanceof CharSequence) {
            return decide(logger.getName(), level, marker, msg.toString(), false, thrown, false);
        }
        return decide(logger.getName(), level, marker, ClassKeys.classKey(msg), true, thrown, false);
    }

    private Result onMessage(Logger logger, Level level, Marker marker, Message msg, Throwable t) {
        if (msg == null || level == null || logger == null || level.intLevel() > logger.getLevel().intLevel()) {
            return Result.NEUTRAL;
        }
        return decideMessage(logger.getName(), level, marker, msg, t, false);
    }

    private Result onEvent(LogEvent event) {
        if (event == null) {
            return Result.NEUTRAL;
        }
        Level level = event.getLevel();
        Message msg = event.getMessage();
        if (level == null || msg == null) {
            return Result.NEUTRAL;
        }
        return decideMessage(event.getLoggerName(), level, event.getMarker(), msg, event.getThrown(), true);
    }

    /**
     * Takes the template of a message: its format for the templated and reusable (garbage-free) types, a class key
     * for messages that have none (objects, maps, custom types). Never calls {@code getFormattedMessage()} and never
     * asks a reusable message for its parameter array, which would copy it. {@code Message.getFormat()} is
     * deprecated for its unclear meaning across message types; it is called only on the types where it is the
     * template.
     */
    @SuppressWarnings("deprecation")
    private Result decideMessage(String loggerName, Level level, Marker marker, Message msg, Throwable t,
            boolean eventPath) {
        String template;
        boolean hasArguments;
        Throwable thrown = t;
        try {
            if (msg instanceof ReusableObjectMessage) {
                Object value = ((ReusableObjectMessage) msg).getParameter();
                template = value instanceof String ? (String) value : ClassKeys.classKey(value);
                hasArguments = !(value instanceof String);
            } else if (msg instanceof ObjectMessage) {
                Object value = ((ObjectMessage) msg).getParameter();
                template = value instanceof String ? (String) value : ClassKeys.classKey(value);
                hasArguments = !(value instanceof String);
            } else if (msg instanceof ReusableMessage) {
                template = msg.getFormat();
                Throwable own = msg.getThrowable();
                int count = ((ReusableMessage) msg).getParameterCount();
                hasArguments = (own == null ? count : count - 1) > 0;
                thrown = thrown != null ? thrown : own;
            } else if (msg instanceof ParameterizedMessage || msg instanceof SimpleMessage
                    || msg instanceof StringFormattedMessage || msg instanceof MessageFormatMessage
                    || msg instanceof FormattedMessage || msg instanceof MementoMessage) {
                template = msg.getFormat();
                Object[] params = msg.getParameters();
                Throwable own = msg.getThrowable();
                int count = params == null ? 0 : params.length;
                if (own != null && count > 0 && params[count - 1] == own) {
                    count--;
                }
                hasArguments = count > 0;
                thrown = thrown != null ? thrown : own;
            } else {
                template = ClassKeys.classKey(msg);
                hasArguments = true;
            }
            if (template == null) {
                template = ClassKeys.classKey(msg);
                hasArguments = true;
            } else if (hasArguments && Fingerprint.isGeneric(template)) {
                // a template of placeholders alone: the rendered message is what is limited
                template = msg.getFormattedMessage();
                hasArguments = false;
            }
        } catch (RuntimeException e) {
            failed("reading a " + msg.getClass().getName(), e);
            return Result.NEUTRAL;
        }
        return decide(loggerName, level, marker, template, hasArguments, thrown, eventPath);
    }

    private Result decide(String loggerName, Level level, Marker marker, String template, boolean hasArguments,
            Throwable thrown, boolean eventPath) {
        if (phase != LIVE && !goLive()) {
            return Result.NEUTRAL;
        }
        int intLevel = level.intLevel();
        if (intLevel > minIntLevel || (eventPath && intLevel > countedIntLevel)) {
            return Result.NEUTRAL;
        }
        if (marker != null && exempt(marker)) {
            return Result.NEUTRAL;
        }
        String name = loggerName == null ? "" : loggerName;
        try {
            if (!allLoggers && !config.limitsLogger(name)) {
                return Result.NEUTRAL;
            }
            return engine.suppress(template, hasArguments, name, level, thrown) ? onMismatch : onMatch;
        } catch (RuntimeException e) {
            failed("limiting an event", e);
            return Result.NEUTRAL;
        }
    }

    private void failed(String what, RuntimeException e) {
        failures.error(what + " failed, so the event passes: " + e, e);
    }

    private boolean exempt(Marker marker) {
        for (String name : exemptMarkers) {
            if (marker.isInstanceOf(name)) {
                return true;
            }
        }
        return false;
    }

    // ---- Lifecycle and summaries ------------------------------------------------------------------------------

    @Override
    public void start() {
        setStarting();
        if (engine != null) {
            synchronized (lifecycleLock) {
                if (phase == NEW) {
                    goLiveLocked();
                }
            }
        }
        setStarted();
    }

    /** Goes live on first use if Log4j did not call {@link #start()}, e.g. for a filter added programmatically. */
    private boolean goLive() {
        if (phase == DONE) {
            return false;
        }
        synchronized (lifecycleLock) {
            if (phase == NEW && !group.configurationStopping()) {
                goLiveLocked();
                if (!isStarted()) {
                    setStarted();
                }
            }
            return phase == LIVE;
        }
    }

    private void goLiveLocked() {
        SummaryRoute route = sink.findRoute();
        place = group.placeOf(this, route.describe());
        String versionWarning = Log4jVersion.contextWideWarning();
        if (versionWarning != null && route.monitoringName().equals(SummaryRoute.CONTEXT_WIDE)) {
            STATUS.warn("{}: {}", PLUGIN_NAME, versionWarning);
        }
        FloodEngine continued = continuePredecessor();
        if (continued != null) {
            lifecycle.stop(); // closes the engine built with this filter, which has counted nothing
            engine = continued;
            lifecycle = newLifecycle(continued);
        }
        countedIntLevel = route.countedIntLevel();
        if (!route.stopsBeforeAppenders()) {
            group.needStopBeforeAppenders();
        }
        try {
            lifecycle.start(this::schedule);
        } catch (RuntimeException e) {
            STATUS.error("{}: cannot schedule summaries on the configuration's scheduler ({}); they are written "
                    + "only when the configuration stops", PLUGIN_NAME, e.toString(), e);
            lifecycle.start(null);
        }
        phase = LIVE;
        lifecycle.register("log4j2", route.monitoringName());
        STATUS.debug("{}: live {}: {}", PLUGIN_NAME, route.describe(), config);
    }

    private FilterLifecycle newLifecycle(FloodEngine of) {
        return new FilterLifecycle(of, clockClass, sink, status, failures, "floodgate-summaries " + PLUGIN_NAME);
    }

    /** Runs the summary task on the configuration's scheduler, whose one thread serves every Floodgate filter. */
    private SummaryScheduler.Scheduled schedule(Runnable task, long periodMillis) {
        ScheduledFuture<?> future = configuration.getScheduler().scheduleWithFixedDelay(task, periodMillis,
                periodMillis, TimeUnit.MILLISECONDS);
        return () -> future.cancel(false);
    }

    /**
     * Returns the engine of the live filter in the same place of the configuration this one replaces, if its settings
     * are equal, and hands that filter over; else null, with an INFO status if the settings were what differed.
     */
    private FloodEngine continuePredecessor() {
        FloodgateFilter predecessor = ConfigurationFloodgates.predecessor(configuration, this, place);
        if (predecessor == null) {
            return null;
        }
        FloodEngine continued = predecessor.handOver(config, clockClass);
        if (continued == null) {
            STATUS.info("{}: the settings {} differ from those of the filter it replaces, so it starts afresh; "
                    + "that filter writes its pending counts when its configuration stops", PLUGIN_NAME, place);
        } else {
            STATUS.debug("{}: {} continues the state and pending counts of the filter it replaces", PLUGIN_NAME,
                    place);
        }
        return continued;
    }

    /** Returns whether this filter is live at {@code where} and not handed over. */
    boolean isAt(String where) {
        synchronized (lifecycleLock) {
            return phase == LIVE && lifecycle.isLive() && where.equals(place);
        }
    }

    /**
     * Hands this filter's engine over to the filter that replaces it, if the settings and the kind of clock are the
     * same: from now on it writes no summary and never closes the engine, but goes on deciding on it. Returns null,
     * changing nothing, otherwise.
     */
    private FloodEngine handOver(FloodgateConfig successorConfig, Class<?> successorClock) {
        synchronized (lifecycleLock) {
            return phase == LIVE ? lifecycle.handOver(successorConfig, successorClock) : null;
        }
    }

    /** Returns the engine's lifecycle, or null when the filter is disabled. */
    FilterLifecycle lifecycle() {
        return lifecycle;
    }

    /** As the scheduled task, then waits until the summaries are written; tests call it after moving their clock. */
    void writeDueSummaries() {
        FilterLifecycle l = lifecycle;
        if (l != null) {
            l.publishIfDueAndWait();
        }
    }

    /** Returns whether the periodic summary task is scheduled. */
    boolean hasScheduledTask() {
        FilterLifecycle l = lifecycle;
        return l != null && l.isScheduled();
    }

    /**
     * Stops counting and writes every pending summary; idempotent. A filter whose engine was handed over only lets
     * its writer finish, and goes on deciding on the engine for the calls still in flight through its configuration.
     */
    void finish() {
        synchronized (lifecycleLock) {
            if (lifecycle == null || !lifecycle.isHandedOver()) {
                phase = DONE;
            }
            if (lifecycle != null) {
                lifecycle.stop();
            }
        }
    }

    /**
     * Stops the filter. If its configuration is stopping, first writes the pending summaries of every Floodgate
     * filter of that configuration, so they reach appenders that are still running.
     */
    @Override
    public boolean stop(long timeout, TimeUnit timeUnit) {
        setStopping();
        if (group != null && group.configurationStopping()) {
            group.flushAll();
        }
        finish();
        setStopped();
        return true;
    }

    @Override
    public String toString() {
        if (engine == null) {
            return PLUGIN_NAME + "[disabled, passes every event: " + disabledBecause + "]";
        }
        return PLUGIN_NAME + "[" + config + ", onMatch=" + onMatch + ", onMismatch=" + onMismatch + "]";
    }
}
