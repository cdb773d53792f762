package dev.floodgate.logback;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.CallerData;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.LoggingEvent;
import ch.qos.logback.classic.turbo.TurboFilter;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.Context;
import ch.qos.logback.core.spi.ContextAwareBase;
import ch.qos.logback.core.spi.FilterReply;
import dev.floodgate.core.Clock;
import dev.floodgate.core.Fingerprint;
import dev.floodgate.core.FloodEngine;
import dev.floodgate.core.FloodgateConfig;
import dev.floodgate.core.Option;
import dev.floodgate.core.TickingClock;
import dev.floodgate.core.fleet.FleetStatus;
import dev.floodgate.core.internal.CappedReports;
import dev.floodgate.core.internal.FilterLifecycle;
import dev.floodgate.core.internal.SummaryPublisher;
import dev.floodgate.core.summary.SuppressionSummary;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Marker;
import org.slf4j.event.KeyValuePair;
import org.slf4j.helpers.MessageFormatter;
import org.slf4j.helpers.BasicMarkerFactory;

/**
 * A started Floodgate inside a Logback context, shared by both filters: the parsed settings, the decisions, and
 * what is Logback's in the core's {@link FilterLifecycle} (the context's executor, the summary event, when summaries
 * can reach appenders).
 *
 * <p>Thread-safe. {@link #exempt} and {@link #decide} take no lock and allocate nothing beyond what the engine
 * allocates (nothing for a known fingerprint). Summaries are written outside any decision, on the writer thread of
 * the lifecycle: the scheduled task and stop only hand them over, so neither waits for a slow appender (stop at most
 * {@link SummaryPublisher#STOP_TIMEOUT_MILLIS}).
 */
final class ActiveFloodgate {

    /** The marker of every summary event; filters recognise it by name. */
    static final Marker SUMMARY = new BasicMarkerFactory().getMarker(FloodEngine.SUMMARY_MARKER);

    /** The most diagnostics of one kind that a filter reports; the last says that further ones are suppressed. */
    static final int MAX_DIAGNOSTICS = 5;

    private static final String FQCN = ActiveFloodgate.class.getName();
    private static final String NOT_STARTED = " (the filter is not started and lets every event through)";

    /*
     * Summaries:
     *  (1) The lifecycle writes them on its own thread, one batch at a time; stop() waits (bounded) until the last
     *      batch is written, and it runs before the appenders stop (the filters register with the context's
     *      LifeCycleManager, which LoggerContext.reset() stops first). A summary an appender throws on is carried
     *      into the next one; what cannot be written by the end of stop() is reported with its count as an error.
     *  (2) After stop() nothing more is drained: the engine's close() returned everything that was untold.
     *      launch() arms the lifecycle for the JVM's exit: with no shutdown hook of Logback's (the default), the
     *      core's exit hook stops it while the appenders run; a later stop() by Logback's own hook waits for that.
     *  (3) Summary events carry SUMMARY, which both filters let through uncounted, and the turbo filter's
     *      summaries go straight to the appenders (Logger.callAppenders), so a summary is never limited and cannot
     *      recurse into the turbo filter chain.
     *  (4) No lock of ours is held while deciding or while an appender writes a summary, so an appender that logs
     *      cannot deadlock with a decision, and a slow appender holds no logging thread through Floodgate.
     * Reloads (see Handover):
     *  (5) The lifecycle's park() runs first in a reset, before the appenders are detached and stopped: the writer
     *      takes no more batches, and the one it holds is written (bounded wait) while the appenders that saw its
     *      events still run. The engine stays open for the filter that continues it.
     *  (6) The filter that continues it starts before the new appenders are attached (a turbo filter) or started
     *      (an appender's filter): while Joran reads the configuration holding the context's configuration lock, or
     *      (a turbo filter added back by code at the reset) before Joran starts. Its summary task hands nothing to
     *      its writer until the lock is free and, for a turbo filter, some logger has an appender again (the sink's
     *      ready(), see canWrite()).
     */

    /** How a filter delivers one summary event. */
    interface SummaryTarget {
        /** Writes {@code event}, which belongs to {@code logger}. */
        void write(Logger logger, ILoggingEvent event);
    }

    /** Where a starting filter finds the engine of the filter it replaces after a reload. */
    interface EngineSource {
        /** Returns the engine to continue for {@code config}, or null to start a new one. */
        FloodEngine continued(FloodgateConfig config);
    }

