package dev.floodgate.logback;

import static dev.floodgate.logback.Adapter.LIST;
import static dev.floodgate.logback.TestContext.events;
import static dev.floodgate.logback.TestContext.field;
import static dev.floodgate.logback.TestContext.messages;
import static dev.floodgate.logback.TestContext.summaries;
import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import dev.floodgate.core.FloodEngine;
import dev.floodgate.core.summary.SuppressionSummary;
import java.io.IOException;
import java.time.Duration;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Collections;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.slf4j.Marker;
import org.slf4j.helpers.BasicMarkerFactory;

/** The behaviour table that both adapters share, each configured from real XML with a test clock. */
@Tag("compatibility")
class FloodgateBehaviourTest {

    private static final String CONNECTION = "Connection to {} failed";
    /** How summaries print {@link TestClock#START}, the time of every flood here. */
    private static final String START = DateTimeFormatter.ofPattern("HH:mm:ss.SSS", Locale.ROOT)
            .format(TestClock.START.atZone(ZoneId.systemDefault()));
    private static final BasicMarkerFactory MARKERS = new BasicMarkerFactory();

    private TestContext t;
    private boolean problemsExpected;

    private TestContext configure(Adapter adapter, String... properties) {
        Map<String, String> map = new HashMap<>();
        for (int i = 0; i < properties.length; i += 2) {
            map.put(properties[i], properties[i + 1]);
        }
        t = TestContext.configure(getClass(), adapter.xml, map);
        return t;
    }

    @AfterEach
    void close() {
        if (t != null) {
            if (!problemsExpected) {
                assertThat(t.problems()).as("status messages at WARN or above").isEmpty();
            }
            t.close();
        }
    }

    private static void flood(Logger log, int calls) {
        for (int i = 0; i < calls; i++) {
            log.error(CONNECTION, "db" + i);
        }
    }

    private static List<String> connections(int count) {
        return IntStream.range(0, count).mapToObj(i -> "Connection to db" + i + " failed")
                .collect(Collectors.toList());
    }

    private List<ILoggingEvent> summarizeAfter(Adapter adapter, Duration elapsed) {
        adapter.clock(t).advance(elapsed);
        adapter.summarizeIfDue(t);
        return events(t.list(LIST));
    }

    /** How summaries name the default limits. */
    private static final String LIMITS = "; attrition 8/5s, window 5×5s, spillover 16";

    private static String line(String start, long count, String what) {
        return start + " " + count + " " + what + " in the last 30s (first " + START + ", last " + START + LIMITS + ")";
    }

    @ParameterizedTest
    @EnumSource(Adapter.class)
    void flood_oneTemplate_passesTheAllowanceAndSummarizesTheRest(Adapter adapter) {
        configure(adapter);
        flood(t.logger("com.acme.Db"), 40);

        List<ILoggingEvent> events = summarizeAfter(adapter, Duration.ofSeconds(30));

        assertThat(messages(events)).containsExactlyElementsOf(connections(16));
        assertThat(events).hasSize(17);
        ILoggingEvent summary = events.get(16);
        assertThat(TestContext.isSummary(summary)).isTrue();
        assertThat(summary.getLoggerName()).isEqualTo("com.acme.Db");
        assertThat(summary.getLevel()).isEqualTo(Level.ERROR);
        assertThat(summary.getFormattedMessage())
                .isEqualTo(line("Suppressed", 24, "messages like \"Connection to {} failed\""));
        assertThat(field(summary, SuppressionSummary.FIELD_SUPPRESSED)).isEqualTo(24L);
        assertThat(field(summary, SuppressionSummary.FIELD_FINGERPRINT)).isEqualTo(CONNECTION);
        assertThat(field(summary, SuppressionSummary.FIELD_INTERVAL)).isEqualTo("PT30S");
        assertThat(field(summary, SuppressionSummary.FIELD_FIRST)).isEqualTo(TestClock.START.toString());
        assertThat(field(summary, SuppressionSummary.FIELD_DRY_RUN)).isEqualTo(false);
    }

