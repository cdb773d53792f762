package dev.floodgate.log4j2;

import static dev.floodgate.log4j2.Log4jHarness.lines;
import static dev.floodgate.log4j2.Log4jHarness.summaries;
import static dev.floodgate.log4j2.Log4jHarness.suppressedIn;
import static org.assertj.core.api.Assertions.assertThat;

import dev.floodgate.core.FloodEngine;
import dev.floodgate.core.summary.SuppressionSummary;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.Marker;
import org.apache.logging.log4j.MarkerManager;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.Logger;
import org.apache.logging.log4j.message.ObjectMessage;
import org.apache.logging.log4j.message.ReusableMessageFactory;
import org.apache.logging.log4j.message.StringMapMessage;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The context-wide filter ({@code <Configuration><Floodgate/>}) in a real Log4j2 context. */
@Tag("compatibility")
class FloodgateFilterTest {

    private static final String TEMPLATE = "Connection to {} failed: {}";
    private static final Duration INTERVAL = Duration.ofSeconds(30);

    /** Feeds the same calls to an engine with the same settings and clock, to know what the filter must do. */
    private static final class Reference {
        final FloodEngine engine;
        int passed;

        Reference(Log4jHarness h) {
            this.engine = new FloodEngine(h.contextFilter().config(), h.clock);
        }

        void offer(String template, boolean hasArguments, String logger, Level level, Throwable thrown) {
            if (!engine.suppress(template, hasArguments, logger, level, thrown)) {
                passed++;
            }
        }

        List<String> dueSummaries() {
            return engine.summarizeIfDue().stream().map(SuppressionSummary::message).collect(Collectors.toList());
        }
    }

    @Test
    void flood_oneTemplate_passesWhatTheEngineAllows() {
        try (Log4jHarness h = Log4jHarness.start(getClass(), "contextWide")) {
            Reference ref = new Reference(h);
            Logger log = h.logger("app.Db");
            for (int i = 0; i < 200; i++) {
                log.error(TEMPLATE, "db-1", i);
                ref.offer(TEMPLATE, true, "app.Db", Level.ERROR, null);
            }
            List<String> lines = lines(h.list("list").events());
            assertThat(lines).hasSize(ref.passed).hasSizeLessThan(200);
            assertThat(lines.get(0)).isEqualTo("Connection to db-1 failed: 0");
            assertThat(h.status.floodgateMessages()).isEmpty();
        }
    }

    @Test
    void summary_afterInterval_oneLineThroughSameLoggerAndLevel() {
        try (Log4jHarness h = Log4jHarness.start(getClass(), "contextWide")) {
            Reference ref = new Reference(h);
            Logger log = h.logger("app.Db");
            for (int i = 0; i < 200; i++) {
                log.error(TEMPLATE, "db-1", i);
                ref.offer(TEMPLATE, true, "app.Db", Level.ERROR, null);
            }
            h.clock.advance(INTERVAL);
            h.writeDueSummaries();

            List<LogEvent> summaryEvents = h.list("list").events().stream().filter(Log4jHarness::isSummary)
                    .collect(Collectors.toList());
            assertThat(summaryEvents).hasSize(1);
            LogEvent summary = summaryEvents.get(0);
            assertThat(summary.getLoggerName()).isEqualTo("app.Db");
            assertThat(summary.getLevel()).isEqualTo(Level.ERROR);
            assertThat(summary.getMessage().getFormattedMessage()).isEqualTo(ref.dueSummaries().get(0))
                    .startsWith("Suppressed " + (200 - ref.passed) + " messages like \"" + TEMPLATE
                            + "\" in the last 30s (first ");
        }
    }

    @Test
    void summary_nothingSuppressed_none() {
        try (Log4jHarness h = Log4jHarness.start(getClass(), "contextWide")) {
            h.logger("app.Db").error(TEMPLATE, "db-1", 1);
            h.clock.advance(INTERVAL);
            h.writeDueSummaries();

            assertThat(summaries(h.list("list").events())).isEmpty();
        }
    }

