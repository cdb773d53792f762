package dev.floodgate.spring;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.Property;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * A Spring Boot application on Log4j2 (the {@code log4j2} surefire execution, without Logback) with Floodgate from
 * properties alone, read over real HTTP.
 */
@org.springframework.test.annotation.DirtiesContext
@SpringBootTest(classes = TestApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"floodgate.enabled=true", "floodgate.summary-interval=200ms",
            "management.endpoints.web.exposure.include=floodgate,prometheus,metrics",
            // On as in a running application: Spring Boot 3's @SpringBootTest turns metrics export off by default.
            "management.prometheus.metrics.export.enabled=true"})
class Log4j2StarterTest {

    private static final String SUPPRESSED = "floodgate_events_total{filter=\"context-wide\",framework=\"log4j2\","
            + "outcome=\"suppressed\"}";

    @LocalServerPort
    int port;

    /** Collects the formatted messages that reach the root logger. */
    static final class Lines extends AbstractAppender {
        final List<String> messages = new ArrayList<>();

        Lines() {
            super("lines", null, null, true, Property.EMPTY_ARRAY);
        }

        @Override
        public synchronized void append(LogEvent event) {
            messages.add(event.getMessage().getFormattedMessage());
        }

        synchronized List<String> copy() {
            return new ArrayList<>(messages);
        }
    }

    static Lines listen() {
        LoggerContext context = (LoggerContext) LogManager.getContext(false);
        Configuration config = context.getConfiguration();
        Lines lines = new Lines();
        lines.start();
        config.addAppender(lines);
        config.getRootLogger().addAppender(lines, null, null);
        context.updateLoggers();
        return lines;
    }

    static void flood(String template, int calls) {
        org.apache.logging.log4j.Logger log = LogManager.getLogger("shop.Stock");
        for (int i = 0; i < calls; i++) {
            log.error(template, "w-" + i);
        }
    }

    @Test
    void prometheusAndEndpoint_afterAFlood_agreeWithTheSummaryLinesWritten() {
        Lines lines = listen();
        double before = Http.prometheus(Http.get(port, "/actuator/prometheus"), SUPPRESSED);
        String template = "Warehouse {} did not answer";
        flood(template, 1_000);
        Awaitility.await().atMost(Duration.ofSeconds(30))
                .until(() -> SummaryLines.suppressed(lines.copy(), template) == 984);
        double after = Http.prometheus(Http.get(port, "/actuator/prometheus"), SUPPRESSED);
        assertThat(after - before).isEqualTo(984.0);
        assertThat(lines.copy().stream().filter(m -> m.startsWith("Warehouse "))).hasSize(16);
        assertThat(Http.get(port, "/actuator/floodgate")).contains("\"framework\":\"log4j2\"")
                .contains("\"name\":\"context-wide\"").contains("\"suppressed\":" + (long) after);
    }
}
