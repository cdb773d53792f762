package dev.floodgate.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.floodgate.core.CellRateSettings;
import dev.floodgate.core.fleet.FleetConnection;
import dev.floodgate.core.fleet.FleetReply;
import dev.floodgate.core.fleet.FleetSettings;
import dev.floodgate.core.fleet.FleetStatus;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * How a connection chooses its server side, against a real Redis without the redis-cell module: {@code COMMAND INFO
 * CL.THROTTLE} finds no such command, so every step runs the Lua script, even for a period of whole seconds (where
 * {@code CL.THROTTLE} would be used if it were there). The other half, a Redis with redis-cell loaded, is not tested:
 * no redis-cell module can be installed from the registries a build machine reaches (src/docs/fleet.md, "What is
 * tested of CL.THROTTLE").
 */
class RedisCellDetectionTest {

    private static final FleetStatus QUIET = new FleetStatus() {
        @Override
        public void warn(String message) {
            throw new AssertionError("unexpected WARN: " + message);
        }

        @Override
        public void info(String message) {
            // recoveries do not matter here
        }
    };

    @Test
    void open_redisWithoutRedisCell_stepsWithTheScript() throws Exception {
        try (RedisProcess redis = RedisProcess.started()) {
            CellRateSettings wholeSeconds = CellRateSettings.defaults();
            assertThat(wholeSeconds.periodMillis() % 1_000).isZero();
            FleetConnection connection = RedisFleet.open(FleetSettings.of(redis.uri(), wholeSeconds,
                    "floodgate:detect:"), QUIET);
            try {
                RedisFleet fleet = (RedisFleet) connection;
                CompletableFuture<String> answer = new CompletableFuture<>(); // the first request connects
                fleet.take("floodgate:detect:0123456789abcdef", 1, new FleetReply() {
                    @Override
                    public void granted() {
                        answer.complete("granted");
                    }

                    @Override
                    public void refused(long retryAfterMillis) {
                        answer.complete("refused " + retryAfterMillis);
                    }

                    @Override
                    public void unavailable() {
                        answer.complete("unavailable");
                    }
                });
                assertThat(answer.get(10, TimeUnit.SECONDS)).isEqualTo("granted");
                assertThat(fleet.connected()).isTrue();
                assertThat(fleet.usesRedisCell()).isFalse();
                assertThat(redis.info("commandstats", "cmdstat_evalsha")).startsWith("calls=1,");
                assertThat(redis.info("commandstats", "cmdstat_cl.throttle")).isEmpty();
            } finally {
                connection.close();
            }
        }
    }
}