    @Test
    void summary_afterFloodStops_appearsOnceThenNoMore() {
        try (Log4jHarness h = Log4jHarness.start(getClass(), "contextWide")) {
            for (int i = 0; i < 100; i++) {
                h.logger("app.Db").error(TEMPLATE, "db-1", i);
            }
            h.clock.advance(INTERVAL);
            h.writeDueSummaries();
            h.clock.advance(INTERVAL);
            h.writeDueSummaries();

            assertThat(summaries(h.list("list").events())).hasSize(1);
        }
    }

    @Test
    void summary_beforeInterval_notWritten() {
        try (Log4jHarness h = Log4jHarness.start(getClass(), "contextWide")) {
            for (int i = 0; i < 100; i++) {
                h.logger("app.Db").error(TEMPLATE, "db-1", i);
            }
            h.clock.advance(Duration.ofSeconds(10));
            h.writeDueSummaries();

            assertThat(summaries(h.list("list").events())).isEmpty();
        }
    }

    @Test
    void disabledLevel_notCounted() {
        try (Log4jHarness h = Log4jHarness.start(getClass(), "contextWide")) {
            Logger log = h.logger("app.Db");
            for (int i = 0; i < 1_000; i++) {
                log.debug(TEMPLATE, "db-1", i);
                log.trace("plain {}", i);
            }

            assertThat(h.contextFilter().trackedFingerprints()).isZero();
            assertThat(h.list("list").events()).isEmpty();
        }
    }

    @Test
    void isEnabledProbe_notCounted() {
        try (Log4jHarness h = Log4jHarness.start(getClass(), "contextWide")) {
            Logger log = h.logger("app.Db");
            Marker marker = MarkerManager.getMarker("SOME");
            for (int i = 0; i < 1_000; i++) {
                assertThat(log.isErrorEnabled()).isTrue();
                assertThat(log.isEnabled(Level.WARN, marker)).isTrue();
                assertThat(log.isDebugEnabled()).isFalse();
            }

            assertThat(h.contextFilter().trackedFingerprints()).isZero();
        }
    }

    @Test
    void exemptMarker_neverSuppressed() {
        try (Log4jHarness h = Log4jHarness.start(getClass(), "contextWide")) {
            Marker exempt = MarkerManager.getMarker("FLOODGATE_EXEMPT");
            for (int i = 0; i < 200; i++) {
                h.logger("app.Db").error(exempt, TEMPLATE, "db-1", i);
            }

            assertThat(lines(h.list("list").events())).hasSize(200);
        }
    }

    @Test
    void exemptMarker_asParentOfTheEventsMarker_neverSuppressed() {
        try (Log4jHarness h = Log4jHarness.start(getClass(), "contextWide")) {
            Marker audit = MarkerManager.getMarker("AUDIT_FloodgateFilterTest")
                    .addParents(MarkerManager.getMarker("FLOODGATE_EXEMPT"));
            for (int i = 0; i < 200; i++) {
                h.logger("app.Db").error(audit, TEMPLATE, "db-1", i);
            }

            assertThat(lines(h.list("list").events())).hasSize(200);
        }
    }

    @Test
    void throwable_trailingParameter_isTheEventsThrowable() {
        try (Log4jHarness h = Log4jHarness.start(getClass(), "contextWide")) {
            Reference ref = new Reference(h);
            IOException boom = new IOException("boom");
            for (int i = 0; i < 100; i++) {
                h.logger("app.Db").error("Read {} failed", i, boom);
                ref.offer("Read {} failed", true, "app.Db", Level.ERROR, boom);
            }

            List<LogEvent> events = h.list("list").events();
            assertThat(events).hasSize(ref.passed);
            assertThat(events).allSatisfy(e -> assertThat(e.getThrown()).isSameAs(boom));
        }
    }

