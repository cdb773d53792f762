package dev.floodgate.micrometer;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TagValuesTest {

    @Test
    void safe_controlCharacters_becomeOneSpace() {
        assertThat(TagValues.safe("a\r\n\tb\u0000c\u200Bd")).isEqualTo("a b c d");
    }

    @Test
    void safe_longText_isCutWithAnEllipsis() {
        String cut = TagValues.safe("x".repeat(500));
        assertThat(cut).hasSize(TagValues.MAX_LENGTH + 1).endsWith("…");
    }

    @Test
    void safe_shortText_isKept() {
        assertThat(TagValues.safe("Connection to {} failed")).isEqualTo("Connection to {} failed");
    }
}
