package dev.floodgate.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class CellRateSettingsTest {

    @Test
    void defaults_everySetting_equalsItsConstant() {
        CellRateSettings d = CellRateSettings.defaults();

        assertThat(d.burst()).isEqualTo(CellRateSettings.DEFAULT_BURST);
        assertThat(d.count()).isEqualTo(CellRateSettings.DEFAULT_COUNT);
        assertThat(d.periodMillis()).isEqualTo(CellRateSettings.DEFAULT_PERIOD_MILLIS);
    }

    @Test
    void describe_defaults_namesRateAndBurst() {
        assertThat(CellRateSettings.defaults().describe()).isEqualTo("cell 10/1m, burst 9");
    }

    @Test
    void toString_custom_listsEverySetting() {
        CellRateSettings s = CellRateSettings.builder().burst(15).count(30).period(Duration.ofSeconds(60)).build();

        assertThat(s).hasToString("CellRateSettings[burst=15, count=30, period=1m]");
    }

    @Test
    void limit_burst15_is16() {
        assertThat(CellRateSettings.builder().burst(15).build().limit()).isEqualTo(16);
    }

    @Test
    void emissionIntervalMillis_countDividesPeriod_isExact() {
        CellRateSettings s = CellRateSettings.builder().count(30).periodMillis(60_000).build();

        assertThat(s.emissionIntervalMillis()).isEqualTo(2_000);
    }

    @Test
    void emissionIntervalMillis_countDoesNotDividePeriod_roundsUp() {
        CellRateSettings s = CellRateSettings.builder().count(3).periodMillis(1_000).build();

        assertThat(s.emissionIntervalMillis()).isEqualTo(334);
    }

    @Test
    void period_wholeMilliseconds_isKept() {
        assertThat(CellRateSettings.builder().period(Duration.ofHours(1)).build().period())
                .isEqualTo(Duration.ofHours(1));
    }

    @Test
    void equals_sameSettings_isTrueWithEqualHashCode() {
        CellRateSettings a = CellRateSettings.builder().burst(2).count(3).periodMillis(60_000).build();
        CellRateSettings b = CellRateSettings.builder().burst(2).count(3).period(Duration.ofMinutes(1)).build();

        assertThat(a).isEqualTo(b).hasSameHashCodeAs(b);
    }

    @Test
    void equals_differentBurst_isFalse() {
        assertThat(CellRateSettings.builder().burst(1).build())
                .isNotEqualTo(CellRateSettings.builder().burst(2).build());
    }

    @Test
    void toBuilder_unchanged_buildsEqualSettings() {
        CellRateSettings s = CellRateSettings.builder().burst(0).count(7).periodMillis(7).build();

        assertThat(s.toBuilder().build()).isEqualTo(s);
    }

    @Test
    void burst_negative_throwsNamingSettingAndValue() {
        assertThatThrownBy(() -> CellRateSettings.builder().burst(-1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("burst must be between 0 and 1000000000, was -1");
    }

    @Test
    void burst_aboveMax_throwsNamingSettingAndValue() {
        assertThatThrownBy(() -> CellRateSettings.builder().burst(1_000_000_001))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("burst must be between 0 and 1000000000, was 1000000001");
    }

    @Test
    void count_zero_throwsNamingSettingAndValue() {
        assertThatThrownBy(() -> CellRateSettings.builder().count(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("count must be between 1 and 86400000, was 0");
    }

    @Test
    void period_zero_throwsNamingSettingAndValue() {
        assertThatThrownBy(() -> CellRateSettings.builder().period(Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("period must be between 1ms and 1d, was PT0S");
    }

    @Test
    void period_fractionOfMillisecond_throwsNamingSettingAndValue() {
        assertThatThrownBy(() -> CellRateSettings.builder().period(Duration.ofNanos(1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("period must be a whole number of milliseconds, was PT0.000000001S");
    }

    @Test
    void period_null_throwsNullPointerException() {
        assertThatThrownBy(() -> CellRateSettings.builder().period(null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("period");
    }

    @Test
    void periodMillis_aboveOneDay_throwsNamingSettingAndValue() {
        assertThatThrownBy(() -> CellRateSettings.builder().periodMillis(86_400_001))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("period must be between 1 and 86400000, was 86400001");
    }

    @Test
    void build_countAbovePeriodInMillis_throwsNamingBoth() {
        assertThatThrownBy(() -> CellRateSettings.builder().count(2_000).period(Duration.ofSeconds(1)).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("count must be at most 1000 for period 1s (one event per millisecond), was 2000");
    }
}
