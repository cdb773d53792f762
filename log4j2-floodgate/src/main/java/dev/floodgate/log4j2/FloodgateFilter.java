package dev.floodgate.log4j2;

import dev.floodgate.core.Clock;
import dev.floodgate.core.FilterRegistry;
import dev.floodgate.core.FloodFilter;
import dev.floodgate.core.FloodgateConfig;
import dev.floodgate.core.Option;
import dev.floodgate.core.SummaryPublisher;
import dev.floodgate.core.TickingClock;
import dev.floodgate.core.fleet.FleetStatus;
import dev.floodgate.core.summary.SuppressionSummary;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.Marker;
import org.apache.logging.log4j.core.Filter;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.Logger;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.ConfigurationScheduler;
import org.apache.logging.log4j.core.config.Node;
import org.apache.logging.log4j.core.config.plugins.Plugin;
import org.apache.logging.log4j.core.config.plugins.PluginBuilderAttribute;
import org.apache.logging.log4j.core.config.plugins.PluginBuilderFactory;
import org.apache.logging.log4j.core.config.plugins.PluginConfiguration;
import org.apache.logging.log4j.core.config.plugins.PluginElement;
import org.apache.logging.log4j.core.config.plugins.PluginNode;
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
 * through the {@code Logger} API, allocates nothing; see {@link FloodFilter#suppress}. It keeps no reference to
 * events, messages or parameters.
 */
@Plugin(name = FloodgateFilter.PLUGIN_NAME, category = Node.CATEGORY, elementType = Filter.ELEMENT_TYPE,
        printObject = true)
public final class FloodgateFilter extends AbstractFilter {

    /** The element name in {@code log4j2.xml}. */
    public static final String PLUGIN_NAME = "Floodgate";

    /* Lifecycle:
     *   NEW  -> LIVE  in start() (for a filter on an AppenderRef, Log4j calls it from the AppenderControl
     *               constructor), or failing that on the first counted call; going live finds where the filter sits
     *               (SummaryRoute) and schedules the summary task.
     *   LIVE -> DONE  in finish(): cancels the task, and the publisher closes the engine and writes what it returns,
     *               waiting at most SummaryPublisher.STOP_TIMEOUT_MILLIS. Called by stop(), and by the first Floodgate
     *               filter of the configuration to stop (ConfigurationFloodgates).
     *   A filter built from a bad configuration starts DONE and has no engine: it passes everything.
     * Reload (monitorInterval, Configurator.reconfigure): Log4j starts the new configuration while the old one still
     *   serves, then swaps them and stops the old one. Going live, a filter looks in the configuration still in
     *   place for a live Floodgate filter in the same place (SummaryRoute and position among the Floodgate filters
     *   there) with an equal FloodgateConfig and the same clock class, and takes its engine over: same state, same
     *   pending counts, same summary period. The old filter is then handed over: it cancels its tasks, writes no
     *   summary, never closes the engine, and goes on deciding on it for the calls still in flight through the old
     *   configuration. Different settings: an INFO status, and the old filter flushes at its stop as before.
     * Concurrency: the counted path reads `phase` (volatile) and nothing guarded; countedIntLevel is written before
     * the volatile write of LIVE. Going live, handing summaries to the publisher and finishing hold lifecycleLock;
     * the publisher's writer thread takes no lock of this class (route is volatile), and writes nothing after
     * finish() returns but a summary it was already writing when the stop's wait ran out. The engine and the
     * publisher guarantee that every counted event is in exactly one summary written or reported.
     */

    private static final org.apache.logging.log4j.Logger STATUS = StatusLogger.getLogger();
    private static final int NEW = 0;
    private static final int LIVE = 1;
    private static final int DONE = 2;
    /** How long {@link #writeDueSummaries()} waits for the writer at most. */
    private static final long TEST_WAIT_MILLIS = 60_000L;

    /** Set at build; replaced by a predecessor's engine when going live, before the volatile write of LIVE. */
    private FloodFilter engine;
    /** The live filter's place in the monitoring registry; guarded by {@code lifecycleLock}. */
    private FilterRegistry.Registration registration;
    private final FloodgateConfig config;
    /** The class of the clock set on the builder, or null for the default ticking clock. */
    private final Class<?> clockClass;
    private final Configuration configuration;
    private final ConfigurationFloodgates group;
    private final int minIntLevel;
    private final Level summaryLevel;
    private final String[] exemptMarkers;
    private final boolean allLoggers;
    private final String disabledBecause;
    private final StatusReporter status = new StatusReporter(PLUGIN_NAME);
    private final Object lifecycleLock = new Object();

    private volatile int phase;
    /** Events less severe than this (larger intLevel) are not counted; valid once phase is LIVE. */
    private int countedIntLevel = Integer.MAX_VALUE;
    /** Where summaries go; found when going live, or at the first write. */
    private volatile SummaryRoute route;
    /** Writes the engine's summaries; replaced with the engine when going live continues a predecessor. */
    private volatile SummaryPublisher publisher;
    private String place; // guarded by lifecycleLock; set when going live
    private boolean handedOver; // guarded by lifecycleLock
    private ScheduledFuture<?> task; // guarded by lifecycleLock
    /** The engine's clock when it is the default ticking clock, which the scheduler must tick; else null. */
    private TickingClock ticking; // written before the volatile write of LIVE
    private ScheduledFuture<?> tickTask; // guarded by lifecycleLock

    private FloodgateFilter(Builder b, FloodgateConfig config, FloodFilter engine, Clock clock, Level minLevel,
            Level summaryLevel) {
        super(b.getOnMatch(), b.getOnMismatch());
        this.engine = engine;
        this.clockClass = b.clock == null ? null : b.clock.getClass();
        this.ticking = clock instanceof TickingClock ? (TickingClock) clock : null;
        this.config = config;
        this.configuration = b.configuration;
        this.group = ConfigurationFloodgates.of(b.configuration);
        this.minIntLevel = minLevel.intLevel();
        this.summaryLevel = summaryLevel;
        List<String> exempt = new ArrayList<>();
        exempt.add(FloodFilter.SUMMARY_MARKER);
        exempt.addAll(config.exemptMarkers());
        this.exemptMarkers = exempt.toArray(new String[0]);
        this.allLoggers = config.limitsAllLoggers();
        this.disabledBecause = null;
        this.phase = NEW;
        this.publisher = new SummaryPublisher(engine, new Sink(), "floodgate-summaries " + PLUGIN_NAME);
        group.join(this);
    }

    private FloodgateFilter(Builder b, String disabledBecause) {
        super(b.getOnMatch(), b.getOnMismatch());
        this.ticking = null;
        this.engine = null;
        this.clockClass = null;
        this.config = null;
        this.configuration = b.configuration;
        this.group = b.configuration == null ? null : ConfigurationFloodgates.of(b.configuration);
        this.minIntLevel = Integer.MIN_VALUE;
        this.summaryLevel = null;
        this.exemptMarkers = new String[0];
        this.allLoggers = true;
        this.publisher = null;
        this.disabledBecause = disabledBecause;
        this.phase = DONE;
        if (group != null) {
            group.join(this);
        }
    }

    /** Returns a builder; Log4j calls it for each {@code <Floodgate>} element. */
    @PluginBuilderFactory
    public static Builder newBuilder() {
        return new Builder();
    }

    /** Returns whether the filter limits anything; false when its configuration was rejected. */
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
        return onParams(logger, level, marker, msg, 0, null);
    }

    @Override
    public Result filter(Logger logger, Level level, Marker marker, String msg, Object... params) {
        return onArray(logger, level, marker, msg, params);
    }

    @Override
    public Result filter(Logger logger, Level level, Marker marker, String msg, Object p0) {
        return onParams(logger, level, marker, msg, 1, p0);
    }

    @Override
    public Result filter(Logger logger, Level level, Marker marker, String msg, Object p0, Object p1) {
        return onParams(logger, level, marker, msg, 2, p1);
    }

    @Override
    public Result filter(Logger logger, Level level, Marker marker, String msg, Object p0, Object p1, Object p2) {
        return onParams(logger, level, marker, msg, 3, p2);
    }

    @Override
    public Result filter(Logger logger, Level level, Marker marker, String msg, Object p0, Object p1, Object p2,
            Object p3) {
        return onParams(logger, level, marker, msg, 4, p3);
    }

    @Override
    public Result filter(Logger logger, Level level, Marker marker, String msg, Object p0, Object p1, Object p2,
            Object p3, Object p4) {
        return onParams(logger, level, marker, msg, 5, p4);
    }

    @Override
    public Result filter(Logger logger, Level level, Marker marker, String msg, Object p0, Object p1, Object p2,
            Object p3, Object p4, Object p5) {
        return onParams(logger, level, marker, msg, 6, p5);
    }

    @Override
    public Result filter(Logger logger, Level level, Marker marker, String msg, Object p0, Object p1, Object p2,
            Object p3, Object p4, Object p5, Object p6) {
        return onParams(logger, level, marker, msg, 7, p6);
    }

    @Override
    public Result filter(Logger logger, Level level, Marker marker, String msg, Object p0, Object p1, Object p2,
            Object p3, Object p4, Object p5, Object p6, Object p7) {
        return onParams(logger, level, marker, msg, 8, p7);
    }

    @Override
    public Result filter(Logger logger, Level level, Marker marker, String msg, Object p0, Object p1, Object p2,
            Object p3, Object p4, Object p5, Object p6, Object p7, Object p8) {
        return onParams(logger, level, marker, msg, 9, p8);
    }

    @Override
    public Result filter(Logger logger, Level level, Marker marker, String msg, Object p0, Object p1, Object p2,
            Object p3, Object p4, Object p5, Object p6, Object p7, Object p8, Object p9) {
        return onParams(logger, level, marker, msg, 10, p9);
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

    /** A String template with {@code count} parameters, the last of which is {@code last}. */
    private Result onParams(Logger logger, Level level, Marker marker, String msg, int count, Object last) {
        if (msg == null || level == null || logger == null || level.intLevel() > logger.getLevel().intLevel()) {
            return Result.NEUTRAL;
        }
        Throwable thrown = last instanceof Throwable ? (Throwable) last : null;
        int arguments = thrown == null ? count : count - 1;
        return decide(logger.getName(), level, marker, msg, arguments > 0, thrown, false);
    }

    private Result onArray(Logger logger, Level level, Marker marker, String msg, Object[] params) {
        int count = params == null ? 0 : params.length;
        return onParams(logger, level, marker, msg, count, count == 0 ? null : params[count - 1]);
    }

    /** A String, CharSequence or any other object logged as the message, and the call's throwable. */
    private Result onObject(Logger logger, Level level, Marker marker, Object msg, Throwable t) {
        if (msg == null || level == null || logger == null || level.intLevel() > logger.getLevel().intLevel()) {
            return Result.NEUTRAL;
        }
        if (msg instanceof Message) {
            return decideMessage(logger.getName(), level, marker, (Message) msg, t, false);
        }
        Throwable thrown = t != null ? t : msg instanceof Throwable ? (Throwable) msg : null;
        if (msg instanceof String) {
            return decide(logger.getName(), level, marker, (String) msg, false, thrown, false);
        }
        if (msg instanceof CharSequence) {
            return decide(logger.getName(), level, marker, msg.toString(), false, thrown, false);
        }
        return decide(logger.getName(), level, marker, Templates.classKey(msg), true, thrown, false);
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
                template = value instanceof String ? (String) value : Templates.classKey(value);
                hasArguments = !(value instanceof String);
            } else if (msg instanceof ObjectMessage) {
                Object value = ((ObjectMessage) msg).getParameter();
                template = value instanceof String ? (String) value : Templates.classKey(value);
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
                template = Templates.classKey(msg);
                hasArguments = true;
            }
            if (template == null) {
                template = Templates.classKey(msg);
                hasArguments = true;
            }
        } catch (RuntimeException e) {
            status.failure("reading a " + msg.getClass().getName(), e);
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
            status.failure("limiting an event", e);
            return Result.NEUTRAL;
        }
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
        route = SummaryRoute.find(configuration, this);
        place = placeIn(configuration, this, route.describe());
        FloodFilter continued = continuePredecessor();
        if (continued != null) {
            engine = continued;
            publisher = new SummaryPublisher(continued, new Sink(), "floodgate-summaries " + PLUGIN_NAME);
            ticking = continued.clock() instanceof TickingClock ? (TickingClock) continued.clock() : null;
        }
        countedIntLevel = route.countedIntLevel();
        if (!route.stopsBeforeAppenders()) {
            group.needStopBeforeAppenders();
        }
        long period = config.summaryIntervalMillis();
        try {
            ConfigurationScheduler scheduler = configuration.getScheduler();
            task = scheduler.scheduleWithFixedDelay(new SummaryTask(this), period, period, TimeUnit.MILLISECONDS);
            if (ticking != null) {
                tickTask = scheduler.scheduleAtFixedRate(new TickTask(ticking), TickingClock.TICK_MILLIS,
                        TickingClock.TICK_MILLIS, TimeUnit.MILLISECONDS);
            }
        } catch (RuntimeException e) {
            STATUS.error("{}: cannot schedule summaries on the configuration's scheduler ({}); they are written "
                    + "only when the configuration stops", PLUGIN_NAME, e.toString(), e);
        }
        phase = LIVE;
        registration = FilterRegistry.global().register("log4j2", monitoringName(route.describe()), engine,
                problem -> STATUS.warn("{}: {}", PLUGIN_NAME, problem));
        STATUS.debug("{}: live {}: {}", PLUGIN_NAME, route.describe(), config);
    }

    /**
     * Returns where {@code filter} sits in {@code configuration}: its route and its position among the Floodgate
     * filters of that configuration with the same route, in the order they were built.
     */
    private static String placeIn(Configuration configuration, FloodgateFilter filter, String route) {
        int position = 1;
        for (FloodgateFilter member : ConfigurationFloodgates.of(configuration).members()) {
            if (member == filter) {
                break;
            }
            if (member.isEnabled() && SummaryRoute.find(configuration, member).describe().equals(route)) {
                position++;
            }
        }
        return route + " #" + position;
    }

    /**
     * Returns the engine of the live filter in the same place of the configuration this one replaces, if its settings
     * are equal, and hands that filter over; else null, with an INFO status if the settings were what differed.
     */
    private FloodFilter continuePredecessor() {
        org.apache.logging.log4j.core.LoggerContext context = configuration.getLoggerContext();
        Configuration previous = context == null ? null : context.getConfiguration();
        if (previous == null || previous == configuration) {
            return null;
        }
        ConfigurationFloodgates group = ConfigurationFloodgates.existing(previous);
        if (group == null) {
            return null;
        }
        for (FloodgateFilter member : group.members()) {
            if (member != this && member.isAt(place)) {
                FloodFilter continued = member.handOver(config, clockClass);
                if (continued == null) {
                    STATUS.info("{}: the settings {} differ from those of the filter it replaces, so it starts afresh; "
                            + "that filter writes its pending counts when its configuration stops", PLUGIN_NAME, place);
                } else {
                    STATUS.debug("{}: {} continues the state and pending counts of the filter it replaces",
                            PLUGIN_NAME, place);
                }
                return continued;
            }
        }
        return null;
    }

    /** Returns whether this filter is live at {@code where} and not handed over. */
    private boolean isAt(String where) {
        synchronized (lifecycleLock) {
            return phase == LIVE && !handedOver && where.equals(place);
        }
    }

    /**
     * Hands this filter's engine over to the filter that replaces it, if the settings and the kind of clock are the
     * same: cancels its tasks; from now on it writes no summary and never closes the engine, but goes on deciding on
     * it. Returns null, changing nothing, otherwise.
     */
    private FloodFilter handOver(FloodgateConfig successorConfig, Class<?> successorClock) {
        synchronized (lifecycleLock) {
            if (phase != LIVE || handedOver || !config.equals(successorConfig) || clockClass != successorClock) {
                return null;
            }
            handedOver = true;
            cancelTasks();
            return engine;
        }
    }

    private void cancelTasks() {
        if (task != null) {
            task.cancel(false);
            task = null;
        }
        if (tickTask != null) {
            tickTask.cancel(false);
            tickTask = null;
        }
    }

    /**
     * Hands the summaries that are due to the writer thread: those of the period that ended, if a
     * {@code summaryInterval} has passed on the filter's clock since the last ones. The scheduled task calls it; it
     * never waits for an appender.
     */
    void publishDueSummaries() {
        synchronized (lifecycleLock) {
            if (phase != LIVE || handedOver) {
                return;
            }
            try {
                publisher.publishIfDue();
            } catch (RuntimeException e) {
                status.failure("writing summaries", e);
            }
        }
    }

    /** As the scheduled task, then waits until the summaries are written; tests call it after moving their clock. */
    void writeDueSummaries() {
        if (publisher == null) {
            return;
        }
        try {
            publisher.awaitIdle(TEST_WAIT_MILLIS);
            publishDueSummaries();
            publisher.awaitIdle(TEST_WAIT_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Returns whether the periodic summary task is scheduled. */
    boolean hasScheduledTask() {
        synchronized (lifecycleLock) {
            return task != null && !task.isDone();
        }
    }

    /** Returns whether the clock-tick task is scheduled (only for the default ticking clock). */
    boolean hasScheduledTickTask() {
        synchronized (lifecycleLock) {
            return tickTask != null && !tickTask.isDone();
        }
    }

    /** Stops counting, cancels the scheduled task and writes every pending summary; idempotent. */
    void finish() {
        synchronized (lifecycleLock) {
            if (handedOver) {
                return; // the engine is its successor's now; calls in flight through this filter still count
            }
            if (engine == null || engine.isClosed()) {
                phase = DONE;
                return;
            }
            phase = DONE;
            cancelTasks();
            try {
                publisher.stop();
            } catch (RuntimeException e) {
                status.failure("writing the last summaries", e);
            }
            if (registration != null) {
                registration.close();
                registration = null;
            }
        }
    }

    /**
     * Returns the name monitoring shows for a filter placed as {@code where} says ({@link SummaryRoute#describe()}):
     * {@code context-wide}, {@code logger com.acme}, {@code appender alerts}, stable across reconfigurations.
     */
    static String monitoringName(String where) {
        if (where.startsWith("not found")) {
            return PLUGIN_NAME;
        }
        String name = where.startsWith("on ") ? where.substring(3) : where;
        return name.replace("\"", "").replace("the reference to ", "reference to ");
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

    /** The publisher's view of this filter: summary events through the route, diagnostics to the status logger. */
    private final class Sink implements SummaryPublisher.Sink {
        @Override
        public void write(SuppressionSummary s) {
            SummaryRoute r = route;
            if (r == null) {
                r = SummaryRoute.find(configuration, FloodgateFilter.this);
                route = r;
            }
            String loggerName = s.loggerName() != null ? s.loggerName() : FloodFilter.SUMMARY_LOGGER;
            Level level = summaryLevel != null ? summaryLevel
                    : s.level() instanceof Level ? (Level) s.level() : Level.WARN;
            if (!r.write(loggerName, level, new SummaryMessage(s))) {
                throw new IllegalStateException("the target " + r.describe() + " is not running");
            }
        }

        @Override
        public int severity(Object level) {
            return level instanceof Level ? -((Level) level).intLevel() : Integer.MIN_VALUE;
        }

        @Override
        public void warn(String message, Throwable cause) {
            STATUS.warn("{}: {}", PLUGIN_NAME, message, cause);
        }

        @Override
        public void error(String message, Throwable cause) {
            STATUS.error("{}: {}", PLUGIN_NAME, message, cause);
        }
    }

    @Override
    public String toString() {
        if (engine == null) {
            return PLUGIN_NAME + "[disabled, passes every event: " + disabledBecause + "]";
        }
        return PLUGIN_NAME + "[" + config + ", onMatch=" + onMatch + ", onMismatch=" + onMismatch + "]";
    }

    /** Ticks the filter's clock; holds nothing but the clock. */
    private static final class TickTask implements Runnable {
        private final TickingClock clock;

        TickTask(TickingClock clock) {
            this.clock = clock;
        }

        @Override
        public void run() {
            clock.tick();
        }

        @Override
        public String toString() {
            return "Floodgate clock";
        }
    }

    /** The periodic summary task; holds nothing but the filter. */
    private static final class SummaryTask implements Runnable {
        private final FloodgateFilter filter;

        SummaryTask(FloodgateFilter filter) {
            this.filter = filter;
        }

        @Override
        public void run() {
            filter.publishDueSummaries();
        }

        @Override
        public String toString() {
            return "Floodgate summaries";
        }
    }

    /**
     * Builds a {@link FloodgateFilter}. Every attribute is a {@link Option} and takes the option's name; values are
     * strings, validated together by {@link FloodgateConfig#parse(Map, List)}.
     *
     * <p>Not thread-safe.
     */
    public static final class Builder extends AbstractFilterBuilder<Builder>
            implements org.apache.logging.log4j.core.util.Builder<FloodgateFilter> {

        @PluginConfiguration
        private Configuration configuration;

        /**
         * The {@code <Floodgate>} element, if built from a configuration file: Log4j removes each attribute it sets
         * from the node, so those left over at {@link #build()} are unknown options.
         */
        @PluginNode
        private Node node;

        /**
         * Optional nested element implementing {@link Clock}; when absent, a {@link TickingClock} over the monotonic
         * clock, ticked on the configuration's scheduler.
         */
        @PluginElement("Clock")
        private Clock clock;

        @PluginBuilderAttribute
        private String limiter;

        @PluginBuilderAttribute
        private String count;

        @PluginBuilderAttribute
        private String period;

        @PluginBuilderAttribute
        private String burst;

        @PluginBuilderAttribute
        private String cap;

        @PluginBuilderAttribute
        private String capCount;

        @PluginBuilderAttribute
        private String capPeriod;

        @PluginBuilderAttribute
        private String capBurst;

        @PluginBuilderAttribute
        private String fleet;

        @PluginBuilderAttribute
        private String fleetCount;

        @PluginBuilderAttribute
        private String fleetPeriod;

        @PluginBuilderAttribute
        private String fleetBurst;

        @PluginBuilderAttribute
        private String fleetPrefix;

        @PluginBuilderAttribute
        private String windowSize;

        @PluginBuilderAttribute
        private String timeframe;

        @PluginBuilderAttribute
        private String timeframeSpilloverThreshold;

        @PluginBuilderAttribute
        private String spilloverThreshold;

        @PluginBuilderAttribute
        private String attritionLogarithmBase;

        @PluginBuilderAttribute
        private String inverseAttritionDeltaMin;

        @PluginBuilderAttribute
        private String attritionMin;

        @PluginBuilderAttribute
        private String maxKeys;

        @PluginBuilderAttribute
        private String includeLogger;

        @PluginBuilderAttribute
        private String includeLevel;

        @PluginBuilderAttribute
        private String includeThrowable;

        @PluginBuilderAttribute
        private String includeThrowableFrame;

        @PluginBuilderAttribute
        private String maskTokens;

        @PluginBuilderAttribute
        private String exemptMarkers;

        @PluginBuilderAttribute
        private String minLevel;

        @PluginBuilderAttribute
        private String loggers;

        @PluginBuilderAttribute
        private String excludeLoggers;

        @PluginBuilderAttribute
        private String summaryInterval;

        @PluginBuilderAttribute
        private String maxSummaryLines;

        @PluginBuilderAttribute
        private String summaryLevel;

        @PluginBuilderAttribute
        private String dryRun;

        private Builder() {
        }

        /**
         * Sets the configuration whose scheduler writes the summaries and whose appenders receive them; Log4j sets
         * it for XML configurations.
         */
        public Builder setConfiguration(Configuration value) {
            this.configuration = value;
            return this;
        }

        /**
         * Sets the clock the limiter reads; the default is a {@link TickingClock} over {@link Clock#monotonic()},
         * ticked every {@value TickingClock#TICK_MILLIS} ms on the configuration's scheduler. For tests and for replaying
         * recorded logs on their own timestamps. In XML, a nested element of any plugin implementing {@link Clock}.
         */
        public Builder setClock(Clock value) {
            this.clock = value;
            return this;
        }

        /**
         * Sets an option to a raw value, as it would be written in XML; null restores the default.
         *
         * @throws NullPointerException if {@code option} is null
         */
        public Builder setOption(Option option, String value) {
            switch (Objects.requireNonNull(option, "option")) {
                case LIMITER:
                    return setLimiter(value);
                case COUNT:
                    return setCount(value);
                case PERIOD:
                    return setPeriod(value);
                case BURST:
                    return setBurst(value);
                case CAP:
                    return setCap(value);
                case CAP_COUNT:
                    return setCapCount(value);
                case CAP_PERIOD:
                    return setCapPeriod(value);
                case CAP_BURST:
                    return setCapBurst(value);
                case FLEET:
                    return setFleet(value);
                case FLEET_COUNT:
                    return setFleetCount(value);
                case FLEET_PERIOD:
                    return setFleetPeriod(value);
                case FLEET_BURST:
                    return setFleetBurst(value);
                case FLEET_PREFIX:
                    return setFleetPrefix(value);
                case WINDOW_SIZE:
                    return setWindowSize(value);
                case TIMEFRAME:
                    return setTimeframe(value);
                case TIMEFRAME_SPILLOVER_THRESHOLD:
                    return setTimeframeSpilloverThreshold(value);
                case SPILLOVER_THRESHOLD:
                    return setSpilloverThreshold(value);
                case ATTRITION_LOGARITHM_BASE:
                    return setAttritionLogarithmBase(value);
                case INVERSE_ATTRITION_DELTA_MIN:
                    return setInverseAttritionDeltaMin(value);
                case ATTRITION_MIN:
                    return setAttritionMin(value);
                case MAX_KEYS:
                    return setMaxKeys(value);
                case INCLUDE_LOGGER:
                    return setIncludeLogger(value);
                case INCLUDE_LEVEL:
                    return setIncludeLevel(value);
                case INCLUDE_THROWABLE:
                    return setIncludeThrowable(value);
                case INCLUDE_THROWABLE_FRAME:
                    return setIncludeThrowableFrame(value);
                case MASK_TOKENS:
                    return setMaskTokens(value);
                case EXEMPT_MARKERS:
                    return setExemptMarkers(value);
                case MIN_LEVEL:
                    return setMinLevel(value);
                case LOGGERS:
                    return setLoggers(value);
                case EXCLUDE_LOGGERS:
                    return setExcludeLoggers(value);
                case SUMMARY_INTERVAL:
                    return setSummaryInterval(value);
                case MAX_SUMMARY_LINES:
                    return setMaxSummaryLines(value);
                case SUMMARY_LEVEL:
                    return setSummaryLevel(value);
                case DRY_RUN:
                    return setDryRun(value);
                default:
                    throw new IllegalArgumentException("unknown option " + option);
            }
        }

        /** Sets {@link Option#LIMITER} ({@code limiter}) as written in XML; null restores the default. */
        public Builder setLimiter(String value) {
            this.limiter = value;
            return this;
        }

        /** Sets {@link Option#COUNT} ({@code count}) as written in XML; null restores the default. */
        public Builder setCount(String value) {
            this.count = value;
            return this;
        }

        /** Sets {@link Option#PERIOD} ({@code period}) as written in XML; null restores the default. */
        public Builder setPeriod(String value) {
            this.period = value;
            return this;
        }

        /** Sets {@link Option#BURST} ({@code burst}) as written in XML; null restores the default. */
        public Builder setBurst(String value) {
            this.burst = value;
            return this;
        }

        /** Sets {@link Option#CAP} ({@code cap}) as written in XML; null restores the default. */
        public Builder setCap(String value) {
            this.cap = value;
            return this;
        }

        /** Sets {@link Option#CAP_COUNT} ({@code capCount}) as written in XML; null restores the default. */
        public Builder setCapCount(String value) {
            this.capCount = value;
            return this;
        }

        /** Sets {@link Option#CAP_PERIOD} ({@code capPeriod}) as written in XML; null restores the default. */
        public Builder setCapPeriod(String value) {
            this.capPeriod = value;
            return this;
        }

        /** Sets {@link Option#CAP_BURST} ({@code capBurst}) as written in XML; null restores the default. */
        public Builder setCapBurst(String value) {
            this.capBurst = value;
            return this;
        }

        /** Sets {@link Option#FLEET} ({@code fleet}) as written in XML; null restores the default. */
        public Builder setFleet(String value) {
            this.fleet = value;
            return this;
        }

        /** Sets {@link Option#FLEET_COUNT} ({@code fleetCount}) as written in XML; null restores the default. */
        public Builder setFleetCount(String value) {
            this.fleetCount = value;
            return this;
        }

        /** Sets {@link Option#FLEET_PERIOD} ({@code fleetPeriod}) as written in XML; null restores the default. */
        public Builder setFleetPeriod(String value) {
            this.fleetPeriod = value;
            return this;
        }

        /** Sets {@link Option#FLEET_BURST} ({@code fleetBurst}) as written in XML; null restores the default. */
        public Builder setFleetBurst(String value) {
            this.fleetBurst = value;
            return this;
        }

        /** Sets {@link Option#FLEET_PREFIX} ({@code fleetPrefix}) as written in XML; null restores the default. */
        public Builder setFleetPrefix(String value) {
            this.fleetPrefix = value;
            return this;
        }

        /** Sets {@link Option#WINDOW_SIZE} ({@code windowSize}) as written in XML; null restores the default. */
        public Builder setWindowSize(String value) {
            this.windowSize = value;
            return this;
        }

        /** Sets {@link Option#TIMEFRAME} ({@code timeframe}) as written in XML; null restores the default. */
        public Builder setTimeframe(String value) {
            this.timeframe = value;
            return this;
        }

        /** Sets {@link Option#TIMEFRAME_SPILLOVER_THRESHOLD} ({@code timeframeSpilloverThreshold}) as written in XML; null restores the default. */
        public Builder setTimeframeSpilloverThreshold(String value) {
            this.timeframeSpilloverThreshold = value;
            return this;
        }

        /** Sets {@link Option#SPILLOVER_THRESHOLD} ({@code spilloverThreshold}) as written in XML; null restores the default. */
        public Builder setSpilloverThreshold(String value) {
            this.spilloverThreshold = value;
            return this;
        }

        /** Sets {@link Option#ATTRITION_LOGARITHM_BASE} ({@code attritionLogarithmBase}) as written in XML; null restores the default. */
        public Builder setAttritionLogarithmBase(String value) {
            this.attritionLogarithmBase = value;
            return this;
        }

        /** Sets {@link Option#INVERSE_ATTRITION_DELTA_MIN} ({@code inverseAttritionDeltaMin}) as written in XML; null restores the default. */
        public Builder setInverseAttritionDeltaMin(String value) {
            this.inverseAttritionDeltaMin = value;
            return this;
        }

        /** Sets {@link Option#ATTRITION_MIN} ({@code attritionMin}) as written in XML; null restores the default. */
        public Builder setAttritionMin(String value) {
            this.attritionMin = value;
            return this;
        }

        /** Sets {@link Option#MAX_KEYS} ({@code maxKeys}) as written in XML; null restores the default. */
        public Builder setMaxKeys(String value) {
            this.maxKeys = value;
            return this;
        }

        /** Sets {@link Option#INCLUDE_LOGGER} ({@code includeLogger}) as written in XML; null restores the default. */
        public Builder setIncludeLogger(String value) {
            this.includeLogger = value;
            return this;
        }

        /** Sets {@link Option#INCLUDE_LEVEL} ({@code includeLevel}) as written in XML; null restores the default. */
        public Builder setIncludeLevel(String value) {
            this.includeLevel = value;
            return this;
        }

        /** Sets {@link Option#INCLUDE_THROWABLE} ({@code includeThrowable}) as written in XML; null restores the default. */
        public Builder setIncludeThrowable(String value) {
            this.includeThrowable = value;
            return this;
        }

        /** Sets {@link Option#INCLUDE_THROWABLE_FRAME} ({@code includeThrowableFrame}) as written in XML; null restores the default. */
        public Builder setIncludeThrowableFrame(String value) {
            this.includeThrowableFrame = value;
            return this;
        }

        /** Sets {@link Option#MASK_TOKENS} ({@code maskTokens}) as written in XML; null restores the default. */
        public Builder setMaskTokens(String value) {
            this.maskTokens = value;
            return this;
        }

        /** Sets {@link Option#EXEMPT_MARKERS} ({@code exemptMarkers}) as written in XML; null restores the default. */
        public Builder setExemptMarkers(String value) {
            this.exemptMarkers = value;
            return this;
        }

        /** Sets {@link Option#MIN_LEVEL} ({@code minLevel}) as written in XML; null restores the default. */
        public Builder setMinLevel(String value) {
            this.minLevel = value;
            return this;
        }

        /** Sets {@link Option#LOGGERS} ({@code loggers}) as written in XML; null restores the default. */
        public Builder setLoggers(String value) {
            this.loggers = value;
            return this;
        }

        /** Sets {@link Option#EXCLUDE_LOGGERS} ({@code excludeLoggers}) as written in XML; null restores the default. */
        public Builder setExcludeLoggers(String value) {
            this.excludeLoggers = value;
            return this;
        }

        /** Sets {@link Option#SUMMARY_INTERVAL} ({@code summaryInterval}) as written in XML; null restores the default. */
        public Builder setSummaryInterval(String value) {
            this.summaryInterval = value;
            return this;
        }

        /** Sets {@link Option#MAX_SUMMARY_LINES} ({@code maxSummaryLines}) as written in XML; null restores the default. */
        public Builder setMaxSummaryLines(String value) {
            this.maxSummaryLines = value;
            return this;
        }

        /** Sets {@link Option#SUMMARY_LEVEL} ({@code summaryLevel}) as written in XML; null restores the default. */
        public Builder setSummaryLevel(String value) {
            this.summaryLevel = value;
            return this;
        }

        /** Sets {@link Option#DRY_RUN} ({@code dryRun}) as written in XML; null restores the default. */
        public Builder setDryRun(String value) {
            this.dryRun = value;
            return this;
        }

        /** Returns the raw values set, by option name; unset options are absent. */
        Map<String, String> rawOptions() {
            Map<String, String> raw = new LinkedHashMap<>();
            put(raw, Option.LIMITER, limiter);
            put(raw, Option.COUNT, count);
            put(raw, Option.PERIOD, period);
            put(raw, Option.BURST, burst);
            put(raw, Option.CAP, cap);
            put(raw, Option.CAP_COUNT, capCount);
            put(raw, Option.CAP_PERIOD, capPeriod);
            put(raw, Option.CAP_BURST, capBurst);
            put(raw, Option.FLEET, fleet);
            put(raw, Option.FLEET_COUNT, fleetCount);
            put(raw, Option.FLEET_PERIOD, fleetPeriod);
            put(raw, Option.FLEET_BURST, fleetBurst);
            put(raw, Option.FLEET_PREFIX, fleetPrefix);
            put(raw, Option.WINDOW_SIZE, windowSize);
            put(raw, Option.TIMEFRAME, timeframe);
            put(raw, Option.TIMEFRAME_SPILLOVER_THRESHOLD, timeframeSpilloverThreshold);
            put(raw, Option.SPILLOVER_THRESHOLD, spilloverThreshold);
            put(raw, Option.ATTRITION_LOGARITHM_BASE, attritionLogarithmBase);
            put(raw, Option.INVERSE_ATTRITION_DELTA_MIN, inverseAttritionDeltaMin);
            put(raw, Option.ATTRITION_MIN, attritionMin);
            put(raw, Option.MAX_KEYS, maxKeys);
            put(raw, Option.INCLUDE_LOGGER, includeLogger);
            put(raw, Option.INCLUDE_LEVEL, includeLevel);
            put(raw, Option.INCLUDE_THROWABLE, includeThrowable);
            put(raw, Option.INCLUDE_THROWABLE_FRAME, includeThrowableFrame);
            put(raw, Option.MASK_TOKENS, maskTokens);
            put(raw, Option.EXEMPT_MARKERS, exemptMarkers);
            put(raw, Option.MIN_LEVEL, minLevel);
            put(raw, Option.LOGGERS, loggers);
            put(raw, Option.EXCLUDE_LOGGERS, excludeLoggers);
            put(raw, Option.SUMMARY_INTERVAL, summaryInterval);
            put(raw, Option.MAX_SUMMARY_LINES, maxSummaryLines);
            put(raw, Option.SUMMARY_LEVEL, summaryLevel);
            put(raw, Option.DRY_RUN, dryRun);
            return raw;
        }

        private static void put(Map<String, String> raw, Option option, String value) {
            if (value != null) {
                raw.put(option.key(), value);
            }
        }

        /**
         * Returns the filter. Never null and never throws: every problem is reported as a status error naming the
         * attribute and its value, and the filter returned then passes every event, so the rest of the
         * configuration keeps working.
         */
        @Override
        public FloodgateFilter build() {
            List<String> problems = new ArrayList<>();
            Map<String, String> raw = rawOptions();
            Map<String, String> all = new LinkedHashMap<>(raw);
            for (String name : unknownAttributes()) {
                all.putIfAbsent(name, "");
            }
            FloodgateConfig parsed = FloodgateConfig.parse(all, problems);
            Level min = level(Option.MIN_LEVEL, raw, problems);
            Level summary = level(Option.SUMMARY_LEVEL, raw, problems);
            if (configuration == null) {
                problems.add("no configuration to write summaries through; call setConfiguration");
            }
            if (parsed == null || !problems.isEmpty()) {
                return disabled(problems);
            }
            try {
                Clock used = clock == null ? new TickingClock(Clock.monotonic()) : clock;
                FloodFilter engine = new FloodFilter(parsed, used, new FleetStatus() {
                    @Override
                    public void warn(String message) {
                        StatusLogger.getLogger().warn("Floodgate: {}", message);
                    }

                    @Override
                    public void info(String message) {
                        StatusLogger.getLogger().info("Floodgate: {}", message);
                    }
                });
                return new FloodgateFilter(this, parsed, engine, used, min == null ? Level.TRACE : min, summary);
            } catch (RuntimeException e) {
                problems.add("cannot be created: " + e);
                return disabled(problems);
            }
        }

        /**
         * Returns the attributes of the element that no builder attribute took (a misspelt {@code maxKey}); Log4j
         * itself only says that the element "contains an invalid element or attribute" and goes on without it.
         */
        private List<String> unknownAttributes() {
            List<String> names = new ArrayList<>();
            if (node != null) {
                for (String name : node.getAttributes().keySet()) {
                    if (!"onMatch".equalsIgnoreCase(name) && !"onMismatch".equalsIgnoreCase(name)) {
                        names.add(name);
                    }
                }
            }
            return names;
        }

        private FloodgateFilter disabled(List<String> problems) {
            for (String problem : problems) {
                STATUS.error("{}: {}; the filter passes every event until this is fixed", PLUGIN_NAME, problem);
            }
            return new FloodgateFilter(this, String.join("; ", problems));
        }

        private static Level level(Option option, Map<String, String> raw, List<String> problems) {
            String value = raw.get(option.key());
            if (value == null || value.trim().isEmpty()) {
                return null;
            }
            Level level = Level.toLevel(value.trim(), null);
            // OFF and ALL are thresholds, not levels of events: minLevel OFF would quietly turn the filter off.
            if (level == null || level == Level.OFF || level == Level.ALL) {
                problems.add(FloodgateConfig.unknownLevel(option, value.trim()));
                return null;
            }
            return level;
        }
    }
}
