package dev.floodgate.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class AttritionSettingsTest {

    @Test
    void defaults_equalFloodgateDotNet() {
        AttritionSettings s = AttritionSettings.defaults();
        assertThat(s.windowSize()).isEqualTo(5);
        assertThat(s.timeframe()).isEqualTo(Duration.ofSeconds(5));
        assertThat(s.timeframeSpilloverThreshold()).isEqualTo(8);
        assertThat(s.spilloverThreshold()).isEqualTo(16);
        assertThat(s.attritionLogarithmBase()).isEqualTo(2);
        assertThat(s.inverseAttritionDeltaMin()).isEqualTo(-1);
        assertThat(s.attritionMin()).isZero();
    }

    @Test
    void defaults_equalTheDocumentedConstants() {
        AttritionSettings s = AttritionSettings.defaults();
        assertThat(s.windowSize()).isEqualTo(AttritionSettings.DEFAULT_WINDOW_SIZE);
        assertThat(s.timeframeMillis()).isEqualTo(AttritionSettings.DEFAULT_TIMEFRAME_MILLIS);
        assertThat(s.timeframeSpilloverThreshold())
                .isEqualTo(AttritionSettings.DEFAULT_TIMEFRAME_SPILLOVER_THRESHOLD);
        assertThat(s.spilloverThreshold()).isEqualTo(AttritionSettings.DEFAULT_SPILLOVER_THRESHOLD);
        assertThat(s.attritionLogarithmBase()).isEqualTo(AttritionSettings.DEFAULT_ATTRITION_LOGARITHM_BASE);
        assertThat(s.inverseAttritionDeltaMin()).isEqualTo(AttritionSettings.DEFAULT_INVERSE_ATTRITION_DELTA_MIN);
    }

    @Test
    void windowSize_zero_namesSettingAndValue() {
        assertThatThrownBy(() -> AttritionSettings.builder().windowSize(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("windowSize must be between 1 and 1000, was 0");
    }

    @Test
    void windowSize_huge_isRejected() {
        assertThatThrownBy(() -> AttritionSettings.builder().windowSize(1_000_000))
                .hasMessage("windowSize must be between 1 and 1000, was 1000000");
    }

    @Test
    void timeframe_zero_namesSettingAndValue() {
        assertThatThrownBy(() -> AttritionSettings.builder().timeframe(Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("timeframe must be between 1ms and 1d, was PT0S");
    }

    @Test
    void timeframe_negative_isRejected() {
        assertThatThrownBy(() -> AttritionSettings.builder().timeframe(Duration.ofSeconds(-5)))
                .hasMessage("timeframe must be between 1ms and 1d, was PT-5S");
    }

    @Test
    void timeframe_fractionOfMillisecond_isRejected() {
        assertThatThrownBy(() -> AttritionSettings.builder().timeframe(Duration.ofNanos(1_500_000)))
                .hasMessage("timeframe must be a whole number of milliseconds, was PT0.0015S");
    }

    @Test
    void timeframe_enormous_isRejectedWithoutOverflow() {
        assertThatThrownBy(() -> AttritionSettings.builder().timeframe(Duration.ofSeconds(Long.MAX_VALUE)))
                .hasMessageStartingWith("timeframe must be between 1ms and 1d, was PT");
    }

    @Test
    void timeframeSpilloverThreshold_zero_isRejected() {
        assertThatThrownBy(() -> AttritionSettings.builder().timeframeSpilloverThreshold(0))
                .hasMessage("timeframeSpilloverThreshold must be between 1 and 1000000000, was 0");
    }

    @Test
    void spilloverThreshold_negative_isRejected() {
        assertThatThrownBy(() -> AttritionSettings.builder().spilloverThreshold(-1))
                .hasMessage("spilloverThreshold must be between 0 and 1000000000, was -1");
    }

    @Test
    void attritionLogarithmBase_one_isRejected() {
        assertThatThrownBy(() -> AttritionSettings.builder().attritionLogarithmBase(1))
                .hasMessage("attritionLogarithmBase must be between 2 and 1000, was 1");
    }

    @Test
    void inverseAttritionDeltaMin_zero_isRejected() {
        assertThatThrownBy(() -> AttritionSettings.builder().inverseAttritionDeltaMin(0))
                .hasMessage("inverseAttritionDeltaMin must be between -1000000 and -1, was 0");
    }

    @Test
    void inverseAttritionDeltaMin_longMinValue_isRejected() {
        assertThatThrownBy(() -> AttritionSettings.builder().inverseAttritionDeltaMin(Long.MIN_VALUE))
                .hasMessage("inverseAttritionDeltaMin must be between -1000000 and -1, was " + Long.MIN_VALUE);
    }

    @Test
    void attritionMin_negative_isRejected() {
        assertThatThrownBy(() -> AttritionSettings.builder().attritionMin(-1))
                .hasMessage("attritionMin must be between 0 and 1000000000, was -1");
    }

    @Test
    void toBuilder_roundTrip_isEqual() {
        AttritionSettings s = AttritionSettings.builder().windowSize(3).timeframe(Duration.ofMillis(250))
                .timeframeSpilloverThreshold(4).spilloverThreshold(9).attritionLogarithmBase(10)
                .inverseAttritionDeltaMin(-5).attritionMin(1).build();
        assertThat(s.toBuilder().build()).isEqualTo(s).hasSameHashCodeAs(s);
        assertThat(s.toBuilder().windowSize(4).build()).isNotEqualTo(s);
    }

    @Test
    void toString_namesEverySetting() {
        assertThat(AttritionSettings.defaults()).hasToString("AttritionSettings[windowSize=5, timeframe=5s,"
                + " timeframeSpilloverThreshold=8, spilloverThreshold=16, attritionLogarithmBase=2,"
                + " inverseAttritionDeltaMin=-1, attritionMin=0]");
    }

    @Test
    void describe_defaults_isShort() {
        assertThat(AttritionSettings.defaults().describe()).isEqualTo("attrition 8/5s, window 5×5s, spillover 16");
    }

    @Test
    void idleMillis_isWindowPlusOneTimeframes() {
        assertThat(AttritionSettings.defaults().idleMillis()).isEqualTo(30_000);
    }
}
