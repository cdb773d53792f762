package dev.floodgate.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DurationTextTest {

    @Test
    void format_mixedUnits_isShortestExact() {
        assertThat(DurationText.format(0)).isEqualTo("0s");
        assertThat(DurationText.format(250)).isEqualTo("250ms");
        assertThat(DurationText.format(30_000)).isEqualTo("30s");
        assertThat(DurationText.format(90_000)).isEqualTo("1m30s");
        assertThat(DurationText.format(86_400_000L + 3_600_000L + 1)).isEqualTo("1d1h1ms");
        assertThat(DurationText.format(-5_000)).isEqualTo("-5s");
    }
}
