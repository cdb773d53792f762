package dev.floodgate.log4j2;

import static dev.floodgate.log4j2.Log4jHarness.lines;
import static dev.floodgate.log4j2.Log4jHarness.summaries;
import static dev.floodgate.log4j2.Log4jHarness.suppressedIn;
import static org.assertj.core.api.Assertions.assertThat;

import dev.floodgate.core.FloodEngine;
import dev.floodgate.core.internal.FilterRegistry;
import dev.floodgate.core.summary.SuppressionSummary;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.Logger;
import org.apache.logging.log4j.message.MapMessage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The filter on the event path: on an appender, on an appender reference, on a logger (and the root logger), and
 * inside {@code <Filters>}.
 * In each XML, appender "limited" is behind Floodgate and appender "all" is not (except on a logger, whose
 * additivity is off so that "all" never sees its events).
 */
class FloodgatePlacementTest {

    private static final String TEMPLATE = "Connection to {} failed: {}";
    private static final int LOGGED = 200;

    /** Logs the flood through logger app.Db and returns how many calls an identical engine lets through. */
    private static int flood(Log4jHarness h) {
        FloodEngine ref = new FloodEngine(h.onlyFloodgate().config(), h.clock);
        Logger log = h.logger("app.Db");
        int passed = 0;
        for (int i = 0; i < LOGGED; i++) {
            log.error(TEMPLATE, "db-1", i);
            if (!ref.suppress(TEMPLATE, true, "app.Db", Level.ERROR, null)) {
                passed++;
            }
        }
        return passed;
    }

    @ParameterizedTest
    @ValueSource(strings = {"appender", "appenderRef", "logger", "filters"})
    void flood_limitedAppender_getsWhatTheEngineAllows(String place) {
        try (Log4jHarness h = Log4jHarness.start(getClass(), place)) {
            int passed = flood(h);

            assertThat(lines(h.list("limited").events())).hasSize(passed).hasSizeLessThan(LOGGED);
            assertThat(h.status.floodgateMessages()).isEmpty();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"appender", "appenderRef", "filters"})
    void flood_otherAppender_keepsEverything(String place) {
        try (Log4jHarness h = Log4jHarness.start(getClass(), place)) {
            flood(h);

            assertThat(lines(h.list("all").events())).hasSize(LOGGED);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"appender", "appenderRef", "logger", "filters"})
    void summary_goesToTheLimitedAppenderOnly(String place) {
        try (Log4jHarness h = Log4jHarness.start(getClass(), place)) {
            int passed = flood(h);
            h.clock.advance(Duration.ofSeconds(30));
            h.writeDueSummaries();

            List<LogEvent> limited = h.list("limited").events();
            assertThat(summaries(limited)).singleElement().asString()
                    .startsWith("Suppressed " + (LOGGED - passed) + " messages like \"" + TEMPLATE + "\"");
            assertThat(summaries(h.list("all").events())).isEmpty();
            List<LogEvent> summaryEvents = limited.stream().filter(Log4jHarness::isSummary)
                    .collect(Collectors.toList());
            assertThat(summaryEvents).extracting(LogEvent::getLoggerName).containsOnly("app.Db");
            assertThat(summaryEvents).extracting(LogEvent::getLevel).containsOnly(Level.ERROR);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"appender", "appenderRef", "logger", "filters"})
    void stop_writesPendingSummariesBeforeTheAppenderStops(String place) {
        Log4jHarness h = Log4jHarness.start(getClass(), place);
        ListAppender limited;
        ListAppender all;
        try {
            flood(h);
            limited = h.list("limited");
            all = h.list("all");
            h.context.stop();
        } finally {
            h.close();
        }

        assertThat(limited.afterStop()).isEmpty();
        assertThat(lines(limited.events()).size() + suppressedIn(limited.events())).isEqualTo(LOGGED);
        assertThat(summaries(all.events())).isEmpty();
        assertThat(h.status.floodgateMessages()).isEmpty();
        assertThat(h.status.messages()).noneMatch(m -> m.contains("non-started appender"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"appender", "appenderRef", "logger", "filters"})
    void reconfigure_writesPendingSummariesToTheOldAppender(String place) {
        try (Log4jHarness h = Log4jHarness.start(getClass(), place)) {
            flood(h);
            ListAppender old = h.list("limited");
            h.context.setConfigLocation(Log4jHarness.uri(FloodgateFilterTest.class, "reconfigured"));

            assertThat(old.afterStop()).isEmpty();
            assertThat(lines(old.events()).size() + suppressedIn(old.events())).isEqualTo(LOGGED);
        }
    }

    @Test
    void appenderRef_eventsBelowTheReferenceLevel_notCounted() {
        try (Log4jHarness h = Log4jHarness.start(getClass(), "appenderRef")) {
            for (int i = 0; i < LOGGED; i++) {
                h.logger("app.Db").info(TEMPLATE, "db-1", i);
            }

            assertThat(h.onlyFloodgate().trackedFingerprints()).isZero();
            assertThat(h.list("limited").events()).isEmpty();
            assertThat(h.list("all").events()).hasSize(LOGGED);
        }
    }

    @ParameterizedTest
    @CsvSource({
        "appender, appender limited",
        "filters, appender limited",
        "appenderRef, reference to appender limited of the root logger",
        "logger, logger app",
        "root, root logger"})
    void monitoringName_namesThePlace(String place, String name) {
        long before = liveLog4j2Filters(name); // other tests of this JVM may have left their own
        try (Log4jHarness h = Log4jHarness.start(getClass(), place)) {
            flood(h);

            assertThat(liveLog4j2Filters(name)).isEqualTo(before + 1);
        }
        assertThat(liveLog4j2Filters(name)).isEqualTo(before);
    }

    private static long liveLog4j2Filters(String name) {
        return FilterRegistry.global().live().stream()
                .filter(f -> f.framework().equals("log4j2") && f.name().equals(name)).count();
    }

    @Test
    void summary_fieldsMatchTheLine() {
        try (Log4jHarness h = Log4jHarness.start(getClass(), "appender")) {
            int passed = flood(h);
            h.clock.advance(Duration.ofSeconds(30));
            h.writeDueSummaries();

            LogEvent summary = h.list("limited").events().stream().filter(Log4jHarness::isSummary).findFirst()
                    .orElseThrow();
            assertThat(Log4jHarness.suppressed(summary)).isEqualTo(LOGGED - passed);
            Map<String, Object> fields = new HashMap<>(
                    ((MapMessage<?, ?>) summary.getMessage()).getData());
            assertThat(fields)
                    .containsEntry(SuppressionSummary.FIELD_FINGERPRINT, TEMPLATE)
                    .containsEntry(SuppressionSummary.FIELD_INTERVAL, "PT30S")
                    .containsEntry(SuppressionSummary.FIELD_DRY_RUN, false);
        }
    }
}
