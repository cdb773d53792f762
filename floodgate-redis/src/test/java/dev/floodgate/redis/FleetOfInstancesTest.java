package dev.floodgate.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.floodgate.core.Clock;
import dev.floodgate.core.FloodEngine;
import dev.floodgate.core.FloodgateConfig;
import dev.floodgate.core.fleet.FleetSettings;
import dev.floodgate.core.summary.SuppressionSummary;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * 200 filters with the default local limits and one fleet limit, sharing one real Redis, flooded by two threads for
 * a few seconds of real time (the fleet's budget is refilled by Redis's clock, so this test runs on it): the lines
 * passed stay within the stated bound, every call is passed or summarized once, and the Redis requests per filter
 * per second are reported (src/docs/fleet.md quotes a run).
 */
class FleetOfInstancesTest {

    private static final int INSTANCES = 200;
    private static final long RUN_MILLIS = 6_000;

    @Test
    void twoHundredInstances_flood_passedStayWithinTheStatedBound() throws Exception {
        try (RedisProcess redis = RedisProcess.started()) {
            FloodgateConfig config = FloodgateConfig.parse(Map.of("fleet", redis.uri(), "fleetCount", "50",
                    "fleetPeriod", "1 second", "fleetBurst", "49", "fleetPrefix", "instances:"));
            List<FloodEngine> filters = new ArrayList<>();
            for (int i = 0; i < INSTANCES; i++) {
                filters.add(new FloodEngine(config, Clock.monotonic()));
            }
            for (FloodEngine f : filters) {
                f.suppress("Started", false, "shop.Main", "INFO", null); // a filter connects at its first call
            }
            long warmUpRequests = calls(redis, "cmdstat_evalsha") + calls(redis, "cmdstat_eval");
            FleetHarness.await("every filter is connected", () -> {
                try {
                    return Integer.parseInt(redis.info("clients", "connected_clients").trim()) > INSTANCES;
                } catch (java.io.IOException | NumberFormatException e) {
                    return false;
                }
            });
            AtomicLong offered = new AtomicLong();
            AtomicLong passed = new AtomicLong();
            long start = System.nanoTime();
            long end = start + TimeUnit.MILLISECONDS.toNanos(RUN_MILLIS);
            Thread[] threads = new Thread[2];
            for (int t = 0; t < threads.length; t++) {
                int offset = t;
                threads[t] = new Thread(() -> {
                    long o = 0;
                    long p = 0;
                    for (int i = offset; System.nanoTime() < end; i++) {
                        FloodEngine f = filters.get(i % INSTANCES);
                        o++;
                        if (!f.suppress("Order {} failed", true, "shop.Orders", "ERROR", null)) {
                            p++;
                        }
                    }
                    offered.addAndGet(o);
                    passed.addAndGet(p);
                });
                threads[t].start();
            }
            for (Thread t : threads) {
                t.join();
            }
            long elapsedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            long requests = calls(redis, "cmdstat_evalsha") + calls(redis, "cmdstat_eval") - warmUpRequests;
            long summarized = 0;
            for (FloodEngine f : filters) {
                for (SuppressionSummary s : f.close()) {
                    summarized += s.suppressed();
                }
            }

            FleetSettings fleet = config.fleet();
            long serverBound = fleet.cell().limit() + elapsedMillis / fleet.cell().emissionIntervalMillis();
            long stated = serverBound + INSTANCES * (fleet.maxHeld() + 16);
            System.out.printf("fleet of %d filters, %d ms: offered %,d, passed %,d, GCRA bound %,d, overshoot %,d "
                    + "(stated bound %,d), Redis requests %,d = %.2f per filter per second%n", INSTANCES,
                    elapsedMillis, offered.get(), passed.get(), serverBound, passed.get() - serverBound, stated,
                    requests, requests * 1_000.0 / INSTANCES / elapsedMillis);
            assertThat(passed.get() + summarized).isEqualTo(offered.get());
            assertThat(passed.get()).isLessThanOrEqualTo(stated);
            assertThat(requests).isPositive();
        }
    }

    private static long calls(RedisProcess redis, String field) throws java.io.IOException {
        String stat = redis.info("commandstats", field);
        return stat.isEmpty() ? 0 : Long.parseLong(stat.substring("calls=".length(), stat.indexOf(',')));
    }
}
