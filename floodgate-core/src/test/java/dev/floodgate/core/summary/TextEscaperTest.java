package dev.floodgate.core.summary;

import static org.assertj.core.api.Assertions.assertThat;

import dev.floodgate.core.TestSeed;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class TextEscaperTest {

    /** What the class comment promises for one character on its own, written out independently of the escaper. */
    private static String expected(char c) {
        switch (c) {
            case '\\':
                return "\\\\";
            case '"':
                return "\\\"";
            case '\n':
                return "\\n";
            case '\r':
                return "\\r";
            case '\t':
                return "\\t";
            default:
                boolean escaped = c <= 0x1f || (c >= 0x7f && c <= 0x9f) || c == 0x2028 || c == 0x2029
                        || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069) || (c >= 0xd800 && c <= 0xdfff);
                return escaped ? String.format(Locale.ROOT, "\\u%04x", (int) c) : String.valueOf(c);
        }
    }

    /** Decodes the escaped text by the documented scheme, refusing anything else. */
    private static String decode(String escaped) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < escaped.length(); i++) {
            char c = escaped.charAt(i);
            if (c != '\\') {
                sb.append(c);
                continue;
            }
            char e = escaped.charAt(++i);
            switch (e) {
                case '\\':
                case '"':
                    sb.append(e);
                    break;
                case 'n':
                    sb.append('\n');
                    break;
                case 'r':
                    sb.append('\r');
                    break;
                case 't':
                    sb.append('\t');
                    break;
                case 'u':
                    String hex = escaped.substring(i + 1, i + 5);
                    if (!hex.matches("[0-9a-f]{4}")) {
                        throw new AssertionError("bad \\u escape in " + escaped);
                    }
                    sb.append((char) Integer.parseInt(hex, 16));
                    i += 4;
                    break;
                default:
                    throw new AssertionError("unknown escape \\" + e + " in " + escaped);
            }
        }
        return sb.toString();
    }

    @Test
    void escape_everyCharAlone_matchesTheDocumentedScheme() {
        List<String> wrong = new ArrayList<>();
        for (int c = 0; c <= 0xffff; c++) {
            String text = String.valueOf((char) c);
            String escaped = TextEscaper.escape(text);
            if (!escaped.equals(expected((char) c))) {
                wrong.add(String.format(Locale.ROOT, "U+%04X -> %s", c, escaped));
            }
        }
        assertThat(wrong).isEmpty();
    }

    @Test
    void escape_everyCharBetweenOthers_isEscapedInPlace() {
        List<String> wrong = new ArrayList<>();
        for (int c = 0; c <= 0xffff; c++) {
            String escaped = TextEscaper.escape("a\"" + (char) c + "b");
            if (!escaped.equals("a\\\"" + expected((char) c) + "b")) {
                wrong.add(String.format(Locale.ROOT, "U+%04X -> %s", c, escaped));
            }
        }
        assertThat(wrong).isEmpty();
    }

    @Test
    void escape_everyCharThatIsKept_returnsTheSameString() {
        List<String> copied = new ArrayList<>();
        for (int c = 0; c <= 0xffff; c++) {
            String text = "x" + (char) c;
            if (expected((char) c).length() == 1 && TextEscaper.escape(text) != text) {
                copied.add(String.format(Locale.ROOT, "U+%04X", c));
            }
        }
        assertThat(copied).isEmpty();
    }

    @Test
    void escape_cleanText_returnsTheSameString() {
        String text = "Connection to {} failed for Grüße 東京 \uD83D\uDE00 after 30s";

        assertThat(TextEscaper.escape(text)).isSameAs(text);
    }

    @Test
    void escape_surrogatePair_isKept() {
        String text = "face \uD83D\uDE00 and \uDBFF\uDFFF";

        assertThat(TextEscaper.escape(text)).isSameAs(text);
    }

    @Test
    void escape_surrogatesOutOfOrderOrAlone_areEscaped() {
        assertThat(TextEscaper.escape("\uDE00\uD83D|\uD83D|\uDE00|\uD83D"))
                .isEqualTo("\\ude00\\ud83d|\\ud83d|\\ude00|\\ud83d");
    }

    @Test
    void escape_backslashBeforeLetters_cannotBeReadAsAnEscape() {
        assertThat(TextEscaper.escape("C:\\new\\u001b")).isEqualTo("C:\\\\new\\\\u001b");
    }

    @Test
    void append_boundsSplittingAPair_escapeTheHalfInside() {
        StringBuilder sb = new StringBuilder("<");
        TextEscaper.append(sb, "a\uD83D\uDE00b", 0, 2);
        sb.append('|');
        TextEscaper.append(sb, "a\uD83D\uDE00b", 2, 4);

        assertThat(sb).hasToString("<a\\ud83d|\\ude00b");
    }

    @Test
    void escape_randomText_decodesBackToItAndHasNothingLeftToEscape() {
        SplittableRandom random = new SplittableRandom(TestSeed.SEED);
        char[] alphabet = ("ab \"\\\n\r\t\u0000\u001b\u007f\u0085\u009f\u2028\u2029\u202e\u2066\uD83D\uDE00é{}")
                .toCharArray();
        List<String> wrong = new ArrayList<>();
        for (int round = 0; round < 20_000; round++) {
            char[] text = new char[random.nextInt(12)];
            for (int i = 0; i < text.length; i++) {
                text[i] = random.nextInt(4) == 0 ? (char) random.nextInt(0x10000)
                        : alphabet[random.nextInt(alphabet.length)];
            }
            String original = new String(text);
            String escaped = TextEscaper.escape(original);
            boolean leftToEscape = escaped.codePoints().anyMatch(c -> c <= 0xffff && c != '\\' && c != '"'
                    && expected((char) c).length() > 1);
            boolean bareQuote = escaped.replace("\\\\", "").replace("\\\"", "").contains("\"");
            if (!decode(escaped).equals(original) || leftToEscape || bareQuote) {
                wrong.add("round " + round + ": " + escaped);
            }
        }
        assertThat(wrong).as(TestSeed.describe()).isEmpty();
    }
}