    @Test
    void throwable_includeThrowable_eachClassIsItsOwnFingerprint() {
        try (Log4jHarness h = Log4jHarness.start(getClass(), "includeThrowable")) {
            Logger log = h.logger("app.Db");
            for (int i = 0; i < 100; i++) {
                log.error("Read failed", new IOException("io"));
                log.error("Read failed", new IllegalStateException("state"));
            }
            h.clock.advance(INTERVAL);
            h.writeDueSummaries();

            List<LogEvent> summaries = h.list("list").events().stream().filter(Log4jHarness::isSummary)
                    .collect(Collectors.toList());
            assertThat(summaries).extracting(e -> e.getMessage().getFormattedMessage())
                    .anySatisfy(m -> assertThat(m).contains("\"Read failed with java.io.IOException\""))
                    .anySatisfy(m -> assertThat(m).contains("\"Read failed with java.lang.IllegalStateException\""));
            assertThat(summaries).extracting(LogEvent::getLevel).containsOnly(Level.WARN);
        }
    }

    @Test
    void minLevel_lessSevereEventsNeverLimited() {
        try (Log4jHarness h = Log4jHarness.start(getClass(), "includeThrowable")) {
            for (int i = 0; i < 200; i++) {
                h.logger("app.Db").info(TEMPLATE, "db-1", i);
            }

            assertThat(lines(h.list("list").events())).hasSize(200);
            assertThat(h.contextFilter().trackedFingerprints()).isZero();
        }
    }

    @Test
    void concatenatedMessages_masked_shareOneFingerprint() {
        try (Log4jHarness h = Log4jHarness.start(getClass(), "contextWide")) {
            Reference ref = new Reference(h);
            for (int i = 0; i < 200; i++) {
                String msg = "Failed for order " + (1000 + i) + " from 10.0.0." + (i % 200);
                h.logger("app.Orders").error(msg);
                ref.offer(msg, false, "app.Orders", Level.ERROR, null);
            }
            h.clock.advance(INTERVAL);
            h.writeDueSummaries();

            assertThat(h.contextFilter().trackedFingerprints()).isEqualTo(1);
            List<String> expected = ref.dueSummaries();
            assertThat(summaries(h.list("list").events())).isEqualTo(expected);
            assertThat(expected.get(0)).doesNotContain("1000").doesNotContain("10.0.0.");
        }
    }

    @Test
    void reusableMessage_templateIsItsFormat() {
        try (Log4jHarness h = Log4jHarness.start(getClass(), "contextWide")) {
            Reference ref = new Reference(h);
            Logger log = h.logger("app.Db");
            for (int i = 0; i < 200; i++) {
                log.error(ReusableMessageFactory.INSTANCE.newMessage(TEMPLATE, "db-" + (i % 3), i));
                ref.offer(TEMPLATE, true, "app.Db", Level.ERROR, null);
            }
            // The reusable message is reused for something else; the fingerprint must not change with it.
            log.error(ReusableMessageFactory.INSTANCE.newMessage("Other {}", 1));
            h.clock.advance(INTERVAL);
            h.writeDueSummaries();

            assertThat(lines(h.list("list").events())).hasSize(ref.passed + 1);
            assertThat(summaries(h.list("list").events())).isEqualTo(ref.dueSummaries());
        }
    }

    @Test
    void objectMessage_fingerprintIsTheObjectsClass() {
        try (Log4jHarness h = Log4jHarness.start(getClass(), "contextWide")) {
            for (int i = 0; i < 200; i++) {
                h.logger("app.Db").error(new ObjectMessage(new StringBuilder("order ").append(i)));
                h.logger("app.Db").error((Object) Integer.valueOf(i));
            }
            h.clock.advance(INTERVAL);
            h.writeDueSummaries();

            assertThat(summaries(h.list("list").events()))
                    .anySatisfy(s -> assertThat(s).contains("like \"<java.lang.StringBuilder>\""))
                    .anySatisfy(s -> assertThat(s).contains("like \"<java.lang.Integer>\""));
        }
    }

