package dev.floodgate.spring;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import dev.floodgate.core.internal.FilterRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Spring Boot initialises logging again when an application starts after another closed in the same JVM (tests,
 * devtools restarts): it stops and resets the Logback context. The filter from properties is there again after.
 */
class LogbackReinitialisationTest {

    private static ConfigurableApplicationContext start() {
        return new SpringApplicationBuilder(TestApplication.class).web(WebApplicationType.NONE)
                .properties("floodgate.enabled=true", "floodgate.summary-interval=200ms").run();
    }

    private static List<String> floodAndAwaitSummaries(String template) {
        LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
        ListAppender<ILoggingEvent> lines = new ListAppender<>();
        lines.setContext(context);
        lines.start();
        context.getLogger(Logger.ROOT_LOGGER_NAME).addAppender(lines);
        try {
            org.slf4j.Logger log = LoggerFactory.getLogger("shop.Stock");
            for (int i = 0; i < 40; i++) {
                log.error(template, i);
            }
            Awaitility.await().atMost(Duration.ofSeconds(30))
                    .until(() -> SummaryLines.suppressed(messages(lines), template) == 24);
            return messages(lines);
        } finally {
            context.getLogger(Logger.ROOT_LOGGER_NAME).detachAppender(lines);
        }
    }

    private static List<String> messages(ListAppender<ILoggingEvent> lines) {
        List<String> out = new ArrayList<>();
        synchronized (lines) {
            for (ILoggingEvent e : new ArrayList<>(lines.list)) {
                out.add(e.getFormattedMessage());
            }
        }
        return out;
    }

    @Test
    void secondApplication_loggingReinitialised_filterIsOnAgainOnce() {
        try (ConfigurableApplicationContext first = start()) {
            assertThat(first.isActive()).isTrue();
            assertThat(floodAndAwaitSummaries("First run {} failed")).filteredOn(m -> m.startsWith("First run"))
                    .hasSize(16);
        }
        try (ConfigurableApplicationContext second = start()) {
            assertThat(second.isActive()).isTrue();
            assertThat(floodAndAwaitSummaries("Second run {} failed")).filteredOn(m -> m.startsWith("Second run"))
                    .hasSize(16);
            LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
            assertThat(context.getTurboFilterList()).filteredOn(f -> LogbackInstaller.NAME.equals(f.getName()))
                    .hasSize(1);
            assertThat(FilterRegistry.global().live()).filteredOn(f -> f.name().equals(LogbackInstaller.NAME))
                    .hasSize(1);
        }
    }

    /**
     * What a devtools restart does, in the same class loader: the application closes and starts again, and the
     * flood goes on. The new start stops Logback for good, which writes the first application's pending counts, and
     * the filter starts afresh, so the flood gets a new burst.
     */
    @Test
    void secondApplication_floodGoesOn_newBurstAndTheFirstCountsWritten() {
        String template = "Restarted {} failed";
        ListAppender<ILoggingEvent> first;
        try (ConfigurableApplicationContext app = start()) {
            assertThat(app.isActive()).isTrue();
            first = listen();
            flood(template);
        }
        try (ConfigurableApplicationContext app = start()) {
            assertThat(app.isActive()).isTrue();
            ListAppender<ILoggingEvent> second = listen();
            flood(template);
            Awaitility.await().atMost(Duration.ofSeconds(30))
                    .until(() -> SummaryLines.suppressed(messages(second), template) == 24);

            assertThat(messages(first)).as("the first application's lines and summary").filteredOn(
                    m -> m.startsWith("Restarted ")).hasSize(16);
            assertThat(SummaryLines.suppressed(messages(first), template)).isEqualTo(24);
            assertThat(messages(second)).as("a new burst").filteredOn(m -> m.startsWith("Restarted ")).hasSize(16);
        }
    }

    /** Attaches a list appender to the root logger, which keeps it until Logback is reset. */
    private static ListAppender<ILoggingEvent> listen() {
        LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
        ListAppender<ILoggingEvent> lines = new ListAppender<>();
        lines.setContext(context);
        lines.start();
        context.getLogger(Logger.ROOT_LOGGER_NAME).addAppender(lines);
        return lines;
    }

    private static void flood(String template) {
        org.slf4j.Logger log = LoggerFactory.getLogger("shop.Stock");
        for (int i = 0; i < 40; i++) {
            log.error(template, i);
        }
    }

    @Test
    void logbackReset_filterIsAddedBack() {
        try (ConfigurableApplicationContext app = start()) {
            assertThat(app.isActive()).isTrue();
            LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
            context.reset();
            assertThat(context.getTurboFilterList()).filteredOn(f -> LogbackInstaller.NAME.equals(f.getName()))
                    .singleElement().matches(f -> f.isStarted());
        }
    }
}
