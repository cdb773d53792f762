package dev.floodgate.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Limits mean what they say: a flood of one template through the filter, read on a {@link TickingClock} that moves
 * in 10 ms steps as in production, passes the configured rate of {@code window} and {@code cell} within 2 % in every
 * whole second, and never more.
 */
class LimiterRateTest {

    private static final long EPOCH = 1_700_000_000_000L;
    /** Calls per millisecond of the flood: 20,000 per second, a hard flood of one line. */
    private static final int CALLS_PER_MILLI = 20;
    private static final int SECONDS = 10;

    private final ManualClock source = new ManualClock(EPOCH);
    private final TickingClock clock = TickingClock.tickedByHand(source);

    private FloodEngine filter(String limiter, int count) {
        Map<String, String> options = new HashMap<>();
        options.put("limiter", limiter);
        options.put("count", String.valueOf(count));
        options.put("period", "1 second");
        if (limiter.equals("cell")) {
            options.put("burst", "0");
        }
        return new FloodEngine(FloodgateConfig.parse(options), clock);
    }

    /** Floods for {@link #SECONDS} seconds of source time, ticking the clock every 10 ms; passes per second. */
    private long[] flood(FloodEngine f) {
        long[] passed = new long[SECONDS];
        for (int ms = 0; ms < SECONDS * 1_000; ms++) {
            if (ms % TickingClock.TICK_MILLIS == 0) {
                clock.tick();
            }
            for (int i = 0; i < CALLS_PER_MILLI; i++) {
                if (!f.suppress("Connection to {} failed", true, "com.acme.Db", "ERROR", null)) {
                    passed[ms / 1_000]++;
                }
            }
            source.advanceMillis(1);
        }
        return passed;
    }

    @ParameterizedTest(name = "{0} {1}/s")
    @CsvSource({"cell, 10", "cell, 80", "cell, 1000", "window, 10", "window, 80", "window, 1000"})
    void suppress_floodOnTickingClock_passesTheRateWithinTwoPercentAndNeverMore(String limiter, int count) {
        long[] passed = flood(filter(limiter, count));

        for (int s = 0; s < SECONDS; s++) {
            assertThat(passed[s]).as("%s %d/s: passed in second %d of %s", limiter, count, s,
                    java.util.Arrays.toString(passed)).isBetween((long) Math.ceil(count * 0.98), (long) count);
        }
    }

    @Test
    void suppress_cellWithoutCarry_isTheBugThisFixes() {
        FloodEngine f = new FloodEngine(FloodgateConfig.parse(Map.of("limiter", "cell", "count", "1000", "period",
                "1 second", "burst", "0")), new Clock() {
                    @Override
                    public long millis() {
                        return clock.millis();
                    }
                });

        long[] passed = flood(f);

        assertThat(passed[SECONDS - 1]).as("one event per 10 ms step").isEqualTo(100);
    }
}
