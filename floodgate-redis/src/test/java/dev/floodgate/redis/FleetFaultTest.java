package dev.floodgate.redis;

import static dev.floodgate.redis.FleetHarness.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.floodgate.core.summary.SuppressionSummary;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * The fleet limit through every fault that src/docs/fleet.md lists under "While Redis is down", on a real
 * redis-server: no exception and no waiting in the calling thread, one WARN status per outage naming the problem,
 * local limits meanwhile, summaries that say the fleet limit was unavailable, and recovery by itself; and every call
 * passed or counted once.
 */
class FleetFaultTest {

    private static final int LOCAL = 20;

    @Test
    void redisAbsentAtStart_localLimitsDecide_thenTheFleetLimitComesBackByItself() throws Exception {
        try (RedisProcess redis = RedisProcess.notStarted(); FleetHarness h = new FleetHarness(redis.uri(), LOCAL)) {
            int passed = h.flood(1_000);
            await("one WARN", () -> !h.warnings.isEmpty());

            assertThat(passed).isEqualTo(LOCAL);
            SuppressionSummary s = h.summarize().get(0);
            assertThat(s.fleetUnavailable()).isTrue();
            assertThat(s.message()).contains("the fleet limit was unavailable, local limits alone decided");
            redis.start();
            await("the connection recovers", () -> !h.infos.isEmpty());
            h.floodUntilTheFleetRefuses();
            assertThat(h.warnings).hasSize(1);
            assertThat(h.warnings.get(0)).contains("fleet: Redis at " + redis.uri() + " is unavailable");
            h.assertConservation();
        }
    }

    @Test
    void redisKilledMidFloodThenRestarted_oneWarning_localLimits_recovery() throws Exception {
        try (RedisProcess redis = RedisProcess.started(); FleetHarness h = new FleetHarness(redis.uri(), 1_000)) {
            h.floodUntilTheFleetRefuses();
            h.summarize();

            redis.kill();
            h.clock.advance(Duration.ofSeconds(2));
            await("one WARN", () -> {
                h.flood(100);
                return !h.warnings.isEmpty();
            });
            await("the unanswered request reached the lease: local limits decide", () -> h.flood(10) > 0);
            h.clock.advance(Duration.ofSeconds(2));
            int duringOutage = h.flood(5_000);

            assertThat(duringOutage).isEqualTo(1_000);
            assertThat(h.summarize()).anyMatch(SuppressionSummary::fleetUnavailable);
            redis.start();
            await("the connection recovers", () -> {
                h.clock.advance(Duration.ofMillis(200));
                h.flood(10);
                return !h.infos.isEmpty();
            });
            h.floodUntilTheFleetRefuses();
            assertThat(h.warnings).hasSize(1);
            h.assertConservation();
        }
    }

    @Test
    void redisSlowedByDebugSleep_callsNeverWait_oneWarning_recovery() throws Exception {
        try (RedisProcess redis = RedisProcess.started(); FleetHarness h = new FleetHarness(redis.uri(), 1_000)) {
            h.floodUntilTheFleetRefuses();

            java.util.concurrent.CountDownLatch sent = new java.util.concurrent.CountDownLatch(1);
            CompletableFuture<String> sleep = CompletableFuture.supplyAsync(() -> {
                try {
                    sent.countDown();
                    return redis.command("DEBUG", "SLEEP", "3");
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            sent.await();
            for (int round = 0; round < 20; round++) {
                h.clock.advance(Duration.ofMillis(100));
                h.flood(500);
            }
            boolean stillAsleep = !sleep.isDone();
            await("one WARN", () -> {
                h.clock.advance(Duration.ofMillis(200));
                h.flood(100);
                return !h.warnings.isEmpty();
            });
            sleep.join();
            await("the connection recovers", () -> {
                h.clock.advance(Duration.ofMillis(200));
                h.flood(10);
                return !h.infos.isEmpty();
            });

            assertThat(stillAsleep).as("10,000 calls completed while Redis slept").isTrue();
            assertThat(h.warnings).hasSize(1);
            assertThat(h.warnings.get(0)).containsIgnoringCase("timed out");
            h.floodUntilTheFleetRefuses();
            h.assertConservation();
        }
    }

    @Test
    void wrongPassword_oneWarningNamingIt_localLimitsDecide() throws Exception {
        try (RedisProcess redis = RedisProcess.started("--requirepass", "right");
                FleetHarness h = new FleetHarness("redis://:wrong@127.0.0.1:" + redis.port(), LOCAL)) {
            await("one WARN", () -> {
                h.flood(10);
                return !h.warnings.isEmpty();
            });
            int passed = h.flood(1_000);
            h.clock.advance(Duration.ofSeconds(1));
            int later = h.flood(1_000);

            assertThat(passed + later).isLessThanOrEqualTo(2 * LOCAL);
            assertThat(h.warnings).hasSize(1);
            assertThat(h.warnings.get(0)).contains("WRONGPASS").doesNotContain("wrong@");
            h.assertConservation();
        }
    }

    @Test
    void outOfMemory_oneWarningNamingIt_thenRecovery() throws Exception {
        try (RedisProcess redis = RedisProcess.started(); FleetHarness h = new FleetHarness(redis.uri(), 1_000)) {
            h.floodUntilTheFleetRefuses();
            redis.command("CONFIG", "SET", "maxmemory-policy", "noeviction");
            redis.command("CONFIG", "SET", "maxmemory", "1");

            await("one WARN", () -> {
                h.clock.advance(Duration.ofMillis(200));
                h.flood(100);
                return !h.warnings.isEmpty();
            });
            redis.command("CONFIG", "SET", "maxmemory", "0");
            await("the store answers again", () -> {
                h.clock.advance(Duration.ofMillis(200));
                h.flood(10);
                return !h.infos.isEmpty();
            });

            assertThat(h.warnings).hasSize(1);
            assertThat(h.warnings.get(0)).contains("OOM");
            h.floodUntilTheFleetRefuses();
            h.assertConservation();
        }
    }

    @Test
    void scriptsFlushed_noOutage_theFleetLimitKeepsWorking() throws Exception {
        try (RedisProcess redis = RedisProcess.started(); FleetHarness h = new FleetHarness(redis.uri(), 1_000)) {
            h.floodUntilTheFleetRefuses();

            assertThat(redis.command("SCRIPT", "FLUSH")).isEqualTo("+OK");
            FleetHarness.await("a request after the flush was sent as EVAL", () -> {
                h.clock.advance(Duration.ofMillis(200));
                h.flood(50);
                try {
                    return redis.info("commandstats", "cmdstat_eval").startsWith("calls=");
                } catch (java.io.IOException e) {
                    return false;
                }
            });
            h.floodUntilTheFleetRefuses();

            assertThat(h.warnings).isEmpty();
            h.assertConservation();
        }
    }
}
