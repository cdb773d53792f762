package dev.floodgate.log4j2;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Map;
import org.apache.logging.log4j.Logger;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Limits mean what they say: one template logged 20,000 times a second through each place of the
 * filter, on a clock that steps like the default ticking clock, passes the configured rate of {@code cell} (burst 0)
 * and {@code window} within 2 % in every second, and never more.
 */
class LimiterRateTest {

    private static final int SECONDS = 5;
    private static final int CALLS_PER_MILLI = 20;
    private static final String CLOCK = "LimiterRateTest";

    @ParameterizedTest(name = "{0} {1} {2}/s")
    @CsvSource({"contextWide, cell, 10", "contextWide, cell, 80", "contextWide, cell, 1000",
        "contextWide, window, 10", "contextWide, window, 80", "contextWide, window, 1000", "appender, cell, 10",
        "appender, cell, 80", "appender, cell, 1000", "appender, window, 10", "appender, window, 80",
        "appender, window, 1000"})
    void flood_onASteppingClock_passesTheRateWithinTwoPercentAndNeverMore(String place, String limiter, int count) {
        SteppingClock.reset(CLOCK);
        String options = "limiter=\"" + limiter + "\" count=\"" + count + "\" period=\"1 second\""
                + (limiter.equals("cell") ? " burst=\"0\"" : "");
        try (Log4jHarness h = Log4jHarness.start(getClass(), place, Map.of(Log4jHarness.RAW_OPTIONS, options))) {
            CountingAppender appender = h.context.getConfiguration().getAppender("count");
            Logger log = h.context.getLogger("app.Db");
            long[] passed = new long[SECONDS];
            for (int s = 0; s < SECONDS; s++) {
                long before = appender.writtenTotal();
                for (int ms = 0; ms < 1_000; ms++) {
                    for (int i = 0; i < CALLS_PER_MILLI; i++) {
                        log.error("Connection to {} failed", i);
                    }
                    SteppingClock.advanceOneMilli(CLOCK);
                }
                passed[s] = appender.writtenTotal() - before;
            }

            for (long n : passed) {
                assertThat(n).as("%s %s %d/s: passed per second %s", place, limiter, count, Arrays.toString(passed))
                        .isBetween((long) Math.ceil(count * 0.98), (long) count);
            }
            assertThat(h.status.floodgateMessages()).isEmpty();
        }
    }
}
