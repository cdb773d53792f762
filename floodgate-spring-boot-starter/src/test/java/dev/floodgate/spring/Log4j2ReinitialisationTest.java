package dev.floodgate.spring;

import static org.assertj.core.api.Assertions.assertThat;

import dev.floodgate.core.internal.FilterRegistry;
import java.time.Duration;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LoggerContext;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * On Log4j2, Spring Boot's logging re-initialisation (an application started after another closed) and a
 * reconfiguration both replace the configuration; the filter from properties is in the new one.
 */
class Log4j2ReinitialisationTest {

    private static ConfigurableApplicationContext start() {
        return new SpringApplicationBuilder(TestApplication.class).web(WebApplicationType.NONE)
                .properties("floodgate.enabled=true", "floodgate.summary-interval=200ms").run();
    }

    private static void floodAndAwaitSummaries(String template) {
        Log4j2StarterTest.Lines lines = Log4j2StarterTest.listen();
        Log4j2StarterTest.flood(template, 40);
        Awaitility.await().atMost(Duration.ofSeconds(30))
                .until(() -> SummaryLines.suppressed(lines.copy(), template) == 24);
        assertThat(lines.copy()).filteredOn(m -> m.startsWith(template.substring(0, 8))).hasSize(16);
    }

    @Test
    void secondApplication_loggingReinitialised_filterIsOnAgainOnce() {
        try (ConfigurableApplicationContext first = start()) {
            assertThat(first.isActive()).isTrue();
            floodAndAwaitSummaries("First run {} failed");
        }
        try (ConfigurableApplicationContext second = start()) {
            assertThat(second.isActive()).isTrue();
            floodAndAwaitSummaries("Second run {} failed");
            assertThat(FilterRegistry.global().live()).filteredOn(f -> f.framework().equals("log4j2")).hasSize(1);
        }
    }

    /**
     * What a devtools restart does, in the same class loader: the application closes and starts again, and the
     * flood goes on. The new start replaces the configuration and stops the old one, which writes the first
     * application's pending counts, and the filter starts afresh, so the flood gets a new burst.
     */
    @Test
    void secondApplication_floodGoesOn_newBurstAndTheFirstCountsWritten() {
        String template = "Restarted {} failed";
        Log4j2StarterTest.Lines first;
        try (ConfigurableApplicationContext app = start()) {
            assertThat(app.isActive()).isTrue();
            first = Log4j2StarterTest.listen();
            Log4j2StarterTest.flood(template, 40);
        }
        try (ConfigurableApplicationContext app = start()) {
            assertThat(app.isActive()).isTrue();
            Log4j2StarterTest.Lines second = Log4j2StarterTest.listen();
            Log4j2StarterTest.flood(template, 40);
            Awaitility.await().atMost(Duration.ofSeconds(30))
                    .until(() -> SummaryLines.suppressed(second.copy(), template) == 24);

            assertThat(first.copy()).as("the first application's lines and summary")
                    .filteredOn(m -> m.startsWith("Restarted ")).hasSize(16);
            assertThat(SummaryLines.suppressed(first.copy(), template)).isEqualTo(24);
            assertThat(second.copy()).as("a new burst").filteredOn(m -> m.startsWith("Restarted ")).hasSize(16);
        }
    }

    @Test
    void reconfigure_filterIsInTheNewConfiguration() {
        try (ConfigurableApplicationContext app = start()) {
            assertThat(app.isActive()).isTrue();
            ((LoggerContext) LogManager.getContext(false)).reconfigure();
            floodAndAwaitSummaries("Reconfigured {} failed");
        }
    }
}
