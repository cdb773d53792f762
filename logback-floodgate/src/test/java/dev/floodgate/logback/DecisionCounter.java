package dev.floodgate.logback;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.turbo.TurboFilter;
import ch.qos.logback.core.spi.FilterReply;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.Marker;

/**
 * A turbo filter that holds another, {@code <filter class="...">} nested in XML, and counts the calls that filter
 * denied and those it let through, in counters shared by every instance a reload creates: where a reload builds the
 * turbo filter chain one filter at a time, a counter before the filter and one after it would also count calls that
 * met one of them without the filter, but these count exactly the filter's own decisions. Stopping it stops the
 * filter it holds, as a reset stops every turbo filter. Thread-safe; tests reset the counters.
 */
public final class DecisionCounter extends TurboFilter {

    private static final LongAdder DENIED = new LongAdder();
    private static final LongAdder PASSED = new LongAdder();

    private TurboFilter filter;

    /** Sets the filter whose decisions are counted. */
    public void setFilter(TurboFilter filter) {
        this.filter = filter;
    }

    /** Returns the filter whose decisions are counted. */
    TurboFilter filter() {
        return filter;
    }

    /** Returns the calls the held filters denied since the last {@link #reset()}. */
    static long denied() {
        return DENIED.sum();
    }

    /** Returns the calls the held filters let through since the last {@link #reset()}. */
    static long passed() {
        return PASSED.sum();
    }

    /** Forgets every count. */
    static void reset() {
        DENIED.reset();
        PASSED.reset();
    }

    @Override
    public FilterReply decide(Marker marker, Logger logger, Level level, String format, Object[] params,
            Throwable t) {
        FilterReply reply = filter.decide(marker, logger, level, format, params, t);
        if (format != null) {
            (reply == FilterReply.DENY ? DENIED : PASSED).increment();
        }
        return reply;
    }

    @Override
    public void stop() {
        filter.stop();
        super.stop();
    }
}
