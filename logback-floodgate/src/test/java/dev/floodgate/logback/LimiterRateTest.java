package dev.floodgate.logback;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import java.util.Arrays;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Limits mean what they say: one template logged 20,000 times a second through each filter, on a
 * clock that steps like the default ticking clock, passes the configured rate of {@code cell} (burst 0) and
 * {@code window} within 2 % in every second, and never more.
 */
class LimiterRateTest {

    private static final int SECONDS = 5;
    private static final int CALLS_PER_MILLI = 20;

    @ParameterizedTest(name = "{0} {1} {2}/s")
    @CsvSource({"TURBO, cell, 10", "TURBO, cell, 80", "TURBO, cell, 1000", "TURBO, window, 10",
        "TURBO, window, 80", "TURBO, window, 1000", "APPENDER, cell, 10", "APPENDER, cell, 80",
        "APPENDER, cell, 1000", "APPENDER, window, 10", "APPENDER, window, 80", "APPENDER, window, 1000"})
    void flood_onASteppingClock_passesTheRateWithinTwoPercentAndNeverMore(Adapter adapter, String limiter,
            int count) {
        String options = "<limiter>" + limiter + "</limiter><count>" + count + "</count><period>1 second</period>"
                + (limiter.equals("cell") ? "<burst>0</burst>" : "");
        try (TestContext t = TestContext.configureWithOptions(getClass(), adapter.xml, options)) {
            SteppingClock clock = (SteppingClock) (adapter == Adapter.TURBO ? t.turboFilter().clock()
                    : t.filter("COUNT").clock());
            CountingAppender appender = (CountingAppender) t.appender("COUNT");
            Logger log = t.logger("com.acme.Db");
            long[] passed = new long[SECONDS];
            for (int s = 0; s < SECONDS; s++) {
                long before = appender.writtenTotal();
                for (int ms = 0; ms < 1_000; ms++) {
                    for (int i = 0; i < CALLS_PER_MILLI; i++) {
                        log.error("Connection to {} failed", i);
                    }
                    clock.advanceOneMilli();
                }
                passed[s] = appender.writtenTotal() - before;
            }

            for (long n : passed) {
                assertThat(n).as("%s %s %d/s: passed per second %s", adapter, limiter, count, Arrays.toString(passed))
                        .isBetween((long) Math.ceil(count * 0.98), (long) count);
            }
            assertThat(t.problems()).isEmpty();
        }
    }
}
