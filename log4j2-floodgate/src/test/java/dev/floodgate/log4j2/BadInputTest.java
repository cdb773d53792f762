package dev.floodgate.log4j2;

import static dev.floodgate.log4j2.Log4jHarness.lines;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.Marker;
import org.apache.logging.log4j.MarkerManager;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.Logger;
import org.apache.logging.log4j.message.ObjectMessage;
import org.apache.logging.log4j.message.ParameterizedMessage;
import org.apache.logging.log4j.message.SimpleMessage;
import org.apache.logging.log4j.message.StringFormattedMessage;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Bad input through the {@code <Floodgate>} filter from real XML, context-wide and on an appender. Bad
 * configurations: the table shared by both adapters ({@code floodgate-core/src/test/resources/reliability/
 * bad-configs.txt}); each is one status error with exactly the core's message, the filter passes everything, the
 * rest of the configuration keeps working and nothing throws. Bad events: null, huge, 10 MB and unicode messages,
 * cyclic causes, null parameters, a {@code toString()} and a {@code getStackTrace()} that throw; nothing throws into
 * the application and every call is written or summarized.
 */
class BadInputTest {

    /** One bad configuration: its options as {@code name=value} pairs and the core's message for it. */
    static final class BadConfig {
        final List<String[]> options = new ArrayList<>();
        final String message;

        BadConfig(String line) {
            int bar = line.lastIndexOf(" | ");
            for (String pair : line.substring(0, bar).split(" ; ")) {
                int eq = pair.indexOf('=');
                options.add(new String[] {pair.substring(0, eq).trim(), pair.substring(eq + 1).trim()});
            }
            message = line.substring(bar + 3).trim();
        }

        String attributes() {
            StringBuilder sb = new StringBuilder();
            for (String[] o : options) {
                sb.append(o[0]).append("=\"").append(Log4jHarness.escape(o[1])).append("\" ");
            }
            return sb.toString();
        }

        @Override
        public String toString() {
            StringBuilder sb = new StringBuilder();
            for (String[] o : options) {
                sb.append(sb.length() == 0 ? "" : " ; ").append(o[0]).append('=').append(o[1]);
            }
            return sb.toString();
        }
    }

