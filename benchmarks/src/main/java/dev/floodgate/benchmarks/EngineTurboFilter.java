package dev.floodgate.benchmarks;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.turbo.TurboFilter;
import ch.qos.logback.core.spi.FilterReply;
import dev.floodgate.core.Clock;
import dev.floodgate.core.FloodFilter;
import dev.floodgate.core.FloodgateConfig;
import dev.floodgate.core.Option;
import dev.floodgate.core.TickingClock;
import java.util.Map;
import org.slf4j.Marker;

/**
 * Floodgate's engine called straight from a turbo filter, without the Logback adapter around it (see
 * {@link CountingFloorProbe}): what the adapter adds to a call, and, with the held keys admitted before the run, whether
 * where the gates land in memory matters. A ticking clock as the adapter uses (it ticks itself); no summaries.
 *
 * <p>Thread-safe.
 */
final class EngineTurboFilter extends TurboFilter {

    private final FloodFilter engine;

    /**
     * @param held how many of the 100,000 templates the ledger holds ({@code maxKeys}; 1 when 0, the least it takes)
     * @param preload whether to admit the held templates, and saturate them, before the run
     */
    EngineTurboFilter(int held, boolean preload) {
        TickingClock ticking = new TickingClock(Clock.monotonic());
        engine = new FloodFilter(FloodgateConfig.parse(Map.of(Option.MAX_KEYS.key(), String.valueOf(Math.max(1,
                held)))), ticking);
        for (int i = 0; preload && i < held; i++) {
            for (int j = 0; j < 20; j++) {
                engine.suppress(Templates.HUNDRED_THOUSAND[i], true, "com.acme.Db", Level.ERROR, null);
            }
        }
    }

    @Override
    public FilterReply decide(Marker marker, Logger logger, Level level, String format, Object[] params,
            Throwable t) {
        return engine.suppress(format, true, logger.getName(), level, null) ? FilterReply.DENY : FilterReply.NEUTRAL;
    }
}
