package dev.floodgate.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floodgate.core.base.Durations;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The {@link Option} table is what the parser enforces: each range is exactly the accepted values, each word of a
 * choice is accepted, and the messages name the option and the value.
 */
class OptionTest {

    /** What an option needs beside it to be used: burst needs a cell limiter, capPeriod a cap. */
    private static Map<String, String> context(Option option) {
        Map<String, String> raw = new HashMap<>();
        // a window for the periods: a cell's count of events must fit its period at one per millisecond
        String kind = option == Option.PERIOD || option == Option.CAP_PERIOD ? "window" : "cell";
        if (option == Option.COUNT || option == Option.PERIOD || option == Option.BURST) {
            raw.put("limiter", kind);
        } else if (option.key().startsWith("cap") && option != Option.CAP) {
            raw.put("cap", kind);
        }
        return raw;
    }

    private static String written(Option option, long value) {
        return option.type() == Option.Type.DURATION ? value + "ms" : Long.toString(value);
    }

    private static String rangeMessage(Option option, long value) {
        if (option.type() == Option.Type.DURATION) {
            return option.key() + " must be between " + Durations.format(option.min()) + " and "
                    + Durations.format(option.max()) + ", was " + Duration.ofMillis(value);
        }
        return option.key() + " must be between " + option.min() + " and " + option.max() + ", was " + value;
    }

    private static List<String> problems(Option option, String value) {
        Map<String, String> raw = context(option);
        raw.put(option.key(), value);
        List<String> problems = new ArrayList<>();
        FloodgateConfig.parse(raw, problems);
        return problems;
    }

    @ParameterizedTest
    @EnumSource(Option.class)
    void range_bounds_areAcceptedAndTheirNeighboursRejectedByTheTable(Option option) {
        if (!option.bounded()) {
            return;
        }
        option.check(written(option, option.min()));
        option.check(written(option, option.max()));

        assertThatThrownBy(() -> option.check(written(option, option.min() - 1)))
                .hasMessage(rangeMessage(option, option.min() - 1));
        assertThatThrownBy(() -> option.check(written(option, option.max() + 1)))
                .hasMessage(rangeMessage(option, option.max() + 1));
    }

    /** The settings builders accept the table's whole range, so the table's is the range in force. */
    @ParameterizedTest
    @EnumSource(Option.class)
    void range_bounds_areAcceptedByTheParserAndItsSettings(Option option) {
        // the fleet options need floodgate-redis; its tests parse them, with the cell settings' ranges checked here
        if (!option.bounded() || option.key().startsWith("fleet")) {
            return;
        }
        assertThat(problems(option, written(option, option.min()))).isEmpty();
        assertThat(problems(option, written(option, option.max()))).isEmpty();
        assertThat(problems(option, written(option, option.max() + 1)))
                .containsExactly(rangeMessage(option, option.max() + 1));
    }

    @Test
    void range_fleetOptions_areTheCellSettingsRanges() {
        CellRateSettings.builder().count(Option.FLEET_COUNT.max()).period(Duration.ofMillis(Option.FLEET_PERIOD.max()))
                .burst(Option.FLEET_BURST.max()).build();
        CellRateSettings.builder().count(Option.FLEET_COUNT.min()).period(Duration.ofMillis(Option.FLEET_PERIOD.min()))
                .burst(Option.FLEET_BURST.min()).build();
        assertThatThrownBy(() -> CellRateSettings.builder().count(Option.FLEET_COUNT.max() + 1))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> CellRateSettings.builder().burst(Option.FLEET_BURST.max() + 1))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @ParameterizedTest
    @EnumSource(value = Option.Type.class, names = {"CHOICE", "LEVEL"})
    void choices_eachWord_isAccepted(Option.Type type) {
        for (Option o : Option.values()) {
            if (o.type() == type) {
                assertThat(o.choices()).as(o.key()).isNotEmpty();
                for (String word : o.choices()) {
                    o.check(word);
                }
            }
        }
    }

    @Test
    void choices_otherWord_isNamedWithTheWords() {
        assertThatThrownBy(() -> Option.LIMITER.check("bucket"))
                .hasMessage("limiter: \"bucket\" is not a limiter; use attrition, window or cell");
        assertThat(FloodgateConfig.unknownLevel(Option.MIN_LEVEL, "LOUD"))
                .isEqualTo("minLevel: \"LOUD\" is not a level; use TRACE, DEBUG, INFO, WARN or ERROR");
    }

    @ParameterizedTest
    @EnumSource(Option.class)
    void defaultValue_passesTheTable(Option option) {
        option.check(option.defaultValue());
    }

    @ParameterizedTest
    @EnumSource(Option.class)
    void meaning_isOneLineShowingTheTableRangeOnce(Option option) {
        assertThat(option.meaning()).doesNotContain("\n").doesNotEndWith(".");
        if (option.bounded()) {
            String max = option.type() == Option.Type.DURATION ? Durations.format(option.max())
                    : Long.toString(option.max());
            assertThat(option.meaning()).endsWith(max + ")");
            assertThat(option.meaning().split("(?<![0-9])" + max + "(?![0-9])", -1)).as(
                    "the range is in the table, not also in the doc: %s", option.meaning()).hasSize(2);
        }
    }

    @Test
    void count_beyondAnInt_isOutOfRangeForTheWindow() {
        List<String> problems = new ArrayList<>();
        FloodgateConfig.parse(Map.of("limiter", "window", "count", "99999999999"), problems);
        assertThat(problems).containsExactly("count: \"99999999999\" is out of range");
    }

    @Test
    void byKey_eachKey_findsItsOption() {
        for (Option o : Option.values()) {
            assertThat(Option.byKey(o.key())).isSameAs(o);
        }
        assertThat(Option.byKey("maxKey")).isNull();
    }
}
