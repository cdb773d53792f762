package dev.floodgate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ControlEscaperTest {

    @Test
    void escape_textWithoutControls_isTheSameString() {
        String text = "Connection to 10.0.0.7 refused: é 日本 \\ \"quoted\" \u00a0😀";

        assertThat(ControlEscaper.escape(text)).isSameAs(text);
    }

    @Test
    void escape_c0Controls_areShownAsEscapes() {
        assertThat(ControlEscaper.escape("a\nb\rc\td\u0000e\u001b[2Jf\u0007"))
                .isEqualTo("a\\nb\\rc\\td\\u0000e\\u001b[2Jf\\u0007");
    }

    @Test
    void escape_delAndC1Controls_areShownAsEscapes() {
        assertThat(ControlEscaper.escape("\u007f\u0085\u009b31m")).isEqualTo("\\u007f\\u0085\\u009b31m");
    }

    @Test
    void escape_lineSeparatorsAndBidiControls_areShownAsEscapes() {
        assertThat(ControlEscaper.escape("\u2028\u2029a\u202eb\u2066c\u200fd\u061c"))
                .isEqualTo("\\u2028\\u2029a\\u202eb\\u2066c\\u200fd\\u061c");
    }

    @Test
    void escape_escapedText_isUnchangedByASecondPass() {
        String once = ControlEscaper.escape("\u001b]0;title\u0007\\u001b");

        assertThat(ControlEscaper.escape(once)).isEqualTo(once);
    }

    @Test
    void needsEscape_everyChar_isExactlyControlsSeparatorsAndBidiFormatting() {
        for (int c = 0; c <= Character.MAX_VALUE; c++) {
            assertThat(ControlEscaper.needsEscape((char) c)).as("U+%04X", c).isEqualTo(isUnsafe((char) c));
        }
    }

    /** The characters to escape, by their Unicode properties rather than by ranges. */
    private static boolean isUnsafe(char c) {
        int type = Character.getType(c);
        if (type == Character.CONTROL || type == Character.LINE_SEPARATOR || type == Character.PARAGRAPH_SEPARATOR) {
            return true;
        }
        if (c == '\u200e' || c == '\u200f' || c == '\u061c') {
            return true;
        }
        switch (Character.getDirectionality(c)) {
            case Character.DIRECTIONALITY_LEFT_TO_RIGHT_EMBEDDING:
            case Character.DIRECTIONALITY_LEFT_TO_RIGHT_OVERRIDE:
            case Character.DIRECTIONALITY_RIGHT_TO_LEFT_EMBEDDING:
            case Character.DIRECTIONALITY_RIGHT_TO_LEFT_OVERRIDE:
            case Character.DIRECTIONALITY_POP_DIRECTIONAL_FORMAT:
            case Character.DIRECTIONALITY_LEFT_TO_RIGHT_ISOLATE:
            case Character.DIRECTIONALITY_RIGHT_TO_LEFT_ISOLATE:
            case Character.DIRECTIONALITY_FIRST_STRONG_ISOLATE:
            case Character.DIRECTIONALITY_POP_DIRECTIONAL_ISOLATE:
                return true;
            default:
                return false;
        }
    }
}
