package dev.floodgate.logback;

import static dev.floodgate.logback.Adapter.LIST;
import static dev.floodgate.logback.TestContext.events;
import static dev.floodgate.logback.TestContext.messages;
import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Bad settings in real XML: each is reported as an ERROR status naming the setting and the value, the filter stays
 * stopped and lets every event through, and the application keeps logging.
 */
@Tag("compatibility")
class BadConfigTest {

    private static final String NOT_STARTED = " (the filter is not started and lets every event through)";

    private TestContext t;

    @AfterEach
    void close() {
        if (t != null) {
            t.close();
        }
    }

    /** The bad value of one option (set as a context property that the XML reads) and the core's message. */
    static Stream<Arguments> badValues() {
        String[][] table = {
            {"maxKeys", "-3", "maxKeys must be between 1 and 10000000, was -3"},
            {"maxKeys", "0", "maxKeys must be between 1 and 10000000, was 0"},
            {"maxKeys", "lots", "maxKeys: \"lots\" is not a whole number"},
            {"windowSize", "0", "windowSize must be between 1 and 1000, was 0"},
            {"timeframe", "5 parsecs",
                "timeframe: \"5 parsecs\" is not a duration; write e.g. \"5 seconds\", \"500ms\" or \"PT5S\""},
            {"timeframe", "-5 seconds", "timeframe must be between 1ms and 1d, was PT-5S"},
            {"summaryInterval", "0", "summaryInterval must be between 100ms and 1d, was PT0S"},
            {"summaryInterval", "2 days", "summaryInterval must be between 100ms and 1d, was PT48H"},
            {"spilloverThreshold", "-1", "spilloverThreshold must be between 0 and 1000000000, was -1"},
            {"attritionLogarithmBase", "1", "attritionLogarithmBase must be between 2 and 1000, was 1"},
            {"inverseAttritionDeltaMin", "0", "inverseAttritionDeltaMin must be between -1000000 and -1, was 0"},
            {"dryRun", "yes", "dryRun: \"yes\" is not true or false"},
            {"maskTokens", "on", "maskTokens: \"on\" is not true or false"},
            {"exemptMarkers", "AUDIT,,X", "exemptMarkers: \"AUDIT,,X\" has an empty name"},
            {"loggers", "com.acme,", "loggers: \"com.acme,\" has an empty name"},
            {"minLevel", "LOUD", "minLevel: \"LOUD\" is not a level; use TRACE, DEBUG, INFO, WARN or ERROR"},
            {"minLevel", "OFF", "minLevel: \"OFF\" is not a level; use TRACE, DEBUG, INFO, WARN or ERROR"},
            {"summaryLevel", "FATAL", "summaryLevel: \"FATAL\" is not a level; use TRACE, DEBUG, INFO, WARN or ERROR"},
        };
        List<Arguments> out = new ArrayList<>();
        for (Adapter adapter : Adapter.values()) {
            for (String[] row : table) {
                out.add(Arguments.of(adapter, row[0], row[1], row[2]));
            }
        }
        return out.stream();
    }

    private static String element(Adapter adapter) {
        return adapter == Adapter.TURBO ? "FloodgateTurboFilter" : "FloodgateFilter";
    }

    private static void flood(Logger log) {
        for (int i = 0; i < 40; i++) {
            log.error("Connection to {} failed", i);
        }
    }

    @ParameterizedTest(name = "{0} {1}={2}")
    @MethodSource("badValues")
    void start_badValue_reportsItAndLetsEverythingThrough(Adapter adapter, String option, String value,
            String message) {
        t = TestContext.configure(getClass(), adapter.xml, Map.of(option, value));

        flood(t.logger("com.acme.Db"));

        assertThat(t.errors()).containsExactly(element(adapter) + ": " + message + NOT_STARTED);
        assertThat(adapter.isStarted(t)).isFalse();
        assertThat(adapter.active(t)).isNull();
        assertThat(messages(events(t.list(LIST)))).hasSize(40);
    }

    @ParameterizedTest
    @EnumSource(Adapter.class)
    void start_severalBadValues_reportsEachOfThem(Adapter adapter) {
        t = TestContext.configure(getClass(), adapter.xml,
                Map.of("maxKeys", "-3", "timeframe", "soon", "summaryLevel", "LOUD"));

        assertThat(t.errors()).containsExactly(
                element(adapter) + ": timeframe: \"soon\" is not a duration; write e.g. \"5 seconds\", \"500ms\" or "
                        + "\"PT5S\"" + NOT_STARTED,
                element(adapter) + ": maxKeys must be between 1 and 10000000, was -3" + NOT_STARTED,
                element(adapter) + ": summaryLevel: \"LOUD\" is not a level; use TRACE, DEBUG, INFO, WARN or ERROR"
                        + NOT_STARTED);
        assertThat(adapter.isStarted(t)).isFalse();
    }

    @ParameterizedTest
    @EnumSource(Adapter.class)
    void start_unknownElement_isAnUnknownOption(Adapter adapter) {
        t = TestContext.configure(getClass(), adapter.xml + "-unknown", Map.of());

        flood(t.logger("com.acme.Db"));

        assertThat(t.errors()).containsExactly(element(adapter) + ": unknown option \"maxKey\"" + NOT_STARTED);
        assertThat(adapter.isStarted(t)).isFalse();
        assertThat(messages(events(t.list(LIST)))).hasSize(40);
    }

    @ParameterizedTest
    @EnumSource(Adapter.class)
    void start_badValueNamedFilter_namesTheFilter(Adapter adapter) {
        t = TestContext.configure(getClass(), adapter.xml + "-named", Map.of());

        assertThat(t.errors()).containsExactly(
                element(adapter) + " [alerts]: maxKeys: \"ten\" is not a whole number" + NOT_STARTED);
    }
}
