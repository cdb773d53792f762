package dev.floodgate.log4j2;

import dev.floodgate.core.FloodEngine;
import dev.floodgate.core.internal.SummaryPublisher;
import dev.floodgate.core.summary.SuppressionSummary;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.core.Filter;
import org.apache.logging.log4j.core.config.Configuration;

/**
 * The summary publisher's view of one {@link FloodgateFilter}: each summary becomes an event written through the
 * filter's {@link SummaryRoute}.
 *
 * <p>Thread-safe: the route is found when the filter goes live ({@link #findRoute()}) or else at the first write, and
 * read through a volatile field; every route found for one filter in one configuration is equal.
 */
final class RouteSink implements SummaryPublisher.Sink {

    private final Configuration configuration;
    private final Filter filter;
    /** The level of every summary, or null for the level each summary carries (WARN if it carries none). */
    private final Level summaryLevel;
    private volatile SummaryRoute route;

    RouteSink(Configuration configuration, Filter filter, Level summaryLevel) {
        this.configuration = configuration;
        this.filter = filter;
        this.summaryLevel = summaryLevel;
    }

    /** Finds where the filter sits now, and writes there from now on. */
    SummaryRoute findRoute() {
        SummaryRoute found = SummaryRoute.find(configuration, filter);
        route = found;
        return found;
    }

    @Override
    public void write(SuppressionSummary s) {
        SummaryRoute r = route;
        if (r == null) {
            r = findRoute();
        }
        String loggerName = s.loggerName() != null ? s.loggerName() : FloodEngine.SUMMARY_LOGGER;
        Level level = summaryLevel != null ? summaryLevel : s.level() instanceof Level ? (Level) s.level() : Level.WARN;
        if (!r.write(loggerName, level, new SummaryMessage(s))) {
            throw new IllegalStateException("the target " + r.describe() + " is not running");
        }
    }

    @Override
    public int severity(Object level) {
        return level instanceof Level ? -((Level) level).intLevel() : Integer.MIN_VALUE;
    }
}
