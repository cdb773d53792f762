package dev.floodgate.log4j2;

import dev.floodgate.core.FloodEngine;
import java.util.Map;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.Marker;
import org.apache.logging.log4j.MarkerManager;
import org.apache.logging.log4j.core.Appender;
import org.apache.logging.log4j.core.Filter;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.config.AppenderControl;
import org.apache.logging.log4j.core.config.AppenderRef;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.LoggerConfig;
import org.apache.logging.log4j.core.filter.CompositeFilter;
import org.apache.logging.log4j.core.filter.Filterable;
import org.apache.logging.log4j.core.impl.Log4jLogEvent;
import org.apache.logging.log4j.message.Message;

/**
 * Where one filter's summaries go: the place in the configuration the filter is attached to, so that a summary
 * reaches exactly the appenders whose events the filter saw.
 *
 * <ul>
 *   <li>context-wide: through the {@link LoggerConfig} of the summarized logger, like a normal call of that logger;
 *   <li>on a {@code <Logger>}: through that {@link LoggerConfig};
 *   <li>on an {@code <AppenderRef>}: to that appender, under the reference's level and filters;
 *   <li>on an appender: to that appender only.
 * </ul>
 *
 * <p>Immutable and thread-safe. Summary events carry {@link #MARKER}, which every Floodgate filter lets through.
 */
abstract class SummaryRoute {

    /** The description and monitoring name of the configuration's own filter. */
    static final String CONTEXT_WIDE = "context-wide";

    /** The marker of summary events. */
    static final Marker MARKER = MarkerManager.getMarker(FloodEngine.SUMMARY_MARKER);

    /** The fully qualified class name reported as the caller of summary events. */
    static final String FQCN = SummaryRoute.class.getName();

    /** Returns where the filter sits, for status messages and {@code toString}. */
    abstract String describe();

    /**
     * Returns the name monitoring shows for the filter, stable across reloads: {@code context-wide},
     * {@code logger com.acme}, {@code root logger}, {@code appender alerts},
     * {@code reference to appender alerts of logger com.acme}, {@code reference to appender alerts of the root logger}.
     */
    abstract String monitoringName();

    /**
     * Returns the least severe level of events the filter should count, as {@link Level#intLevel()}: events of a
     * larger {@code intLevel} are dropped after the filter by the place it sits in, so counting them would report
     * suppressions that never mattered.
     */
    int countedIntLevel() {
        return Integer.MAX_VALUE;
    }

    /** Returns whether this route writes to running appenders only when the configuration has not begun to stop. */
    abstract boolean stopsBeforeAppenders();

    /**
     * Writes one summary event.
     *
     * @return false if the target was not running, so the summary could not be written
     */
    abstract boolean write(String loggerName, Level level, Message message);

    /** Finds where {@code filter} is attached in {@code configuration}; context-wide if it is nowhere else. */
    static SummaryRoute find(Configuration configuration, Filter filter) {
        if (holds(configuration.getFilter(), filter)) {
            return new ThroughLoggers(configuration, CONTEXT_WIDE, CONTEXT_WIDE);
        }
        LoggerConfig root = configuration.getRootLogger();
        for (LoggerConfig lc : loggerConfigs(configuration, root)) {
            if (holds(lc.getFilter(), filter)) {
                return new ThroughLoggerConfig(lc);
            }
            for (AppenderRef ref : lc.getAppenderRefs()) {
                if (holds(ref.getFilter(), filter)) {
                    Appender appender = configuration.getAppender(ref.getRef());
                    if (appender != null) {
                        return new ToAppender(appender, ref, lc);
                    }
                }
            }
        }
        for (Appender appender : configuration.getAppenders().values()) {
            if (appender instanceof Filterable && holds(((Filterable) appender).getFilter(), filter)) {
                return new ToAppender(appender, null, null);
            }
        }
        return new ThroughLoggers(configuration, "not found in the configuration, summaries go through the loggers",
                FloodgateFilter.PLUGIN_NAME);
    }

    /** Returns whether any Floodgate filter of the configuration sits where Log4j stops it before the appenders. */
    static boolean hasFloodgateStoppedBeforeAppenders(Configuration configuration) {
        if (holdsFloodgate(configuration.getFilter())) {
            return true;
        }
        for (LoggerConfig lc : loggerConfigs(configuration, configuration.getRootLogger())) {
            if (holdsFloodgate(lc.getFilter())) {
                return true;
            }
        }
        return false;
    }

