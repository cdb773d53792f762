package dev.floodgate.redis;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.util.ContextInitializer;
import ch.qos.logback.core.read.ListAppender;
import dev.floodgate.core.CellRateSettings;
import dev.floodgate.core.fleet.FleetSettings;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * Lettuce's own log messages, which reach the application's Logback through SLF4J and so through the turbo filter,
 * are never asked of the fleet limit: a connection cut by the server makes Lettuce log its reconnection, and Redis
 * then holds the keys of the application's templates only, none for the client's messages, although they were
 * logged again while Redis answered.
 */
class ClientLogTest {

    @Test
    void lettuceLogsItsReconnection_noFleetKeyForItsMessages() throws Exception {
        LoggerContext global = (LoggerContext) LoggerFactory.getILoggerFactory();
        String prefix = "clientlog-" + System.nanoTime() + ":";
        try (RedisProcess redis = RedisProcess.started()) {
            global.reset();
            global.putProperty("redisUri", redis.uri());
            global.putProperty("redisPrefix", prefix);
            JoranConfigurator configurator = new JoranConfigurator();
            configurator.setContext(global);
            configurator.doConfigure(ClientLogTest.class.getResource("ClientLogTest-fleet.xml"));
            @SuppressWarnings("unchecked")
            ListAppender<ILoggingEvent> list = (ListAppender<ILoggingEvent>) global.getLogger(Logger.ROOT_LOGGER_NAME)
                    .getAppender("LIST");
            FleetHarness.await("the filter's connection has loaded its script", () -> {
                try {
                    return redis.info("commandstats", "cmdstat_script").startsWith("calls=");
                } catch (java.io.IOException e) {
                    return false;
                }
            });
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

            redis.command("CLIENT", "KILL", "TYPE", "normal");
            FleetHarness.await("Lettuce logs about its connection", () -> list.list.stream()
                    .anyMatch(e -> e.getLoggerName().startsWith("io.lettuce")));
            app.error("Payment {} failed", 2);
            FleetHarness.await("the filter's connection is back", () -> {
                try {
                    return Integer.parseInt(redis.info("clients", "connected_clients").trim()) >= 2;
                } catch (java.io.IOException | NumberFormatException e) {
                    return false;
                }
            });
            for (ILoggingEvent e : List.copyOf(list.list)) {
                if (e.getLoggerName().startsWith("io.lettuce")) {
                    LoggerFactory.getLogger(e.getLoggerName()).warn(e.getMessage(), e.getArgumentArray());
                }
            }
            String laterKey = FleetSettings.of(redis.uri(), CellRateSettings.defaults(), prefix)
                    .keyFor(FleetSettings.nameOf("Payment {} retried"));
            FleetHarness.await("a later template of the application has its key", () -> {
                app.error("Payment {} retried", 1);
                try {
                    return redis.command("EXISTS", laterKey).equals(":1");
                } catch (java.io.IOException e) {
                    return false;
                }
            });

            assertThat(redis.command("DBSIZE")).isEqualTo(":2");
            assertThat(redis.command("EXISTS", appKey)).isEqualTo(":1");
        } finally {
            global.reset();
            new ContextInitializer(global).autoConfig();
        }
    }
}