    @ParameterizedTest
    @EnumSource(Adapter.class)
    void summarizeIfDue_beforeTheInterval_writesNothing(Adapter adapter) {
        configure(adapter);
        flood(t.logger("com.acme.Db"), 40);

        List<ILoggingEvent> events = summarizeAfter(adapter, Duration.ofSeconds(10));

        assertThat(summaries(events)).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(Adapter.class)
    void summarizeIfDue_nothingSuppressed_writesNothing(Adapter adapter) {
        configure(adapter);
        flood(t.logger("com.acme.Db"), 16);

        List<ILoggingEvent> events = summarizeAfter(adapter, Duration.ofSeconds(30));

        assertThat(messages(events)).containsExactlyElementsOf(connections(16));
        assertThat(summaries(events)).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(Adapter.class)
    void summarizeIfDue_longAfterTheFloodStopped_stillWritesItsSummary(Adapter adapter) {
        configure(adapter);
        flood(t.logger("com.acme.Db"), 40);
        adapter.clock(t).advance(Duration.ofMinutes(10));

        List<ILoggingEvent> events = summarizeAfter(adapter, Duration.ofSeconds(30));

        assertThat(summaries(events)).singleElement()
                .satisfies(s -> assertThat(field(s, SuppressionSummary.FIELD_SUPPRESSED)).isEqualTo(24L));
    }

    @ParameterizedTest
    @EnumSource(Adapter.class)
    void summarizeIfDue_periodAfterASummaryWithoutDrops_writesNoSecondSummary(Adapter adapter) {
        configure(adapter);
        flood(t.logger("com.acme.Db"), 40);
        summarizeAfter(adapter, Duration.ofSeconds(30));

        List<ILoggingEvent> events = summarizeAfter(adapter, Duration.ofSeconds(30));

        assertThat(summaries(events)).hasSize(1);
    }

    @ParameterizedTest
    @EnumSource(Adapter.class)
    void decide_fluentApi_countsEachCallOnce(Adapter adapter) {
        assumeFluentCallsReach(adapter);
        configure(adapter);
        Logger log = t.logger("com.acme.Db");
        for (int i = 0; i < 40; i++) {
            log.atError().setMessage(CONNECTION).addArgument("db" + i).log();
        }

        List<ILoggingEvent> events = summarizeAfter(adapter, Duration.ofSeconds(30));

        assertThat(messages(events)).containsExactlyElementsOf(connections(16));
        assertThat(TestContext.suppressed(events)).isEqualTo(24);
    }

    @ParameterizedTest
    @EnumSource(Adapter.class)
    void decide_fluentAndClassicCalls_shareOneFingerprint(Adapter adapter) {
        assumeFluentCallsReach(adapter);
        configure(adapter);
        Logger log = t.logger("com.acme.Db");
        for (int i = 0; i < 40; i++) {
            if (i % 2 == 0) {
                log.atError().setMessage(CONNECTION).addArgument("db" + i).log();
            } else {
                log.error(CONNECTION, "db" + i);
            }
        }

        List<ILoggingEvent> events = summarizeAfter(adapter, Duration.ofSeconds(30));

        assertThat(messages(events)).containsExactlyElementsOf(connections(16));
        assertThat(TestContext.suppressed(events)).isEqualTo(24);
    }


    /** Logback before 1.5.21 passes fluent-API calls to no turbo filter: it says so, naming the version. */
    @Test
    void decide_fluentApiOnLogbackBefore1_5_21_turboFilterPassesThemUncountedAndSaysSo() {
        Assumptions.assumeTrue(LogbackVersion.turboFluentWarning() != null,
                "Logback " + LogbackVersion.version() + " passes fluent-API calls to turbo filters");
        configure(Adapter.TURBO);
        Logger log = t.logger("com.acme.Db");
        for (int i = 0; i < 40; i++) {
            log.atError().setMessage(CONNECTION).addArgument("db" + i).log();
        }

        List<ILoggingEvent> events = summarizeAfter(Adapter.TURBO, Duration.ofSeconds(30));

        assertThat(messages(events)).hasSize(40);
        assertThat(summaries(events)).isEmpty();
        assertThat(t.context.getStatusManager().getCopyOfStatusList()).extracting(s -> s.getMessage())
                .contains("FloodgateTurboFilter: Logback " + System.getProperty("floodgate.test.logbackVersion")
                        + " does not pass fluent-API calls (logger.atError()...log()) to turbo filters, so this one "
                        + "neither limits nor counts them; Logback 1.5.21 and newer do. Upgrade logback-classic, or "
                        + "put FloodgateFilter on the appenders instead");
    }

    /** The appender filter sees fluent calls on every Logback; the turbo filter from Logback 1.5.21 on. */
    private static void assumeFluentCallsReach(Adapter adapter) {
        Assumptions.assumeTrue(adapter != Adapter.TURBO || LogbackVersion.turboFluentWarning() == null,
                "Logback " + LogbackVersion.version() + " passes fluent-API calls to no turbo filter");
    }
    @ParameterizedTest
    @EnumSource(Adapter.class)
    void decide_callsBelowTheLoggersLevel_areNotCounted(Adapter adapter) {
        configure(adapter);
        Logger log = t.logger("com.acme.Db");
        for (int i = 0; i < 1_000; i++) {
            log.debug(CONNECTION, "db" + i);
            log.atTrace().setMessage(CONNECTION).addArgument(i).log();
        }
        assertThat(adapter.active(t).engine().trackedFingerprints()).isZero();

        flood(log, 40);

        assertThat(messages(events(t.list(LIST)))).containsExactlyElementsOf(connections(16));
    }

    @ParameterizedTest
    @EnumSource(Adapter.class)
    void decide_isEnabledProbes_areNotCounted(Adapter adapter) {
        configure(adapter);
        Logger log = t.logger("com.acme.Db");
        for (int i = 0; i < 1_000; i++) {
            assertThat(log.isErrorEnabled()).isTrue();
            assertThat(log.isDebugEnabled()).isFalse();
        }
        assertThat(adapter.active(t).engine().trackedFingerprints()).isZero();

        flood(log, 40);

        assertThat(messages(events(t.list(LIST)))).containsExactlyElementsOf(connections(16));
    }

    @ParameterizedTest
    @EnumSource(Adapter.class)
    void decide_exemptMarker_isNeverSuppressedNorCounted(Adapter adapter) {
        configure(adapter);
        Logger log = t.logger("com.acme.Db");
        Marker exempt = MARKERS.getMarker("FLOODGATE_EXEMPT");
        for (int i = 0; i < 40; i++) {
            log.error(exempt, CONNECTION, "db" + i);
        }

        List<ILoggingEvent> events = summarizeAfter(adapter, Duration.ofSeconds(30));

        assertThat(messages(events)).containsExactlyElementsOf(connections(40));
        assertThat(summaries(events)).isEmpty();
        assertThat(adapter.active(t).engine().trackedFingerprints()).isZero();
    }

    @ParameterizedTest
    @EnumSource(Adapter.class)
    void decide_markerReferringToTheExemptMarker_isNeverSuppressed(Adapter adapter) {
        configure(adapter);
        Logger log = t.logger("com.acme.Db");
        Marker audit = MARKERS.getDetachedMarker("AUDIT");
        audit.add(MARKERS.getMarker("FLOODGATE_EXEMPT"));
        for (int i = 0; i < 40; i++) {
            log.atError().addMarker(MARKERS.getMarker("OTHER")).addMarker(audit).setMessage(CONNECTION)
                    .addArgument("db" + i).log();
        }

        assertThat(messages(events(t.list(LIST)))).containsExactlyElementsOf(connections(40));
    }

    @ParameterizedTest
    @EnumSource(Adapter.class)
    void decide_configuredExemptMarkers_replaceTheDefault(Adapter adapter) {
        configure(adapter, "exemptMarkers", "AUDIT, SECURITY");
        Logger log = t.logger("com.acme.Db");
        for (int i = 0; i < 40; i++) {
            log.error(MARKERS.getMarker("SECURITY"), CONNECTION, "db" + i);
            log.error(MARKERS.getMarker("FLOODGATE_EXEMPT"), "Timeout after {} ms", i);
        }

        List<String> messages = messages(events(t.list(LIST)));

        assertThat(messages.stream().filter(m -> m.startsWith("Connection"))).hasSize(40);
        assertThat(messages.stream().filter(m -> m.startsWith("Timeout"))).hasSize(16);
    }

    @ParameterizedTest
    @EnumSource(Adapter.class)
    void decide_summaryMarker_passesUncounted(Adapter adapter) {
        configure(adapter);
        Logger log = t.logger("com.acme.Db");
        for (int i = 0; i < 40; i++) {
            log.error(MARKERS.getMarker(FloodEngine.SUMMARY_MARKER), CONNECTION, "db" + i);
        }

        assertThat(events(t.list(LIST))).hasSize(40);
        assertThat(adapter.active(t).engine().trackedFingerprints()).isZero();
    }

    @ParameterizedTest
    @EnumSource(Adapter.class)
    void decide_throwableAsTrailingArgument_isTheCallsThrowable(Adapter adapter) {
        configure(adapter, "includeThrowable", "true");
        Logger log = t.logger("com.acme.Db");
        for (int i = 0; i < 40; i++) {
            log.error("Call {} failed", i, new IOException("disk"));
            log.error("Call {} failed", i, new IllegalStateException("state"));
        }

        List<ILoggingEvent> events = summarizeAfter(adapter, Duration.ofSeconds(30));

        assertThat(messages(events)).hasSize(32);
        assertThat(events.get(0).getThrowableProxy().getClassName()).isEqualTo(IOException.class.getName());
        assertThat(summaries(events)).extracting(s -> field(s, SuppressionSummary.FIELD_FINGERPRINT))
                .containsExactlyInAnyOrder("Call {} failed with java.io.IOException",
                        "Call {} failed with java.lang.IllegalStateException");
    }

    @ParameterizedTest
    @EnumSource(Adapter.class)
    void decide_throwableAsLastParameter_isTheCallsThrowable(Adapter adapter) {
        configure(adapter, "includeThrowable", "true");
        Logger log = t.logger("com.acme.Db");
        for (int i = 0; i < 40; i++) {
            log.error("Call failed", new IOException("disk"));
            log.error("Call failed", new IllegalStateException("state"));
        }

        List<ILoggingEvent> events = summarizeAfter(adapter, Duration.ofSeconds(30));

        assertThat(messages(events)).hasSize(32);
        assertThat(summaries(events)).extracting(s -> field(s, SuppressionSummary.FIELD_SUPPRESSED))
                .containsExactly(24L, 24L);
    }

    @ParameterizedTest
    @EnumSource(Adapter.class)
    void decide_concatenatedMessages_groupByTheirMaskedText(Adapter adapter) {
        configure(adapter);
        Logger log = t.logger("com.acme.Orders");
        for (int i = 0; i < 40; i++) {
            log.error("Failed for order " + (1000 + i) + " from 10.0.0." + i);
        }

        List<ILoggingEvent> events = summarizeAfter(adapter, Duration.ofSeconds(30));

        assertThat(messages(events)).hasSize(16).first().isEqualTo("Failed for order 1000 from 10.0.0.0");
        assertThat(summaries(events)).singleElement().satisfies(s -> assertThat(s.getFormattedMessage())
                .isEqualTo(line("Suppressed", 24, "messages like \"Failed for order <n> from <ip>\"")));
    }

    @ParameterizedTest
    @EnumSource(Adapter.class)
    void decide_concatenatedMessageWithTrailingThrowable_isMaskedToo(Adapter adapter) {
        configure(adapter);
        Logger log = t.logger("com.acme.Orders");
        for (int i = 0; i < 40; i++) {
            log.error("Failed for order " + (1000 + i), (Object) new IOException("disk"));
        }

        List<ILoggingEvent> events = summarizeAfter(adapter, Duration.ofSeconds(30));

        assertThat(messages(events)).hasSize(16);
        assertThat(summaries(events)).singleElement().satisfies(s -> assertThat(
                field(s, SuppressionSummary.FIELD_FINGERPRINT)).isEqualTo("Failed for order <n>"));
    }

    @ParameterizedTest
    @EnumSource(Adapter.class)
    void decide_concatenatedMessagesWithoutMasking_areDistinctFingerprints(Adapter adapter) {
        configure(adapter, "maskTokens", "false");
        Logger log = t.logger("com.acme.Orders");
        for (int i = 0; i < 40; i++) {
            log.error("Failed for order " + (1000 + i));
        }

        assertThat(messages(events(t.list(LIST)))).hasSize(40);
    }

    @ParameterizedTest
    @EnumSource(Adapter.class)
    void dryRun_flood_dropsNothingAndSaysWhatItWouldHaveDropped(Adapter adapter) {
        configure(adapter, "dryRun", "true");
        flood(t.logger("com.acme.Db"), 40);

        List<ILoggingEvent> events = summarizeAfter(adapter, Duration.ofSeconds(30));

        assertThat(messages(events)).containsExactlyElementsOf(connections(40));
        assertThat(summaries(events)).singleElement().satisfies(s -> {
            assertThat(s.getFormattedMessage()).isEqualTo("Would have suppressed 24 messages like "
                    + "\"Connection to {} failed\" in the last 30s (dry run; first " + START + ", last " + START
                    + LIMITS + ")");
            assertThat(field(s, SuppressionSummary.FIELD_DRY_RUN)).isEqualTo(true);
        });
    }

    @ParameterizedTest
    @EnumSource(Adapter.class)
    void decide_belowMinLevel_isNeverLimited(Adapter adapter) {
        configure(adapter, "minLevel", "warn", "rootLevel", "DEBUG");
        Logger log = t.logger("com.acme.Db");
        for (int i = 0; i < 40; i++) {
            log.info(CONNECTION, "db" + i);
            log.warn("Slow query {}", i);
        }

        List<String> messages = messages(events(t.list(LIST)));

        assertThat(messages.stream().filter(m -> m.startsWith("Connection"))).hasSize(40);
        assertThat(messages.stream().filter(m -> m.startsWith("Slow"))).hasSize(16);
    }

    @ParameterizedTest
    @EnumSource(Adapter.class)
    void decide_loggerPrefixes_limitOnlyTheIncludedAndNotExcludedLoggers(Adapter adapter) {
        configure(adapter, "loggers", "com.acme", "excludeLoggers", "com.acme.audit");
        for (String name : new String[] {"com.acme.db", "com.acme", "com.acme.audit.Trail", "com.acmex", "org"}) {
            for (int i = 0; i < 40; i++) {
                t.logger(name).error("Failure in " + name + " number {}", i);
            }
        }

        Map<String, Long> passed = events(t.list(LIST)).stream()
                .collect(Collectors.groupingBy(ILoggingEvent::getLoggerName, Collectors.counting()));

        assertThat(passed).containsOnly(Map.entry("com.acme.db", 16L), Map.entry("com.acme", 16L),
                Map.entry("com.acme.audit.Trail", 40L), Map.entry("com.acmex", 40L), Map.entry("org", 40L));
    }

    @ParameterizedTest
    @EnumSource(Adapter.class)
    void summary_withSummaryLevel_isWrittenAtThatLevel(Adapter adapter) {
        configure(adapter, "summaryLevel", "WARN");
        flood(t.logger("com.acme.Db"), 40);

        List<ILoggingEvent> events = summarizeAfter(adapter, Duration.ofSeconds(30));

        assertThat(summaries(events)).singleElement().satisfies(s -> {
            assertThat(s.getLevel()).isEqualTo(Level.WARN);
            assertThat(s.getLoggerName()).isEqualTo("com.acme.Db");
        });
    }

    @ParameterizedTest
    @EnumSource(Adapter.class)
    void summary_ofMessagesBeyondTheKeyBound_isWrittenByTheFloodgateLoggerAtWarn(Adapter adapter) {
        configure(adapter, "maxKeys", "1");
        flood(t.logger("com.acme.Db"), 40);
        for (int i = 0; i < 40; i++) {
            t.logger("com.acme.Cache").error("Cache miss for {}", i);
        }

        List<ILoggingEvent> events = summarizeAfter(adapter, Duration.ofSeconds(30));

        assertThat(summaries(events)).hasSize(2).anySatisfy(s -> {
            assertThat(s.getLoggerName()).isEqualTo(FloodEngine.SUMMARY_LOGGER);
            assertThat(s.getLevel()).isEqualTo(Level.WARN);
            assertThat(s.getFormattedMessage()).isEqualTo("Suppressed 24 other messages in the last 30s (more than 1 "
                    + "fingerprints at once; first " + START + ", last " + START + LIMITS + ")");
            assertThat(field(s, SuppressionSummary.FIELD_FINGERPRINT)).isEqualTo("<other>");
        });
    }

    @ParameterizedTest
    @EnumSource(Adapter.class)
    void summary_ofALoggerTurnedOff_isNotWritten(Adapter adapter) {
        configure(adapter, "maxKeys", "1");
        t.logger(FloodEngine.SUMMARY_LOGGER).setLevel(Level.OFF);
        flood(t.logger("com.acme.Db"), 40);
        for (int i = 0; i < 40; i++) {
            t.logger("com.acme.Cache").error("Cache miss for {}", i);
        }

        List<ILoggingEvent> events = summarizeAfter(adapter, Duration.ofSeconds(30));

        assertThat(summaries(events)).singleElement()
                .satisfies(s -> assertThat(s.getLoggerName()).isEqualTo("com.acme.Db"));
    }

    @ParameterizedTest
    @EnumSource(Adapter.class)
    void decide_failure_letsTheEventThroughAndIsReportedAFewTimes(Adapter adapter) {
        problemsExpected = true;
        configure(adapter);
        Logger log = t.logger("com.acme.Db");
        for (int i = 0; i < 7; i++) {
            log.error(new ThrowingMarker(), CONNECTION, "db" + i);
        }

        assertThat(messages(events(t.list(LIST)))).containsExactlyElementsOf(connections(7));
        String element = adapter == Adapter.TURBO ? "FloodgateTurboFilter" : "FloodgateFilter";
        String warning = "WARN " + element + ": could not decide on an event, which passes: "
                + "java.lang.IllegalStateException: boom";
        assertThat(t.problems()).containsExactly(warning, warning, warning, warning,
                warning + " (further messages suppressed)");
    }

    /** A marker that fails whenever it is asked what it contains. */
    private static final class ThrowingMarker implements Marker {
        private static final long serialVersionUID = 1L;

        @Override
        public String getName() {
            return "THROWING";
        }

        @Override
        public void add(Marker reference) {
            throw new UnsupportedOperationException();
        }

        @Override
        public boolean remove(Marker reference) {
            return false;
        }

        @Override
        @Deprecated
        public boolean hasChildren() {
            return false;
        }

        @Override
        public boolean hasReferences() {
            return false;
        }

        @Override
        public Iterator<Marker> iterator() {
            return Collections.emptyIterator();
        }

        @Override
        public boolean contains(Marker other) {
            throw new IllegalStateException("boom");
        }

        @Override
        public boolean contains(String name) {
            throw new IllegalStateException("boom");
        }
    }
}
