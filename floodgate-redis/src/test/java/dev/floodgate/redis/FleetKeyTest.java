package dev.floodgate.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.floodgate.core.FloodEngine;
import dev.floodgate.core.FloodgateConfig;
import dev.floodgate.core.ManualClock;
import dev.floodgate.core.summary.SuppressionSummary;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The fleet key follows the local fingerprint: with {@code includeLogger=true} one template under two loggers is two
 * fingerprints, and so two budgets in a real Redis, and a flood under one logger leaves the other's whole; without
 * it, the two loggers' calls are one fingerprint and spend one budget, which the second logger then finds spent.
 * The local limit is set far above the fleet's, so that the fleet limit alone drops calls.
 */
class FleetKeyTest {

    private static final String TEMPLATE = "Payment {} failed";
    /** The fleet's budget of each fingerprint: 20 a minute, all at once. */
    private static final int BUDGET = 20;
    /**
     * The second logger's calls: with a budget of its own, at least half the budget passes, although a call that
     * finds its lease used up while the next request is answered is dropped; with the first logger's spent budget,
     * only the calls made before the store's first answer (its refusal) pass.
     */
    private static final int CALLS = 50;

    @Test
    void includeLogger_floodUnderOneLogger_leavesTheOtherLoggersFleetBudget() throws Exception {
        try (RedisProcess redis = RedisProcess.started()) {
            Fleet fleet = new Fleet(redis.uri(), "true");
            fleet.floodUntilTheFleetRefuses("shop.Payments");

            long passed = fleet.passedOf("shop.Refunds", CALLS);

            assertThat(passed).as("calls of the second logger passed, of " + CALLS)
                    .isGreaterThanOrEqualTo(BUDGET / 2);
            assertThat(redis.command("KEYS", fleet.prefix + "*")).as("fleet keys").isEqualTo("*2");
            fleet.filter.close();
        }
    }

    @Test
    void withoutIncludeLogger_floodUnderOneLogger_spendsTheBudgetOfBoth() throws Exception {
        try (RedisProcess redis = RedisProcess.started()) {
            Fleet fleet = new Fleet(redis.uri(), "false");
            fleet.floodUntilTheFleetRefuses("shop.Payments");

            long passed = fleet.passedOf("shop.Refunds", CALLS);

            assertThat(passed).as("calls of the second logger passed, of " + CALLS)
                    .isLessThan(BUDGET / 2);
            assertThat(redis.command("KEYS", fleet.prefix + "*")).as("fleet keys").isEqualTo("*1");
            fleet.filter.close();
        }
    }

    /** One filter on a manual clock, its fleet limit {@value #BUDGET} a minute in a real Redis. */
    private static final class Fleet {
        final ManualClock clock = new ManualClock(1_764_000_000_000L);
        final String prefix = "key-" + System.nanoTime() + ":";
        final FloodEngine filter;

        Fleet(String uri, String includeLogger) {
            Map<String, String> raw = new HashMap<>();
            raw.put("limiter", "window");
            raw.put("count", "10000");
            raw.put("period", "1 second");
            raw.put("includeLogger", includeLogger);
            raw.put("fleet", uri);
            raw.put("fleetCount", Integer.toString(BUDGET));
            raw.put("fleetPeriod", "1 minute");
            raw.put("fleetBurst", Integer.toString(BUDGET - 1));
            raw.put("fleetPrefix", prefix);
            filter = new FloodEngine(FloodgateConfig.parse(raw), clock);
        }

        /** Floods {@code logger}, 10 calls every 100 ms of the manual clock, until the fleet limit drops one. */
        void floodUntilTheFleetRefuses(String logger) {
            long[] byFleet = {0};
            FleetHarness.await("the fleet limit drops a call of " + logger, () -> {
                clock.advance(Duration.ofMillis(100));
                for (int i = 0; i < 10; i++) {
                    filter.suppress(TEMPLATE, true, logger, "ERROR", null);
                }
                for (SuppressionSummary s : filter.summarize()) {
                    byFleet[0] += s.suppressedByFleet();
                }
                return byFleet[0] > 0;
            });
        }

        /**
         * Logs {@code calls} calls under {@code logger}, one at a time, 100 ms apart on the manual clock and a poll of
         * real time apart (time for the store to answer a lease's request); returns how many passed.
         */
        long passedOf(String logger, int calls) {
            long[] made = {0};
            long[] passed = {0};
            FleetHarness.await(calls + " calls of " + logger, () -> {
                clock.advance(Duration.ofMillis(100));
                if (!filter.suppress(TEMPLATE, true, logger, "ERROR", null)) {
                    passed[0]++;
                }
                return ++made[0] == calls;
            });
            return passed[0];
        }
    }
}
