package dev.floodgate.examples.springboot;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * Starts the inventory service on a random port, runs one stock sync while the warehouse is down, and reads
 * Floodgate's meters and endpoint over HTTP: the suppressed counter grew by exactly what the summaries told.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {"inventory.sync.initial-delay-ms=3600000", "floodgate.summary-interval=200ms"})
class InventoryMetricsTest {

    private static final Pattern SUPPRESSED = Pattern.compile(
            "^floodgate_events_total\\{filter=\"FloodgateTurboFilter\",framework=\"logback\",outcome=\"suppressed\"} "
                    + "(\\S+)$", Pattern.MULTILINE);

    @LocalServerPort
    private int port;

    @Autowired
    private InventorySync sync;

    private String get(String path) throws IOException, InterruptedException {
        HttpResponse<String> r = HttpClient.newHttpClient().send(
                HttpRequest.newBuilder(URI.create("http://localhost:" + port + path)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(path).isEqualTo(200);
        return r.body();
    }

    private double suppressedCounter() throws IOException, InterruptedException {
        Matcher m = SUPPRESSED.matcher(get("/actuator/prometheus"));
        assertThat(m.find()).as("floodgate_events_total in /actuator/prometheus").isTrue();
        return Double.parseDouble(m.group(1));
    }

    @Test
    void prometheus_afterASync_countsWhatTheSummariesTold() throws Exception {
        double before = suppressedCounter();
        RecordingAppender recorder = RecordingAppender.attachToRoot();
        try {
            int failed = sync.sync();
            int passed = recorder.messagesStartingWith("Stock sync failed for SKU").size();
            long suppressed = recorder.awaitSuppressed(failed - passed, Duration.ofSeconds(30));

            assertThat(suppressedCounter() - before).isEqualTo((double) suppressed);
            assertThat(get("/actuator/floodgate")).contains("\"name\":\"FloodgateTurboFilter\"")
                    .contains("\"summaryInterval\":\"200ms\"");
        } finally {
            recorder.detach();
        }
    }
}