    @Test
    void mapMessage_fingerprintIsTheMessageClass() {
        try (Log4jHarness h = Log4jHarness.start(getClass(), "contextWide")) {
            for (int i = 0; i < 200; i++) {
                h.logger("app.Db").error(new StringMapMessage().with("order", Integer.toString(i)));
            }
            h.clock.advance(INTERVAL);
            h.writeDueSummaries();

            assertThat(summaries(h.list("list").events())).singleElement().asString()
                    .contains("like \"<org.apache.logging.log4j.message.StringMapMessage>\"");
        }
    }

    /** Log4j 2.20.0 and newer pass fluent-API calls through the context-wide filter with their message. */
    @Test
    void fluentApi_eachCallCountedOnce() {
        assumeFluentCallsReachTheContextWideFilter();
        try (Log4jHarness h = Log4jHarness.start(getClass(), "contextWide")) {
            Reference ref = new Reference(h);
            Logger log = h.logger("app.Db");
            for (int i = 0; i < 200; i++) {
                log.atError().log(TEMPLATE, "db-1", i);
                ref.offer(TEMPLATE, true, "app.Db", Level.ERROR, null);
                log.atDebug().log(TEMPLATE, "db-1", i);
            }

            assertThat(lines(h.list("list").events())).hasSize(ref.passed);
            assertThat(h.status.messages()).noneMatch(m -> m.contains("fluent-API"));
        }
    }

    /** Older Log4j asks the context-wide filter only whether the level is enabled; it says it cannot see them. */
    @Test
    void fluentApi_log4jBefore2_20_passesUncountedAndTheFilterSaysSoNamingTheVersion() {
        String version = LoggerContext.class.getPackage().getImplementationVersion();
        Assumptions.assumeTrue(Log4jVersion.before(version, 2, 20),
                "Log4j " + version + " passes fluent-API calls through the context-wide filter");
        try (Log4jHarness h = Log4jHarness.start(getClass(), "contextWide")) {
            Logger log = h.logger("app.Db");
            for (int i = 0; i < 200; i++) {
                log.atError().log(TEMPLATE, "db-1", i);
            }

            assertThat(lines(h.list("list").events())).hasSize(200);
            assertThat(h.status.messages()).contains("WARN Floodgate: Log4j " + version + " does not pass "
                    + "fluent-API calls (logger.atError()...log(...)) through a context-wide filter, so this one "
                    + "neither limits nor counts them; Log4j 2.20.0 and newer do. Upgrade log4j-core and log4j-api, "
                    + "or put <Floodgate> on the loggers or appenders instead");
        }
    }

    private static void assumeFluentCallsReachTheContextWideFilter() {
        String version = LoggerContext.class.getPackage().getImplementationVersion();
        Assumptions.assumeFalse(Log4jVersion.before(version, 2, 20),
                "Log4j " + version + " does not pass fluent-API calls through the context-wide filter");
    }

    @Test
    void dryRun_dropsNothing() {
        try (Log4jHarness h = Log4jHarness.start(getClass(), "dryRun")) {
            for (int i = 0; i < 200; i++) {
                h.logger("app.Db").error(TEMPLATE, "db-1", i);
            }

            assertThat(lines(h.list("list").events())).hasSize(200);
        }
    }

    @Test
    void dryRun_summarySaysWhatWouldHaveBeenSuppressed() {
        try (Log4jHarness h = Log4jHarness.start(getClass(), "dryRun")) {
            Reference ref = new Reference(h);
            for (int i = 0; i < 200; i++) {
                h.logger("app.Db").error(TEMPLATE, "db-1", i);
                ref.offer(TEMPLATE, true, "app.Db", Level.ERROR, null);
            }
            h.clock.advance(INTERVAL);
            h.writeDueSummaries();

            List<String> expected = ref.dueSummaries();
            assertThat(summaries(h.list("list").events())).isEqualTo(expected);
            assertThat(expected).singleElement().asString().startsWith("Would have suppressed ")
                    .contains("(dry run; ");
        }
    }

