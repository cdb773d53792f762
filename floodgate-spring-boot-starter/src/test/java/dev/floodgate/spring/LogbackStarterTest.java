package dev.floodgate.spring;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * A Spring Boot application on Logback with Floodgate from properties alone, read over real HTTP.
 */
@org.springframework.test.annotation.DirtiesContext
@SpringBootTest(classes = TestApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"floodgate.enabled=true", "floodgate.summary-interval=200ms", "floodgate.max-keys=500",
            "management.endpoints.web.exposure.include=floodgate,prometheus,metrics",
            // On as in a running application: Spring Boot 3's @SpringBootTest turns metrics export off by default.
            "management.prometheus.metrics.export.enabled=true"})
class LogbackStarterTest {

    private static final String TEMPLATE = "Warehouse {} did not answer";
    private static final String SUPPRESSED = "floodgate_events_total{filter=\"floodgate\",framework=\"logback\","
            + "outcome=\"suppressed\"}";

    @LocalServerPort
    int port;

    private final ListAppender<ILoggingEvent> lines = new ListAppender<>();

    @BeforeEach
    void listen() {
        LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
        lines.setContext(context);
        lines.start();
        context.getLogger(Logger.ROOT_LOGGER_NAME).addAppender(lines);
    }

    @AfterEach
    void stopListening() {
        LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
        context.getLogger(Logger.ROOT_LOGGER_NAME).detachAppender(lines);
    }

    private static void flood(String template, int calls) {
        org.slf4j.Logger log = LoggerFactory.getLogger("shop.Stock");
        for (int i = 0; i < calls; i++) {
            log.error(template, "w-" + i);
        }
    }

    private List<String> messages() {
        List<String> out = new ArrayList<>();
        synchronized (lines) {
            for (ILoggingEvent e : new ArrayList<>(lines.list)) {
                out.add(e.getFormattedMessage());
            }
        }
        return out;
    }

    @Test
    void prometheusAndEndpoint_afterAFlood_agreeWithTheSummaryLinesWritten() {
        double before = Http.prometheus(Http.get(port, "/actuator/prometheus"), SUPPRESSED);
        flood(TEMPLATE, 1_000);
        // The flood was cut to the burst allowance; the summaries of the other 984 arrive on the scheduler.
        Awaitility.await().atMost(Duration.ofSeconds(30))
                .until(() -> SummaryLines.suppressed(messages(), TEMPLATE) == 984);
        double after = Http.prometheus(Http.get(port, "/actuator/prometheus"), SUPPRESSED);
        assertThat(after - before).isEqualTo(984.0);
        assertThat(messages().stream().filter(m -> m.startsWith("Warehouse "))).hasSize(16);

        String metric = Http.get(port, "/actuator/metrics/floodgate.events");
        assertThat(metric).contains("\"name\":\"floodgate.events\"").contains("\"outcome\"");

        String json = Http.get(port, "/actuator/floodgate");
        assertThat(json).contains("\"framework\":\"logback\"").contains("\"name\":\"floodgate\"")
                .contains("\"summaryInterval\":\"200ms\"").contains("\"maxKeys\":\"500\"")
                .contains("\"suppressed\":" + (long) after);
    }
}