    /** Names a logger in a description, quoted or not: {@code logger "com.acme"}, or {@code the root logger}. */
    private static String named(LoggerConfig loggerConfig, boolean quoted) {
        String name = loggerConfig.getName();
        if (name.isEmpty()) {
            return "the root logger";
        }
        return quoted ? "logger \"" + name + "\"" : "logger " + name;
    }

    private static Iterable<LoggerConfig> loggerConfigs(Configuration configuration, LoggerConfig root) {
        Map<String, LoggerConfig> all = configuration.getLoggers();
        if (root == null || all.containsValue(root)) {
            return all.values();
        }
        java.util.List<LoggerConfig> list = new java.util.ArrayList<>(all.values());
        list.add(root);
        return list;
    }

    private static boolean holds(Filter holder, Filter filter) {
        if (holder == filter) {
            return holder != null;
        }
        if (holder instanceof CompositeFilter) {
            for (Filter f : ((CompositeFilter) holder).getFiltersArray()) {
                if (f == filter) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean holdsFloodgate(Filter holder) {
        if (holder instanceof FloodgateFilter) {
            return true;
        }
        if (holder instanceof CompositeFilter) {
            for (Filter f : ((CompositeFilter) holder).getFiltersArray()) {
                if (f instanceof FloodgateFilter) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Context-wide: each summary goes through its logger's {@link LoggerConfig}, as the suppressed call would. */
    private static final class ThroughLoggers extends SummaryRoute {
        private final Configuration configuration;
        private final String description;
        private final String monitoringName;

        ThroughLoggers(Configuration configuration, String description, String monitoringName) {
            this.configuration = configuration;
            this.description = description;
            this.monitoringName = monitoringName;
        }

        @Override
        String describe() {
            return description;
        }

        @Override
        String monitoringName() {
            return monitoringName;
        }

        @Override
        boolean stopsBeforeAppenders() {
            return true;
        }

        @Override
        boolean write(String loggerName, Level level, Message message) {
            configuration.getLoggerConfig(loggerName).log(loggerName, FQCN, MARKER, level, message, null);
            return true;
        }
    }

    /** On a logger: summaries start at that {@link LoggerConfig}, whatever logger they name. */
    private static final class ThroughLoggerConfig extends SummaryRoute {
        private final LoggerConfig loggerConfig;

        ThroughLoggerConfig(LoggerConfig loggerConfig) {
            this.loggerConfig = loggerConfig;
        }

        @Override
        String describe() {
            return "on " + named(loggerConfig, true);
        }

        @Override
        String monitoringName() {
            return loggerConfig.getName().isEmpty() ? "root logger" : named(loggerConfig, false);
        }

        @Override
        boolean stopsBeforeAppenders() {
            return true;
        }

        @Override
        boolean write(String loggerName, Level level, Message message) {
            loggerConfig.log(loggerName, FQCN, MARKER, level, message, null);
            return true;
        }
    }

    /** On an appender or an appender reference: summaries go to that appender only. */
    private static final class ToAppender extends SummaryRoute {
        private final Appender appender;
        private final AppenderControl control;
        private final int countedIntLevel;
        private final String description;
        private final String monitoringName;

        ToAppender(Appender appender, AppenderRef ref, LoggerConfig owner) {
            this.appender = appender;
            Level refLevel = ref == null ? null : ref.getLevel();
            // Neither the reference's level nor its filters: the filter that owns this route is one of them, and a
            // summary goes to the appender whose events it counted. (AppenderControl would also start the filter.)
            this.control = new AppenderControl(appender, null, null);
            this.countedIntLevel = refLevel == null ? Integer.MAX_VALUE : refLevel.intLevel();
            this.description = ref == null ? "on appender \"" + appender.getName() + "\""
                    : "on the reference to appender \"" + appender.getName() + "\" of " + named(owner, true);
            this.monitoringName = ref == null ? "appender " + appender.getName()
                    : "reference to appender " + appender.getName() + " of " + named(owner, false);
        }

        @Override
        String describe() {
            return description;
        }

        @Override
        String monitoringName() {
            return monitoringName;
        }

        @Override
        int countedIntLevel() {
            return countedIntLevel;
        }

        @Override
        boolean stopsBeforeAppenders() {
            return false;
        }

        @Override
        boolean write(String loggerName, Level level, Message message) {
            if (!appender.isStarted()) {
                return false;
            }
            LogEvent event = Log4jLogEvent.newBuilder()
                    .setLoggerName(loggerName)
                    .setLoggerFqcn(FQCN)
                    .setMarker(MARKER)
                    .setLevel(level)
                    .setMessage(message)
                    .build();
            control.callAppender(event);
            return true;
        }
    }
}