    @Test
    void stop_writesPendingSummariesBeforeAppendersStop() {
        List<LogEvent> events;
        List<LogEvent> late;
        int logged = 200;
        Log4jHarness h = Log4jHarness.start(getClass(), "contextWide");
        try {
            for (int i = 0; i < logged; i++) {
                h.logger("app.Db").error(TEMPLATE, "db-1", i);
            }
            ListAppender list = h.list("list");
            h.context.stop();
            events = list.events();
            late = list.afterStop();
        } finally {
            h.close();
        }

        assertThat(late).isEmpty();
        assertThat(lines(events).size() + suppressedIn(events)).isEqualTo(logged);
        assertThat(summaries(events)).hasSize(1);
        assertThat(h.status.floodgateMessages()).isEmpty();
    }

    @Test
    void reconfigure_sameSettings_continuesWithoutANewBurstAndCarriesPendingDrops() {
        try (Log4jHarness h = Log4jHarness.start(getClass(), "contextWide")) {
            for (int i = 0; i < 200; i++) {
                h.logger("app.Db").error(TEMPLATE, "db-1", i);
            }
            ListAppender old = h.list("list");
            h.context.setConfigLocation(Log4jHarness.uri(getClass(), "contextWide"));
            for (int i = 0; i < 200; i++) {
                h.logger("app.Db").error(TEMPLATE, "db-1", i);
            }
            h.clock.advance(java.time.Duration.ofSeconds(30));
            h.contextFilter().writeDueSummaries();

            assertThat(suppressedIn(old.events())).isZero();
            assertThat(lines(h.list("list").events())).as("no new burst").isEmpty();
            assertThat(summaries(h.list("list").events())).singleElement()
                    .satisfies(s -> assertThat(s).startsWith("Suppressed " + (400 - lines(old.events()).size())));
        }
    }

    @Test
    void reconfigure_changedSettings_startsAfreshAndSaysSo() {
        try (Log4jHarness h = Log4jHarness.start(getClass(), "contextWide")) {
            for (int i = 0; i < 200; i++) {
                h.logger("app.Db").error(TEMPLATE, "db-1", i);
            }
            ListAppender old = h.list("list");
            StatusCapture info = StatusCapture.start(org.apache.logging.log4j.Level.INFO);
            try {
                h.context.setConfigLocation(Log4jHarness.uri(getClass(), "contextWide-changed"));
            } finally {
                info.stop();
            }
            for (int i = 0; i < 200; i++) {
                h.logger("app.Db").error(TEMPLATE, "db-1", i);
            }

            assertThat(lines(old.events()).size() + suppressedIn(old.events())).isEqualTo(200);
            assertThat(lines(h.list("list").events())).as("a new burst").hasSize(16);
            assertThat(info.messages()).anySatisfy(m -> assertThat(m).startsWith("INFO")
                    .contains("differ from those of the filter it replaces, so it starts afresh"));
        }
    }

    @Test
    void reconfigure_filterRemoved_writesPendingSummariesToTheOldAppenders() {
        try (Log4jHarness h = Log4jHarness.start(getClass(), "contextWide")) {
            for (int i = 0; i < 200; i++) {
                h.logger("app.Db").error(TEMPLATE, "db-1", i);
            }
            ListAppender old = h.list("list");
            h.context.setConfigLocation(Log4jHarness.uri(getClass(), "reconfigured"));

            assertThat(old.afterStop()).isEmpty();
            assertThat(lines(old.events()).size() + suppressedIn(old.events())).isEqualTo(200);
            assertThat(h.list("list")).isNotSameAs(old);
            assertThat(h.list("list").events()).isEmpty();
        }
    }

    @Test
    void stop_twice_writesEachSummaryOnce() {
        Log4jHarness h = Log4jHarness.start(getClass(), "contextWide");
        ListAppender list;
        FloodgateFilter filter;
        try {
            for (int i = 0; i < 200; i++) {
                h.logger("app.Db").error(TEMPLATE, "db-1", i);
            }
            list = h.list("list");
            filter = h.contextFilter();
            h.context.stop();
            filter.stop();
        } finally {
            h.close();
        }

        assertThat(summaries(list.events())).hasSize(1);
    }
}
