package dev.floodgate.logback;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.turbo.TurboFilter;
import ch.qos.logback.core.filter.Filter;
import ch.qos.logback.core.spi.FilterReply;
import dev.floodgate.core.FloodEngine;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.Marker;

/**
 * Counters of the calls that reach a place in a filter chain, by the name given in XML, shared by every instance a
 * reload creates: one before a filter and one after it count the calls it dropped (before − after), since a chain
 * stops at the first DENY. Thread-safe; the counters are static, so tests reset them.
 */
final class CallCounter {

    private static final Map<String, LongAdder> COUNTS = new ConcurrentHashMap<>();

    private CallCounter() {
    }

    /** Returns the calls counted under {@code name}. */
    static long count(String name) {
        LongAdder n = COUNTS.get(name);
        return n == null ? 0 : n.sum();
    }

    /** Forgets every count. */
    static void reset() {
        COUNTS.clear();
    }

    private static void increment(String name) {
        COUNTS.computeIfAbsent(name, k -> new LongAdder()).increment();
    }

    /** A turbo filter that counts each call under its name and lets it through (NEUTRAL). */
    public static final class Turbo extends TurboFilter {
        @Override
        public FilterReply decide(Marker marker, Logger logger, Level level, String format, Object[] params,
                Throwable t) {
            if (format != null && (marker == null || !marker.contains(FloodEngine.SUMMARY_MARKER))) {
                increment(getName());
            }
            return FilterReply.NEUTRAL;
        }
    }

    /** An appender filter that counts each event under its name and lets it through (NEUTRAL). */
    public static final class Appender extends Filter<ILoggingEvent> {
        @Override
        public FilterReply decide(ILoggingEvent event) {
            if (!TestContext.isSummary(event)) {
                increment(getName());
            }
            return FilterReply.NEUTRAL;
        }
    }

    /** A turbo filter that denies every call: the floor of any turbo filter that drops a call. */
    public static final class DenyAllTurbo extends TurboFilter {
        /** Accepts the {@code <clock>} element of the Floodgate filter it stands in for, so one XML serves both. */
        public void setClock(dev.floodgate.core.Clock clock) {
            // a filter that denies everything reads no clock
        }

        @Override
        public FilterReply decide(Marker marker, Logger logger, Level level, String format, Object[] params,
                Throwable t) {
            return format == null ? FilterReply.NEUTRAL : FilterReply.DENY;
        }
    }

    /** An appender filter that denies every event: the floor of any appender filter that drops an event. */
    public static final class DenyAllAppender extends Filter<ILoggingEvent> {
        /** Accepts the {@code <clock>} element of the Floodgate filter it stands in for, so one XML serves both. */
        public void setClock(dev.floodgate.core.Clock clock) {
            // a filter that denies everything reads no clock
        }

        @Override
        public FilterReply decide(ILoggingEvent event) {
            return FilterReply.DENY;
        }
    }
}
