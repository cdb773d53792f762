package dev.floodgate.logback;

import static dev.floodgate.logback.Adapter.LIST;
import static dev.floodgate.logback.TestContext.events;
import static dev.floodgate.logback.TestContext.messages;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.slf4j.Marker;
import org.slf4j.MarkerFactory;

/**
 * Bad input through each Logback filter from real XML. Bad configurations: the table shared by both adapters
 * ({@code floodgate-core/src/test/resources/reliability/bad-configs.txt}); each is one ERROR status with exactly the
 * core's message, the filter stays stopped, every event is logged and nothing throws. Bad events: null, huge, 10 MB
 * and unicode messages, cyclic causes, null parameters, a {@code toString()} and a {@code getStackTrace()} that throw;
 * nothing throws into the application and every call is written or summarized.
 */
class BadInputTest {

    private static final String NOT_STARTED = " (the filter is not started and lets every event through)";

    private TestContext t;

    @AfterEach
    void close() {
        if (t != null) {
            t.close();
        }
    }

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
        for (Adapter adapter : Adapter.values()) {
            for (BadConfig row : table()) {
                out.add(Arguments.of(adapter, row));
            }
        }
        return out.stream();
    }

    private static String element(Adapter adapter) {
        return adapter == Adapter.TURBO ? "FloodgateTurboFilter" : "FloodgateFilter";
    }

    private static String xml(BadConfig row) {
        StringBuilder sb = new StringBuilder();
        for (String[] o : row.options) {
            sb.append('<').append(o[0]).append('>').append(escape(o[1])).append("</").append(o[0]).append(">\n");
        }
        return sb.toString();
    }

    private static String escape(String value) {
        return value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("badConfigs")
    void start_badConfiguration_reportsItExactlyAndLetsEverythingThrough(Adapter adapter, BadConfig row) {
        assertThatCode(() -> t = TestContext.configureWithOptions(getClass(), adapter.xml, xml(row)))
                .doesNotThrowAnyException();
        Logger log = t.logger("com.acme.Db");

        assertThatCode(() -> {
            for (int i = 0; i < 40; i++) {
                log.error("Connection to {} failed", i);
            }
        }).doesNotThrowAnyException();

        assertThat(t.errors()).containsExactly(element(adapter) + ": " + row.message + NOT_STARTED);
        assertThat(adapter.isStarted(t)).isFalse();
        assertThat(messages(events(t.list(LIST)))).hasSize(40);
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
        Marker marker = MarkerFactory.getDetachedMarker("SOME_MARKER");
        List<Runnable> calls = new ArrayList<>();
        calls.add(() -> log.error((String) null));
        calls.add(() -> log.error(null, 1, 2));
        calls.add(() -> log.error((String) null, (Throwable) null));
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
        calls.add(() -> log.error(marker, "With a marker {}", (Object) null));
        calls.add(() -> log.error((Marker) null, "Null marker {}", 1));
        calls.add(() -> log.atError().setMessage((String) null).log());
        calls.add(() -> log.atError().setMessage("Fluent {} {}").addArgument((Object) null).addArgument((Object) null).log());
        calls.add(() -> log.atError().setCause(cyclicCauses()).setMessage("Fluent cyclic").log());
        return calls;
    }

    @ParameterizedTest
    @EnumSource(Adapter.class)
    void log_badEvents_neverThrowAndAreWrittenOrSummarized(Adapter adapter) {
        t = TestContext.configureWithOptions(getClass(), adapter.xml,
                "<includeThrowableFrame>true</includeThrowableFrame>\n<includeLogger>true</includeLogger>\n");
        Logger log = t.logger("com.acme.Db");
        ch.qos.logback.core.read.ListAppender<ILoggingEvent> list = t.list(LIST);
        List<Runnable> calls = badCalls(log);
        int rounds = 30;

        for (int round = 0; round < rounds; round++) {
            for (Runnable call : calls) {
                assertThatCode(call::run).as("round " + round).doesNotThrowAnyException();
            }
        }
        t.context.stop();

        List<ILoggingEvent> events = events(list);
        assertThat(messages(events).size() + TestContext.suppressed(events)).isEqualTo((long) rounds * calls.size());
        assertThat(TestContext.suppressed(events)).isPositive();
        assertThat(t.problems()).isEmpty();
    }

    /**
     * Logback itself calls {@code getStackTrace()} when it builds the event of a call that passes the filters, and
     * that exception reaches the application with or without Floodgate; Floodgate adds none of its own.
     */
    @ParameterizedTest
    @EnumSource(Adapter.class)
    void log_throwableWhoseGetStackTraceThrows_onlyLogbackItselfThrows(Adapter adapter) {
        t = TestContext.configureWithOptions(getClass(), adapter.xml,
                "<includeThrowableFrame>true</includeThrowableFrame>\n");
        Logger log = t.logger("com.acme.Db");

        for (int i = 0; i < 40; i++) {
            Throwable thrown = org.assertj.core.api.Assertions.catchThrowable(
                    () -> log.error("No stack trace", new NoStackTrace()));
            if (thrown != null) {
                assertThat(thrown.getStackTrace()).as("a frame of Floodgate in %s", thrown)
                        .noneMatch(f -> f.getClassName().startsWith("dev.floodgate.core.")
                                || f.getClassName().startsWith("dev.floodgate.logback.Floodgate")
                                || f.getClassName().startsWith("dev.floodgate.logback.ActiveFloodgate"));
            }
        }

        assertThat(adapter.isStarted(t)).isTrue();
        assertThat(t.problems()).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(Adapter.class)
    void log_throwableWhoseGetStackTraceThrows_filterDecidesWithoutThrowing(Adapter adapter) {
        t = TestContext.configureWithOptions(getClass(), adapter.xml,
                "<includeThrowableFrame>true</includeThrowableFrame>\n");
        ActiveFloodgate active = adapter.active(t);

        for (int i = 0; i < 40; i++) {
            assertThatCode(() -> active.decide("com.acme.Db", ch.qos.logback.classic.Level.ERROR, "Boom", false,
                    new NoStackTrace())).doesNotThrowAnyException();
        }

        assertThat(active.engine().trackedFingerprints()).isEqualTo(1);
        assertThat(t.problems()).isEmpty();
    }
}
