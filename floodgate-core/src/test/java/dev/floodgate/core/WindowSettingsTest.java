package dev.floodgate.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class WindowSettingsTest {

    @Test
    void defaults_everySetting_equalsItsConstant() {
        WindowSettings d = WindowSettings.defaults();

        assertThat(d.count()).isEqualTo(WindowSettings.DEFAULT_COUNT);
        assertThat(d.periodMillis()).isEqualTo(WindowSettings.DEFAULT_PERIOD_MILLIS);
    }

    @Test
    void describe_defaults_namesCountAndPeriod() {
        assertThat(WindowSettings.defaults().describe()).isEqualTo("window 10/1m");
    }

    @Test
    void toString_custom_listsEverySetting() {
        WindowSettings s = WindowSettings.builder().count(2).period(Duration.ofMillis(1_500)).build();

        assertThat(s).hasToString("WindowSettings[count=2, period=1s500ms]");
    }

    @Test
    void period_wholeMilliseconds_isKept() {
        WindowSettings s = WindowSettings.builder().period(Duration.ofSeconds(10)).build();

        assertThat(s.period()).isEqualTo(Duration.ofSeconds(10));
    }

    @Test
    void equals_sameSettings_isTrueWithEqualHashCode() {
        WindowSettings a = WindowSettings.builder().count(5).periodMillis(60_000).build();
        WindowSettings b = WindowSettings.builder().count(5).period(Duration.ofMinutes(1)).build();

        assertThat(a).isEqualTo(b).hasSameHashCodeAs(b);
    }

    @Test
    void equals_differentCount_isFalse() {
        assertThat(WindowSettings.builder().count(5).build()).isNotEqualTo(WindowSettings.builder().count(6).build());
    }

    @Test
    void toBuilder_unchanged_buildsEqualSettings() {
        WindowSettings s = WindowSettings.builder().count(3).periodMillis(7).build();

        assertThat(s.toBuilder().build()).isEqualTo(s);
    }

    @Test
    void count_zero_throwsNamingSettingAndValue() {
        assertThatThrownBy(() -> WindowSettings.builder().count(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("count must be between 1 and 10000, was 0");
    }

    @Test
    void count_aboveMax_throwsNamingSettingAndValue() {
        assertThatThrownBy(() -> WindowSettings.builder().count(10_001))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("count must be between 1 and 10000, was 10001");
    }

    @Test
    void period_zero_throwsNamingSettingAndValue() {
        assertThatThrownBy(() -> WindowSettings.builder().period(Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("period must be between 1ms and 1d, was PT0S");
    }

    @Test
    void period_aboveOneDay_throwsNamingSettingAndValue() {
        assertThatThrownBy(() -> WindowSettings.builder().period(Duration.ofDays(1).plusMillis(1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("period must be between 1ms and 1d, was PT24H0.001S");
    }

    @Test
    void period_fractionOfMillisecond_throwsNamingSettingAndValue() {
        assertThatThrownBy(() -> WindowSettings.builder().period(Duration.ofNanos(1_500_000)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("period must be a whole number of milliseconds, was PT0.0015S");
    }

    @Test
    void period_null_throwsNullPointerException() {
        assertThatThrownBy(() -> WindowSettings.builder().period(null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("period");
    }

    @Test
    void periodMillis_zero_throwsNamingSettingAndValue() {
        assertThatThrownBy(() -> WindowSettings.builder().periodMillis(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("period must be between 1 and 86400000, was 0");
    }
}
