package dev.floodgate.spring;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import dev.floodgate.core.internal.FilterRegistry;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
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
            // Every call kept or summarized, however the flood fell on the 5-second timeframes; the caller checks
            // how many were kept.
            String start = template.substring(0, template.indexOf("{}"));
            Awaitility.await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
                List<String> seen = messages(lines);
                assertThat(keptOf(seen, start) + SummaryLines.suppressed(seen, template)).as("lines kept + summarized: %s", seen)
                        .isEqualTo(40);
            });
            return messages(lines);
        } finally {
            context.getLogger(Logger.ROOT_LOGGER_NAME).detachAppender(lines);
        }
    }

    /**
     * Returns how many of {@code lines} start with {@code start}: the burst allowance, 16, or up to 8 more if the flood
     * crossed into a new 5-second timeframe (timeframes follow the clock, not the flood).
     */
    private static long keptOf(List<String> lines, String start) {
        return lines.stream().filter(m -> m.startsWith(start)).count();
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
            assertThat(keptOf(floodAndAwaitSummaries("First run {} failed"), "First run")).isBetween(16L, 24L);
        }
        try (ConfigurableApplicationContext second = start()) {
            assertThat(second.isActive()).isTrue();
            assertThat(keptOf(floodAndAwaitSummaries("Second run {} failed"), "Second run")).isBetween(16L, 24L);
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

    /**
     * The same with the filter in a {@code logback.xml} that Logback finds itself, in place of the properties: Spring
     * Boot then re-initialises Logback from that file (reset, then the configuration), and the new filter continues
     * the state of the one it replaces, so the flood that goes on gets no new burst.
     */
    @Test
    void secondApplication_logbackXml_floodGoesOnWithoutANewBurst(@TempDir Path dir) throws IOException {
        long[] kept = restartWithFilterIn("logback.xml", dir);

        assertThat(kept[0]).isEqualTo(16);
        assertThat(kept[1]).as("no new burst").isLessThan(16);
    }

    /**
     * With the filter in a {@code logback-spring.xml}, which Spring Boot loads itself, its new start stops Logback for
     * good, as with the properties: the flood that goes on gets a new burst.
     */
    @Test
    void secondApplication_logbackSpringXml_newBurst(@TempDir Path dir) throws IOException {
        long[] kept = restartWithFilterIn("logback-spring.xml", dir);

        assertThat(kept[0]).isEqualTo(16);
        assertThat(kept[1]).as("a new burst").isEqualTo(16);
    }

    /**
     * Starts an application with Floodgate from the file {@code name} on the class path, floods, closes it, starts it
     * again and floods again, then waits until every call is written or summarized; returns the lines kept by each.
     */
    private static long[] restartWithFilterIn(String name, Path dir) throws IOException {
        Files.writeString(dir.resolve(name), "<configuration>\n"
                + "  <turboFilter class=\"dev.floodgate.logback.FloodgateTurboFilter\">\n"
                + "    <summaryInterval>200ms</summaryInterval>\n"
                + "  </turboFilter>\n"
                + "</configuration>\n", StandardCharsets.UTF_8);
        String template = "Restarted with " + name + " {} failed";
        Thread thread = Thread.currentThread();
        ClassLoader before = thread.getContextClassLoader();
        try (URLClassLoader withFile = new URLClassLoader(new URL[] {dir.toUri().toURL()}, before)) {
            thread.setContextClassLoader(withFile); // where Spring Boot looks for its configuration files
            ListAppender<ILoggingEvent> first;
            try (ConfigurableApplicationContext app = new SpringApplicationBuilder(TestApplication.class)
                    .web(WebApplicationType.NONE).run()) {
                assertThat(app.isActive()).isTrue();
                first = listen();
                flood(template);
            }
            try (ConfigurableApplicationContext app = new SpringApplicationBuilder(TestApplication.class)
                    .web(WebApplicationType.NONE).run()) {
                assertThat(app.isActive()).isTrue();
                ListAppender<ILoggingEvent> second = listen();
                flood(template);
                Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> kept(first, template)
                        + kept(second, template) + SummaryLines.suppressed(messages(first), template)
                        + SummaryLines.suppressed(messages(second), template) == 80);
                long[] kept = {kept(first, template), kept(second, template)};
                System.out.println("figures: restart with " + name + " kept=" + kept[0] + "," + kept[1]);
                return kept;
            }
        } finally {
            thread.setContextClassLoader(before);
        }
    }

    private static long kept(ListAppender<ILoggingEvent> lines, String template) {
        String start = template.substring(0, template.indexOf("{}"));
        return messages(lines).stream().filter(m -> m.startsWith(start)).count();
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
