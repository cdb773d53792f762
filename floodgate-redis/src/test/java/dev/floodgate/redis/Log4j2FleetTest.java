package dev.floodgate.redis;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;
import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.ConfigurationSource;
import org.apache.logging.log4j.core.config.Property;
import org.apache.logging.log4j.core.config.xml.XmlConfiguration;
import org.junit.jupiter.api.Test;

/**
 * The fleet limit configured in a real {@code log4j2.xml} (a context-wide {@code <Floodgate>}) against a real Redis:
 * the attributes reach the filter, the fleet refuses what the local limit allows, and the summary says so.
 */
class Log4j2FleetTest {

    /** Keeps what reaches it. Thread-safe. */
    private static final class Kept extends AbstractAppender {
        final List<String> messages = new CopyOnWriteArrayList<>();

        Kept() {
            super("kept", null, null, true, Property.EMPTY_ARRAY);
        }

        @Override
        public void append(LogEvent event) {
            messages.add(event.getMessage().getFormattedMessage());
        }
    }

    @Test
    void contextWideFloodgateWithFleet_fleetRefusesWhatTheLocalLimitAllows_summarySaysSo() throws Exception {
        try (RedisProcess redis = RedisProcess.started()) {
            String xml = "<Configuration><Floodgate fleet=\"" + redis.uri() + "\" fleetCount=\"1\" fleetPeriod=\"1 minute\""
                    + " fleetBurst=\"0\" fleetPrefix=\"log4j2-" + System.nanoTime() + ":\"/>"
                    + "<Loggers><Root level=\"INFO\"/></Loggers></Configuration>";
            LoggerContext context = new LoggerContext("fleet");
            XmlConfiguration config = new XmlConfiguration(context, new ConfigurationSource(
                    new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8))));
            context.start(config);
            Kept kept = new Kept();
            kept.start();
            context.getConfiguration().addAppender(kept);
            context.getConfiguration().getRootLogger().addAppender(kept, null, null);
            context.updateLoggers();
            Logger log = context.getLogger("shop.Payments");
            context.getLogger("shop.Main").info("Started"); // the first call connects
            FleetHarness.await("the filter's connection has loaded its script", () -> {
                try {
                    return redis.info("commandstats", "cmdstat_script").startsWith("calls=");
                } catch (java.io.IOException e) {
                    return false;
                }
            });

            kept.messages.clear();
            log.error("Payment {} failed", 1);
            FleetHarness.await("the fleet limit drops a call that the local limit (16 at once) allows", () -> {
                int before = kept.messages.size();
                log.error("Payment {} failed", 2);
                return kept.messages.size() == before && kept.messages.size() < 16;
            });
            context.stop();

            List<String> summaries = kept.messages.stream().filter(m -> m.startsWith("Suppressed"))
                    .collect(Collectors.toList());
            assertThat(summaries).hasSize(1);
            assertThat(summaries.get(0)).contains("by the fleet limit 1/1m, burst 0").contains("0 by attrition");
        }
    }
}