    private final ContextAwareBase owner;
    private final String element;
    private final LogbackStatus status;
    private final LoggerContext context;
    private final SummaryTarget target;
    private final FloodEngine engine;
    private final FloodgateConfig config;
    private final Level minLevel;
    private final int minLevelInt;
    private final Level summaryLevel;
    private final String[] exemptNames;
    private final boolean allLoggers;
    /** Whether the fingerprint includes the throwable, so that a call's trailing throwable argument must be found. */
    private final boolean keysThrowables;
    private final CappedReports decideFailures;
    private final FilterLifecycle lifecycle;
    /** Where summaries go: the target, or where a stop that settles a parked Floodgate sends them. */
    private volatile SummaryTarget writeTo;
    /** Whether a logger of the context had an appender when summaries were last due; only ever set to true. */
    private volatile boolean appendersSeen;

    private ActiveFloodgate(ContextAwareBase owner, String element, LoggerContext context, SummaryTarget target,
            FloodEngine engine, Class<?> configuredClockClass, Level minLevel, Level summaryLevel) {
        this.owner = owner;
        this.element = element;
        this.status = new LogbackStatus(owner, element);
        this.context = context;
        this.target = target;
        this.writeTo = target;
        this.engine = engine;
        this.config = engine.config();
        this.minLevel = minLevel;
        this.minLevelInt = minLevel.levelInt;
        this.summaryLevel = summaryLevel;
        List<String> exempt = new ArrayList<>(config.exemptMarkers());
        exempt.add(FloodEngine.SUMMARY_MARKER);
        this.exemptNames = exempt.toArray(new String[0]);
        this.allLoggers = config.limitsAllLoggers();
        this.keysThrowables = config.includesThrowable();
        this.decideFailures = new CappedReports(status, MAX_DIAGNOSTICS);
        this.lifecycle = new FilterLifecycle(engine, configuredClockClass, new Sink(), status,
                new CappedReports(status, MAX_DIAGNOSTICS), "floodgate-summaries " + element);
    }

    /**
     * Parses the raw settings and starts a Floodgate for {@code owner}: on any problem, reports each with
     * {@code addError} naming the setting and the value, and returns null.
     *
     * @param owner the filter, whose context and status API are used
     * @param element how status messages name the filter
     * @param raw the option names and raw values set from XML
     * @param unknown names of elements that Logback could not set on the filter
     * @param clock the clock of the limiter, or null for a {@link TickingClock} over {@link Clock#monotonic()}, which
     *     ticks itself while it is read
     * @param target where summaries go
     * @param engines the engine of the filter this one replaces after a reload, if it may be continued
     * @param deferLaunch whether to leave the scheduling to {@link #launch()} or {@link #continueWith}, for a filter
     *     that finds its place (and so its predecessor) only later
     * @return the started Floodgate, or null if it could not start
     */
    static ActiveFloodgate start(ContextAwareBase owner, String element, Map<String, String> raw,
            List<String> unknown, Clock clock, SummaryTarget target, EngineSource engines, boolean deferLaunch) {
        Context context = owner.getContext();
        if (!(context instanceof LoggerContext)) {
            owner.addError(element + ": needs a Logback LoggerContext, was " + context + NOT_STARTED);
            return null;
        }
        String unsupported = LogbackVersion.unsupported();
        if (unsupported != null) {
            owner.addError(element + ": " + unsupported + NOT_STARTED);
            return null;
        }
        Map<String, String> all = new LinkedHashMap<>(raw);
        for (String name : unknown) {
            all.putIfAbsent(name, "");
        }
        List<String> problems = new ArrayList<>();
        FloodgateConfig config = FloodgateConfig.parse(all, problems);
        Level minLevel = level(Option.MIN_LEVEL, raw, problems);
        Level summaryLevel = level(Option.SUMMARY_LEVEL, raw, problems);
        if (!problems.isEmpty() || config == null || minLevel == null) {
            for (String problem : problems) {
                owner.addError(element + ": " + problem + NOT_STARTED);
            }
            return null;
        }
        FloodEngine continued = engines.continued(config);
        FloodEngine engine = continued != null ? continued
                : new FloodEngine(config, clock == null ? new TickingClock(Clock.monotonic()) : clock,
                        fleetStatus(owner, element));
        ActiveFloodgate created = new ActiveFloodgate(owner, element, (LoggerContext) context, target, engine,
                clock == null ? null : clock.getClass(), minLevel, summaryLevel);
        return deferLaunch ? created : launch(created, continued != null);
    }

    /** The fleet limit's outages and recoveries, as statuses of {@code owner}. */
    private static FleetStatus fleetStatus(ContextAwareBase owner, String element) {
        return new FleetStatus() {
            @Override
            public void warn(String message) {
                owner.addWarn(element + ": " + message);
            }

            @Override
            public void info(String message) {
                owner.addInfo(element + ": " + message);
            }
        };
    }