    /** Reads the shared table of bad configurations from the core module's test resources. */
    static List<BadConfig> table() {
        Path file = Path.of(System.getProperty("basedir", "."))
                .resolve("../floodgate-core/src/test/resources/reliability/bad-configs.txt").normalize();
        try {
            List<BadConfig> rows = new ArrayList<>();
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                if (!line.isBlank() && !line.startsWith("#")) {
                    rows.add(new BadConfig(line));
                }
            }
            return rows;
        } catch (IOException e) {
            throw new IllegalStateException("cannot read the shared table " + file, e);
        }
    }

    static Stream<Arguments> badConfigs() {
        List<Arguments> out = new ArrayList<>();
        for (String place : new String[] {"contextWide", "appender"}) {
            for (BadConfig row : table()) {
                out.add(Arguments.of(place, row));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("badConfigs")
    void build_badConfiguration_reportsItExactlyAndLetsEverythingThrough(String place, BadConfig row) {
        Log4jHarness[] started = new Log4jHarness[1];
        assertThatCode(() -> started[0] = Log4jHarness.start(getClass(), place,
                Map.of(Log4jHarness.RAW_OPTIONS, row.attributes()))).doesNotThrowAnyException();
        try (Log4jHarness h = started[0]) {
            Logger log = h.logger("app.Db");

            assertThatCode(() -> {
                for (int i = 0; i < 40; i++) {
                    log.error("Connection to {} failed", i);
                }
            }).doesNotThrowAnyException();

            List<String> expected = new ArrayList<>();
            if (row.message.startsWith("unknown option ")) {
                // Log4j's own error, before the builder runs; the builder then reports the option and fails open.
                expected.add("ERROR Floodgate contains an invalid element or attribute "
                        + row.message.substring("unknown option ".length()));
            }
            expected.add("ERROR Floodgate: " + row.message + "; the filter passes every event until this is fixed");
            assertThat(h.status.floodgateMessages()).containsExactlyElementsOf(expected);
            assertThat(h.onlyFloodgate().isEnabled()).isFalse();
            assertThat(lines(h.list("list").events())).hasSize(40);
        }
    }

    /**
     * Log4j's OFF and ALL are thresholds, not levels of events: as {@code minLevel} OFF would silently turn the filter
     * off and ALL mean TRACE, and as {@code summaryLevel} neither is a level to log at. They are rejected as in the
     * Logback adapter.
     */
    @ParameterizedTest(name = "{0}={1}")
    @org.junit.jupiter.params.provider.CsvSource({"minLevel,OFF", "minLevel,ALL", "summaryLevel,OFF",
        "summaryLevel,all"})
    void build_thresholdLevelAsEventLevel_reportsItAndLetsEverythingThrough(String option, String value) {
        try (Log4jHarness h = Log4jHarness.start(getClass(), "contextWide",
                Map.of(Log4jHarness.RAW_OPTIONS, option + "=\"" + value + "\""))) {
            for (int i = 0; i < 40; i++) {
                h.logger("app.Db").error("Connection to {} failed", i);
            }

            assertThat(h.status.floodgateMessages()).containsExactly("ERROR Floodgate: " + option + ": \"" + value
                    + "\" is not a level; use TRACE, DEBUG, INFO, WARN or ERROR; the filter passes every event until "
                    + "this is fixed");
            assertThat(h.onlyFloodgate().isEnabled()).isFalse();
            assertThat(lines(h.list("list").events())).hasSize(40);
        }
    }

    /** A throwable whose {@code getStackTrace()} throws. */
    static final class NoStackTrace extends RuntimeException {
        private static final long serialVersionUID = 1L;

        NoStackTrace() {
            super("no stack trace");
        }

        @Override
        public StackTraceElement[] getStackTrace() {
            throw new IllegalStateException("getStackTrace failed");
        }
    }

    /** An object whose {@code toString()} throws. */
    static final class BadToString {
        @Override
        public String toString() {
            throw new IllegalStateException("toString failed");
        }
    }

    private static Throwable cyclicCauses() {
        Exception a = new Exception("a");
        Exception b = new Exception("b", a);
        a.initCause(b);
        return a;
    }

    /** Each bad call, as the application would make it. */
    static List<Runnable> badCalls(Logger log) {
        String tenMegabytes = "x".repeat(10 * 1024 * 1024);
        String unicode = "Fehler \u00fc\u00f1\u00ee\u00e7\u00f8d\u00e9 \u2603 \ud83d\udca5 \u0000 \ud800 {} \u202e";
        Marker marker = MarkerManager.getMarker("SOME_MARKER");
        List<Runnable> calls = new ArrayList<>();
        calls.add(() -> log.error((String) null));
        calls.add(() -> log.error((String) null, 1, 2));
        calls.add(() -> log.error((String) null, (Throwable) null));
        calls.add(() -> log.error((Object) null));
        calls.add(() -> log.error((org.apache.logging.log4j.message.Message) null));
        calls.add(() -> log.error("Value {} and {}", null, null));
        calls.add(() -> log.error("Values {} {} {}", new Object[] {null, null, null}));
        calls.add(() -> log.error("Values {}", (Object[]) null));
        calls.add(() -> log.error(unicode, "\ud83d\udca5"));
        calls.add(() -> log.error(unicode));
        calls.add(() -> log.error(tenMegabytes));
        calls.add(() -> log.error(tenMegabytes + "{}", 1));
        calls.add(() -> log.error("Cyclic causes", cyclicCauses()));
        calls.add(() -> log.error("Cyclic cause as the last argument {}", 1, cyclicCauses()));
        calls.add(() -> log.error("Bad toString {}", new BadToString()));
        calls.add(() -> log.error(new ObjectMessage(null)));
        calls.add(() -> log.error((org.apache.logging.log4j.message.Message) new SimpleMessage((String) null)));
        calls.add(() -> log.error(new ParameterizedMessage(null, (Object[]) null)));
        calls.add(() -> log.error(new StringFormattedMessage("%s %d", null, "not a number")));
        calls.add(() -> log.error(marker, "With a marker {}", (Object) null));
        calls.add(() -> log.error((Marker) null, "Null marker {}", 1));
        calls.add(() -> log.atError().log((String) null));
        calls.add(() -> log.atError().withThrowable(cyclicCauses()).log("Fluent {} {}", null, null));
        return calls;
    }

    @ParameterizedTest
    @ValueSource(strings = {"contextWide", "appender"})
    void log_badEvents_neverThrowAndAreWrittenOrSummarized(String place) {
        Log4jHarness h = Log4jHarness.start(getClass(), place,
                Map.of(Log4jHarness.RAW_OPTIONS, "includeThrowableFrame=\"true\" includeLogger=\"true\""));
        ListAppender list = h.list("list");
        Logger log = h.logger("app.Db");
        List<Runnable> calls = badCalls(log);
        int rounds = 30;
        try {
            for (int round = 0; round < rounds; round++) {
                for (Runnable call : calls) {
                    assertThatCode(call::run).as("round " + round).doesNotThrowAnyException();
                }
            }
            h.context.stop();
        } finally {
            h.close();
        }

        List<LogEvent> events = list.events();
        assertThat(lines(events).size() + Log4jHarness.suppressedIn(events)).as("status: %s", h.status.messages())
                .isEqualTo((long) rounds * calls.size());
        assertThat(Log4jHarness.suppressedIn(events)).isPositive();
        assertThat(h.status.floodgateMessages()).isEmpty();
    }

    /**
     * Calls that Log4j itself fails on after the filters passed them, losing the event with a status message of its
     * own: a throwable whose {@code getStackTrace()} throws (when the appender copies the event) and an object
     * message whose {@code toString()} throws. Floodgate throws nothing and reports nothing.
     */
    @ParameterizedTest
    @ValueSource(strings = {"contextWide", "appender"})
    void log_callsLog4jItselfFailsOn_floodgateNeitherThrowsNorComplains(String place) {
        try (Log4jHarness h = Log4jHarness.start(getClass(), place,
                Map.of(Log4jHarness.RAW_OPTIONS, "includeThrowableFrame=\"true\""))) {
            Logger log = h.logger("app.Db");

            for (int i = 0; i < 40; i++) {
                assertThatCode(() -> log.log(Level.ERROR, "No stack trace", new NoStackTrace()))
                        .doesNotThrowAnyException();
                assertThatCode(() -> log.error(new BadToString())).doesNotThrowAnyException();
            }

            assertThat(h.onlyFloodgate().isEnabled()).isTrue();
            assertThat(h.onlyFloodgate().trackedFingerprints()).isPositive();
            assertThat(h.status.floodgateMessages()).isEmpty();
        }
    }
}
