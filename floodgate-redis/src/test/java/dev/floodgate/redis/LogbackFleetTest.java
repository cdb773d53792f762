package dev.floodgate.redis;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import ch.qos.logback.core.status.Status;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The fleet limit configured from a real {@code logback.xml}, against a real Redis: the options reach the filter, the
 * fleet refuses what the local limit would pass, and the summary says which limit dropped what.
 */
class LogbackFleetTest {

    @Test
    void turboFilterWithFleet_fleetRefusesWhatTheLocalLimitAllows_summarySaysSo() throws Exception {
        try (RedisProcess redis = RedisProcess.started()) {
            LoggerContext context = new LoggerContext();
            context.putProperty("redisUri", redis.uri());
            context.putProperty("redisPrefix", "logback-" + System.nanoTime() + ":");
            JoranConfigurator configurator = new JoranConfigurator();
            configurator.setContext(context);
            configurator.doConfigure(LogbackFleetTest.class.getResource("LogbackFleetTest-fleet.xml"));
            Logger log = context.getLogger("shop.Payments");
            @SuppressWarnings("unchecked")
            ListAppender<ILoggingEvent> list = (ListAppender<ILoggingEvent>) context.getLogger(Logger.ROOT_LOGGER_NAME)
                    .getAppender("LIST");

            context.getLogger("shop.Main").info("Started"); // the first call connects
            FleetHarness.await("the filter's connection has loaded its script", () -> {
                try {
                    return redis.info("commandstats", "cmdstat_script").startsWith("calls=");
                } catch (java.io.IOException e) {
                    return false;
                }
            });
            list.list.clear();
            log.error("Payment {} failed", 1);
            FleetHarness.await("the fleet limit drops a call that the local limit (16 at once) allows", () -> {
                int before = list.list.size();
                log.error("Payment {} failed", 2);
                return list.list.size() == before && list.list.size() < 16;
            });
            context.stop();

            List<String> summaries = list.list.stream().map(ILoggingEvent::getFormattedMessage)
                    .filter(m -> m.startsWith("Suppressed")).collect(Collectors.toList());
            assertThat(summaries).hasSize(1);
            assertThat(summaries.get(0)).contains("by the fleet limit 1/1m, burst 0").contains("0 by attrition");
            List<Status> problems = context.getStatusManager().getCopyOfStatusList().stream()
                    .filter(s -> s.getLevel() >= Status.WARN).collect(Collectors.toList());
            assertThat(problems).isEmpty();
        }
    }
}
