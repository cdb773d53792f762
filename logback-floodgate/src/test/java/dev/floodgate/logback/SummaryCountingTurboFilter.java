package dev.floodgate.logback;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.turbo.TurboFilter;
import ch.qos.logback.core.spi.FilterReply;
import dev.floodgate.core.FloodEngine;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Marker;

/** A turbo filter for tests that denies, and counts, every call carrying the summary marker. */
public final class SummaryCountingTurboFilter extends TurboFilter {

    final AtomicInteger summariesSeen = new AtomicInteger();

    @Override
    public FilterReply decide(Marker marker, Logger logger, Level level, String format, Object[] params,
            Throwable t) {
        if (marker != null && marker.contains(FloodEngine.SUMMARY_MARKER)) {
            summariesSeen.incrementAndGet();
            return FilterReply.DENY;
        }
        return FilterReply.NEUTRAL;
    }
}
