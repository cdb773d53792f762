package dev.floodgate.log4j2;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.apache.logging.log4j.core.LifeCycle;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.ConfigurationScheduler;
import org.apache.logging.log4j.core.config.LoggerConfig;
import org.apache.logging.log4j.core.filter.AbstractFilter;

/**
 * The Floodgate filters of one {@link Configuration}: so that all of them write their pending summaries before the
 * configuration stops its appenders, and so that a filter of the next configuration finds its place and the filter
 * it replaces.
 *
 * <p>Thread-safe. Kept in the configuration's component map; it lives and dies with the configuration.
 */
final class ConfigurationFloodgates {

    /* Stop order (AbstractConfiguration.stop, Log4j 2.25 and 2.26):
     *   1. the context-wide filter;
     *   2. every LoggerConfig, which stops its own filter;
     *   3. the async logger ring buffer (drained);
     *   4. the appenders, each stopping its own filter while it is already STOPPING;
     *   5. the appender references' filters (LoggerConfig.clearAppenders), after their appenders stopped.
     * So a context-wide or logger filter stops in time, but a filter on an appender or an appender reference stops
     * too late to write anything to its appender. The first Floodgate filter to stop while the configuration is
     * stopping therefore flushes every Floodgate filter of the configuration. If none stops in steps 1–2 (only
     * appender or appender-reference filters), a do-nothing StopHook is added to the root LoggerConfig's filters
     * when such a filter goes live; its stop in step 2 does the flush. Flushing is idempotent per filter.
     */

    private static final String COMPONENT = ConfigurationFloodgates.class.getName();

    private final Configuration configuration;
    private final List<FloodgateFilter> members = new CopyOnWriteArrayList<>();
    private boolean hookAdded; // guarded by this

    private ConfigurationFloodgates(Configuration configuration) {
        this.configuration = configuration;
    }

    /** Returns the group of {@code configuration}, creating it on first use. */
    static ConfigurationFloodgates of(Configuration configuration) {
        synchronized (ConfigurationFloodgates.class) {
            Object existing = configuration.getComponent(COMPONENT);
            if (existing instanceof ConfigurationFloodgates) {
                return (ConfigurationFloodgates) existing;
            }
            ConfigurationFloodgates created = new ConfigurationFloodgates(configuration);
            // The scheduler sizes its thread pool by the items announced before its first use; one thread serves
            // every Floodgate filter of the configuration.
            ConfigurationScheduler scheduler = configuration.getScheduler();
            if (scheduler != null && !scheduler.isExecutorServiceSet()) {
                scheduler.incrementScheduledItems();
            }
            configuration.addComponent(COMPONENT, created);
            return created;
        }
    }

    /** Returns the group of {@code configuration} if it has one, else null. */
    static ConfigurationFloodgates existing(Configuration configuration) {
        Object existing = configuration.getComponent(COMPONENT);
        return existing instanceof ConfigurationFloodgates ? (ConfigurationFloodgates) existing : null;
    }

    /** Adds a filter built for this configuration. */
    void join(FloodgateFilter filter) {
        members.add(filter);
    }

    /** Returns the members, in the order they were built. */
    List<FloodgateFilter> members() {
        return members;
    }

    /**
     * Returns where {@code filter}, one of the members, sits: its route as {@link SummaryRoute#describe()} says, and
     * its position among the enabled members with the same route, in the order they were built ({@code #1} first).
     */
    String placeOf(FloodgateFilter filter, String route) {
        int position = 1;
        for (FloodgateFilter member : members) {
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
     * Returns the filter that {@code successor}, going live at {@code place} in {@code configuration}, replaces: the
     * member of the context's configuration still in place (the one a reload is replacing) that is live at the same
     * place and not handed over; null if there is none.
     */
    static FloodgateFilter predecessor(Configuration configuration, FloodgateFilter successor, String place) {
        LoggerContext context = configuration.getLoggerContext();
        Configuration previous = context == null ? null : context.getConfiguration();
        ConfigurationFloodgates group = previous == null || previous == configuration ? null : existing(previous);
        if (group == null) {
            return null;
        }
        for (FloodgateFilter member : group.members) {
            if (member != successor && member.isAt(place)) {
                return member;
            }
        }
        return null;
    }

    /**
     * Called when a member on an appender or an appender reference goes live: makes sure some filter stops before
     * the appenders do.
     */
    synchronized void needStopBeforeAppenders() {
        if (hookAdded || SummaryRoute.hasFloodgateStoppedBeforeAppenders(configuration)) {
            return;
        }
        LoggerConfig root = configuration.getRootLogger();
        if (root != null) {
            root.addFilter(new StopHook(this));
            hookAdded = true;
        }
    }

    /** Returns whether the configuration has begun to stop. */
    boolean configurationStopping() {
        LifeCycle.State state = configuration.getState();
        return state == LifeCycle.State.STOPPING || state == LifeCycle.State.STOPPED;
    }

    /** Writes the pending summaries of every member and stops counting; idempotent. */
    void flushAll() {
        for (FloodgateFilter member : members) {
            member.finish();
        }
    }

    /**
     * A filter that passes everything and, when its {@link LoggerConfig} stops (before the appenders), flushes the
     * Floodgate filters of the configuration.
     */
    static final class StopHook extends AbstractFilter {
        private final ConfigurationFloodgates group;

        StopHook(ConfigurationFloodgates group) {
            this.group = group;
        }

        @Override
        public boolean stop(long timeout, TimeUnit timeUnit) {
            setStopping();
            group.flushAll();
            setStopped();
            return true;
        }

        @Override
        public String toString() {
            return "FloodgateStopHook";
        }
    }
}
