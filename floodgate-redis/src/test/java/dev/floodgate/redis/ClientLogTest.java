package dev.floodgate.redis;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.classic.util.ContextInitializer;
import dev.floodgate.core.CellRateSettings;
import dev.floodgate.core.fleet.FleetSettings;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * The Redis client's own messages are never asked of the fleet limit. Floodgate's client logs nothing into the
 * application ({@code QuietStartTest}), but an application that used Lettuce or Netty itself before Floodgate's
 * client started has their loggers, and so their messages, in its own logging: here messages under the client's
 * logger names pass through the turbo filter while Redis answers, and Redis then holds the keys of the
 * application's templates only.
 */
class ClientLogTest {

    @Test
    void clientLoggersMessages_whileRedisAnswers_getNoFleetKey() throws Exception {
        LoggerContext global = (LoggerContext) LoggerFactory.getILoggerFactory();
        String prefix = "clientlog-" + System.nanoTime() + ":";
        try (RedisProcess redis = RedisProcess.started()) {
            global.reset();
            global.putProperty("redisUri", redis.uri());
            global.putProperty("redisPrefix", prefix);
            JoranConfigurator configurator = new JoranConfigurator();
            configurator.setContext(global);
            configurator.doConfigure(ClientLogTest.class.getResource("ClientLogTest-fleet.xml"));
            org.slf4j.Logger app = LoggerFactory.getLogger("shop.Payments");
            String appKey = FleetSettings.of(redis.uri(), CellRateSettings.defaults(), prefix)
                    .keyFor(FleetSettings.nameOf("Payment {} failed"));
            FleetHarness.await("the application's template has its key", () -> {
                app.error("Payment {} failed", 1);
                try {
                    return redis.command("EXISTS", appKey).equals(":1");
                } catch (java.io.IOException e) {
                    return false;
                }
            });

            String laterKey = FleetSettings.of(redis.uri(), CellRateSettings.defaults(), prefix)
                    .keyFor(FleetSettings.nameOf("Payment {} retried"));
            FleetHarness.await("a later template of the application has its key", () -> {
                LoggerFactory.getLogger("io.lettuce.core.protocol.ConnectionWatchdog")
                        .info("Reconnecting, last destination was {}", "127.0.0.1:6379");
                LoggerFactory.getLogger("io.netty.util.internal.PlatformDependent").warn("Your platform does not "
                        + "provide complete low-level API for accessing direct buffers reliably: {}", "a reason");
                app.error("Payment {} retried", 1);
                try {
                    return redis.command("EXISTS", laterKey).equals(":1");
                } catch (java.io.IOException e) {
                    return false;
                }
            });

            assertThat(redis.command("DBSIZE")).isEqualTo(":2");
        } finally {
            global.reset();
            new ContextInitializer(global).autoConfig();
        }
    }
}
