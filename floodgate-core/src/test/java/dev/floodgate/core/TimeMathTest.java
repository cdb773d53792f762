package dev.floodgate.core;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TimeMathTest {

    @ParameterizedTest(name = "{0} + {1} = {2}")
    @CsvSource({
        "1, 2, 3",
        "9223372036854775807, 1, 9223372036854775807",
        "-9223372036854775808, -1, -9223372036854775808",
        "9223372036854775807, -9223372036854775808, -1"})
    void saturatedAdd_anyOperands_clampsToLongRange(long a, long b, long expected) {
        assertThat(TimeMath.saturatedAdd(a, b)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0} - {1} = {2}")
    @CsvSource({
        "3, 2, 1",
        "9223372036854775807, -1, 9223372036854775807",
        "-9223372036854775808, 1, -9223372036854775808",
        "0, -9223372036854775808, 9223372036854775807",
        "-1, -9223372036854775808, 9223372036854775807"})
    void saturatedSubtract_anyOperands_clampsToLongRange(long a, long b, long expected) {
        assertThat(TimeMath.saturatedSubtract(a, b)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "from {0} to {1} at least {2}: {3}")
    @CsvSource({
        "0, 10, 10, true",
        "0, 9, 10, false",
        "10, 0, 0, false",
        "1, -1, 1, false",
        "-9223372036854775808, 9223372036854775807, 9223372036854775807, true",
        "9223372036854775807, 9223372036854775807, 0, true"})
    void elapsed_anyTimes_comparesExactly(long from, long now, long span, boolean expected) {
        assertThat(TimeMath.elapsed(from, now, span)).isEqualTo(expected);
    }
}