    /** Schedules the summaries of a Floodgate whose start deferred it; null if that fails. */
    ActiveFloodgate launch() {
        return launch(this, false);
    }

    /**
     * Returns a Floodgate like this one, whose start deferred its launch, that continues {@code continued}, the
     * engine of the filter this one replaces; called before this one decided anything. Null if it cannot start.
     */
    ActiveFloodgate continueWith(FloodEngine continued) {
        return launch(new ActiveFloodgate(owner, element, context, target, continued, lifecycle.clockClass(),
                minLevel, summaryLevel), true);
    }

    /**
     * Starts the lifecycle of {@code active} on the context's executor; null if the executor refuses, and then the
     * lifecycle is stopped, which writes what a continued engine had pending.
     */
    private static ActiveFloodgate launch(ActiveFloodgate active, boolean continued) {
        ContextAwareBase owner = active.owner;
        String element = active.element;
        FloodgateConfig config = active.config;
        try {
            active.lifecycle.start(new ContextScheduler(active.context));
        } catch (RuntimeException e) {
            owner.addError(element + ": cannot schedule summaries on the context's executor: " + e + NOT_STARTED, e);
            active.lifecycle.stop();
            return null;
        }
        owner.addInfo(element + ": started with " + config + ", minLevel=" + active.minLevel + ", summaryLevel="
                + (active.summaryLevel == null ? "<level of the messages>" : active.summaryLevel)
                + (continued ? "; continues the state and pending counts of the filter it replaces" : ""));
        return active;
    }

    /** Reads a level option: null and a problem if it is not a Logback level; null for an empty summary level. */
    private static Level level(Option option, Map<String, String> raw, List<String> problems) {
        String value = raw.get(option.key());
        String name = (value == null ? option.defaultValue() : value).trim();
        if (name.isEmpty()) {
            return null; // an empty minLevel is reported by the core
        }
        Level level = Level.toLevel(name, null);
        if (level == null || level.levelInt < Level.TRACE_INT || level.levelInt > Level.ERROR_INT) {
            problems.add(FloodgateConfig.unknownLevel(option, name));
            return null;
        }
        return level;
    }

    /** Returns the validated settings. */
    FloodgateConfig config() {
        return config;
    }

    /** Returns the context the Floodgate writes to. */
    LoggerContext context() {
        return context;
    }

    /** Returns the lifecycle of the engine in this filter. */
    FilterLifecycle lifecycle() {
        return lifecycle;
    }

    /** Returns the level below which nothing is limited. */
    Level minLevel() {
        return minLevel;
    }

    /** Returns the level of summaries, or null for the level of the summarized messages. */
    Level summaryLevel() {
        return summaryLevel;
    }

    /** Returns the engine. */
    FloodEngine engine() {
        return engine;
    }

    /** Returns whether {@code marker} is, or refers to, an exempt marker or the summary marker. */
    boolean exempt(Marker marker) {
        for (String name : exemptNames) {
            if (marker.contains(name)) {
                return true;
            }
        }
        return false;
    }

