package dev.floodgate.examples.springboot;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.core.status.Status;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

/**
 * Starts the inventory service with its {@code logback-spring.xml}, runs one stock sync while the warehouse is down,
 * and checks that the flood was suppressed and summarized. The test drives the scheduled job itself (its schedule
 * is pushed an hour away) and shortens the summary interval through the property that {@code logback-spring.xml}
 * reads; it waits for the summary on a monitor, bounded, not with a sleep.
 */
@SpringBootTest(properties = {"inventory.sync.initial-delay-ms=3600000", "floodgate.summary-interval=200ms"})
class InventorySyncTest {

    @Autowired
    private InventorySync sync;

    @Test
    void sync_warehouseDown_floodSuppressedAndSummarized() throws InterruptedException {
        RecordingAppender recorder = RecordingAppender.attachToRoot();
        try {
            int failed = sync.sync();

            int passed = recorder.messagesStartingWith("Stock sync failed for SKU").size();
            long suppressed = recorder.awaitSuppressed(failed - passed, Duration.ofSeconds(30));
            assertThat(failed).isEqualTo(5_000);
            assertThat(passed).as("the burst allowance, plus one timeframe's allowance if the sync crossed into a"
                    + " new timeframe").isBetween(16, 24);
            assertThat(passed + suppressed).isEqualTo(failed);
            assertThat(recorder.summaries()).allMatch(s -> s.startsWith("Suppressed ")
                    && s.contains(" messages like \"" + InventorySync.FAILURE + "\" in the last "));
            assertThat(recorder.messagesStartingWith("Stock sync done:"))
                    .containsExactly("Stock sync done: 5000 of 5000 articles failed");
        } finally {
            recorder.detach();
        }
    }

    @Test
    void logbackSpringXml_started_noWarningsOrErrors() {
        LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();

        assertThat(context.getStatusManager().getCopyOfStatusList())
                .noneMatch(s -> s.getEffectiveLevel() >= Status.WARN);
        assertThat(context.getTurboFilterList()).anyMatch(f -> f.getClass().getSimpleName()
                .equals("FloodgateTurboFilter") && f.isStarted());
    }
}
