package dev.floodgate.core.summary;

/**
 * The escaping of every text a summary writes, in its line and in its structured fields: the template (which logged
 * data can shape, with an exception's class and frame when they are part of the fingerprint) and the descriptions of
 * the limits. Once escaped, no layout shows the text as more than one line, lets it move a terminal's cursor or
 * reorder the text around it, or lets it close the quotes around it, so a summary can neither forge a line nor slip
 * past a layout that cleans the application's own messages.
 *
 * <p>Escaped, and how:
 * <ul>
 *   <li>{@code \} as {@code \\}, and {@code "} (which delimits the template in the line) as {@code \"};
 *   <li>line feed, carriage return and tab as {@code \n}, {@code \r} and {@code \t};
 *   <li>as {@code \}{@code u} and four lower-case hex digits ({@code \}{@code u001b}): every other C0 control
 *       (U+0000–U+001F), DEL (U+007F), the C1 controls (U+0080–U+009F, NEL among them), the line and paragraph
 *       separators U+2028 and U+2029, the bidirectional embeddings and overrides U+202A–U+202E and isolates
 *       U+2066–U+2069 (which reorder how a viewer shows the rest of the line), and a surrogate that is not half of a
 *       pair (which an encoder would replace or refuse).
 * </ul>
 * Every other character is kept, characters beyond the Basic Multilingual Plane included. Since the backslash is
 * escaped too, the escaped text is unambiguous: it is the body of a JSON string (and of a Java string literal) that
 * decodes to the original text.
 *
 * <p>Stateless and thread-safe. Escaping allocates only when a character must be escaped: a text that needs none is
 * returned as it is.
 */
final class TextEscaper {

    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private TextEscaper() {
    }

    /** Returns {@code text} escaped: {@code text} itself when nothing in it needs escaping. */
    static String escape(String text) {
        int length = text.length();
        if (firstToEscape(text, 0, length) == length) {
            return text;
        }
        StringBuilder sb = new StringBuilder(length + 16);
        append(sb, text, 0, length);
        return sb.toString();
    }

    /**
     * Appends {@code text} from {@code start} to {@code end} escaped; a surrogate pair split by either bound counts
     * as unpaired.
     */
    static void append(StringBuilder sb, CharSequence text, int start, int end) {
        int i = start;
        while (i < end) {
            int stop = firstToEscape(text, i, end);
            sb.append(text, i, stop);
            if (stop == end) {
                return;
            }
            appendEscape(sb, text.charAt(stop));
            i = stop + 1;
        }
    }

    /** Returns the index of the first character from {@code start} to {@code end} to escape, or {@code end}. */
    private static int firstToEscape(CharSequence text, int start, int end) {
        for (int i = start; i < end; i++) {
            char c = text.charAt(i);
            if (c >= ' ' && c < 0x7f) {
                if (c == '"' || c == '\\') {
                    return i;
                }
            } else if (Character.isHighSurrogate(c) && i + 1 < end && Character.isLowSurrogate(text.charAt(i + 1))) {
                i++;
            } else if (isEscaped(c)) {
                return i;
            }
        }
        return end;
    }

    /** Returns whether {@code c}, outside printable ASCII and not half of a surrogate pair, is escaped. */
    private static boolean isEscaped(char c) {
        return c < ' ' || (c >= 0x7f && c <= 0x9f) || c == 0x2028 || c == 0x2029 || (c >= 0x202a && c <= 0x202e)
                || (c >= 0x2066 && c <= 0x2069) || Character.isSurrogate(c);
    }

    private static void appendEscape(StringBuilder sb, char c) {
        switch (c) {
            case '\\':
                sb.append("\\\\");
                break;
            case '"':
                sb.append("\\\"");
                break;
            case '\n':
                sb.append("\\n");
                break;
            case '\r':
                sb.append("\\r");
                break;
            case '\t':
                sb.append("\\t");
                break;
            default:
                sb.append("\\u").append(HEX[c >> 12]).append(HEX[(c >> 8) & 0xf]).append(HEX[(c >> 4) & 0xf])
                        .append(HEX[c & 0xf]);
        }
    }
}