    /** Returns whether any of {@code markers} is exempt. */
    boolean exempt(List<Marker> markers) {
        for (int i = 0, n = markers.size(); i < n; i++) {
            Marker marker = markers.get(i);
            if (marker != null && exempt(marker)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Counts one call that is not exempt and returns DENY to drop it, NEUTRAL otherwise: calls below the minimum
     * level and of loggers that are not limited are neither counted nor dropped.
     */
    FilterReply decide(String loggerName, Level level, String template, boolean hasArguments, Throwable thrown) {
        if (level.levelInt < minLevelInt) {
            return FilterReply.NEUTRAL;
        }
        return decideCounted(loggerName, level, template, hasArguments, thrown);
    }

    /** Returns whether the fingerprint includes the throwable: only then must a trailing argument be looked at. */
    boolean keysThrowables() {
        return keysThrowables;
    }

    /** Returns whether a call at {@code level} is below {@code logger}'s effective level or minLevel. */
    boolean below(Level level, Logger logger) {
        return level.levelInt < Math.max(minLevelInt, logger.getEffectiveLevel().levelInt);
    }

    /** {@link #decide} for a call known to be at or above minLevel ({@link #below} was false). */
    FilterReply decideCounted(String loggerName, Level level, String template, boolean hasArguments,
            Throwable thrown) {
        if (!allLoggers && !config.limitsLogger(loggerName)) {
            return FilterReply.NEUTRAL;
        }
        return engine.suppress(template, hasArguments, loggerName, level, thrown) ? FilterReply.DENY
                : FilterReply.NEUTRAL;
    }

    /**
     * Returns the message a template of placeholders alone ({@link Fingerprint#isGeneric}) renders to with
     * {@code arguments}, as SLF4J formats it: such a call is limited by what it says, not by its template.
     */
    static String rendered(String template, Object[] arguments) {
        return MessageFormatter.arrayFormat(template, arguments).getMessage();
    }

    /** Reports a failed decision (a few times, then never again) and lets the event through. */
    FilterReply failed(RuntimeException e) {
        decideFailures.warn("could not decide on an event, which passes: " + e, e);
        return FilterReply.NEUTRAL;
    }

    /**
     * Returns whether summaries can reach appenders now: not while a configurator holds the context's configuration
     * lock (the appenders of the configuration being read may not be attached or started yet), and, for a turbo
     * filter, not before some logger of the context has an appender (a reset detached them all, and the filter can
     * start again before a configuration attaches new ones). A summary written to no appender would be lost.
     */
    private boolean canWrite() {
        if (LogbackVersion.configurationLocked(context)) {
            return false;
        }
        if (appendersSeen || !(owner instanceof TurboFilter)) {
            return true;
        }
        appendersSeen = anyAppender(context);
        return appendersSeen;
    }

    /** Returns whether some logger of {@code context} has an appender. */
    private static boolean anyAppender(LoggerContext context) {
        for (Logger logger : context.getLoggerList()) {
            if (logger.iteratorForAppenders().hasNext()) {
                return true;
            }
        }
        return false;
    }

    /**
     * Writes a summary event through {@code logger}'s appenders, as a turbo filter does; throws when no logger of the
     * context has an appender (a reset detached them all and no configuration attached new ones yet), where Logback
     * would drop the event silently, so that the summary's count is carried or reported instead of lost.
     */
    static void callAppenders(Logger logger, ILoggingEvent event) {
        if (!anyAppender(logger.getLoggerContext())) {
            throw new IllegalStateException("no logger of the context has an appender (a reset detached them)");
        }
        logger.callAppenders(event);
    }

    /**
     * Writes a summary event to {@code appender}; throws when it is stopped, where Logback would drop the event with
     * a warning, so that the summary's count is carried or reported instead of lost. (An appender that stops between
     * the check and the write still drops it; a stop waits for the writer before it stops the appenders.)
     */
    static void append(Appender<ILoggingEvent> appender, ILoggingEvent event) {
        if (!appender.isStarted()) {
            throw new IllegalStateException("the appender " + appender.getName() + " is stopped");
        }
        appender.doAppend(event);
    }

    /** Stops the lifecycle: cancels the schedule and writes everything still untold; idempotent. */
    void stop() {
        lifecycle.stop();
    }

    /** As {@link #stop()}, writing to {@code into}: where a parked Floodgate that nothing continued writes. */
    void stop(SummaryTarget into) {
        if (into != target) {
            writeTo = into;
        }
        lifecycle.stop();
    }

    /**
     * Writes one summary event, its message and key-value pairs the summary's escaped texts; throws what the
     * appenders throw.
     */
    private void write(SuppressionSummary summary) {
        String loggerName = summary.loggerName() == null ? FloodEngine.SUMMARY_LOGGER : summary.loggerName();
        Logger logger = context.getLogger(loggerName);
        Level level = summaryLevel != null ? summaryLevel
                : summary.level() instanceof Level ? (Level) summary.level() : Level.WARN;
        if (level.levelInt < logger.getEffectiveLevel().levelInt) {
            return; // the user turned this logger's level down: Logback's level rules apply to summaries too
        }
        LoggingEvent event = new LoggingEvent(FQCN, logger, level, summary.message(), null, null);
        event.addMarker(SUMMARY);
        event.setCallerData(CallerData.EMPTY_CALLER_DATA_ARRAY);
        for (Map.Entry<String, Object> field : summary.fields().entrySet()) {
            event.addKeyValuePair(new KeyValuePair(field.getKey(), field.getValue()));
        }
        writeTo.write(logger, event);
    }

    /** The publisher's view of this Floodgate: summary events through the target, once appenders are in place. */
    private final class Sink implements SummaryPublisher.Sink {
        @Override
        public void write(SuppressionSummary summary) {
            ActiveFloodgate.this.write(summary);
        }

        @Override
        public int severity(Object level) {
            return level instanceof Level ? ((Level) level).levelInt : Integer.MIN_VALUE;
        }

        @Override
        public boolean ready() {
            return canWrite();
        }
    }
}
