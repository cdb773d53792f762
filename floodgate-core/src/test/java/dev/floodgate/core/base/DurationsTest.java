package dev.floodgate.core.base;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class DurationsTest {

    @ParameterizedTest
    @CsvSource({
        "5 seconds, 5000", "1 second, 1000", "500 milliseconds, 500", "250ms, 250", "10s, 10000", "2 minutes, 120000",
        "1h, 3600000", "1 day, 86400000", "100, 100", "1.5 seconds, 1500", "PT5S, 5000", "pt0.25s, 250",
        "' 30 seconds ', 30000", "3 mins, 180000",
    })
    void parse_acceptedForms(String text, long millis) {
        assertThat(Durations.parse("timeframe", text)).isEqualTo(Duration.ofMillis(millis));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "  ", "five seconds", "5 secondz", "5 fortnights", "PT5X", "1.2.3s", "s"})
    void parse_garbage_namesSettingAndValue(String text) {
        assertThatThrownBy(() -> Durations.parse("timeframe", text))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("timeframe: \"" + text + "\" is not a duration; write e.g. \"5 seconds\", \"500ms\" or"
                        + " \"PT5S\"");
    }

    @ParameterizedTest
    @ValueSource(strings = {"0.5ms", "1.0001 seconds"})
    void parse_fractionOfMillisecond_isRejected(String text) {
        assertThatThrownBy(() -> Durations.parse("timeframe", text))
                .hasMessage("timeframe: \"" + text + "\" is not a whole number of milliseconds");
    }

    @ParameterizedTest
    @ValueSource(strings = {"99999999999999999999 days"})
    void parse_enormous_isRejected(String text) {
        assertThatThrownBy(() -> Durations.parse("timeframe", text))
                .hasMessage("timeframe: \"" + text + "\" is too long a duration");
    }

    @Test
    void format_mixedUnits_isShortestExact() {
        assertThat(Durations.format(0)).isEqualTo("0s");
        assertThat(Durations.format(250)).isEqualTo("250ms");
        assertThat(Durations.format(30_000)).isEqualTo("30s");
        assertThat(Durations.format(90_000)).isEqualTo("1m30s");
        assertThat(Durations.format(86_400_000L + 3_600_000L + 1)).isEqualTo("1d1h1ms");
        assertThat(Durations.format(-5_000)).isEqualTo("-5s");
    }
}
