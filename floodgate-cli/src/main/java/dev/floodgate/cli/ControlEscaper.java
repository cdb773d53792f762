package dev.floodgate.cli;

/**
 * Escapes the characters of log text that act on a terminal or a reader instead of showing: C0 controls (NUL, ESC,
 * CR, LF, tab, ...), DEL, C1 controls, the Unicode line and paragraph separators and the bidirectional formatting
 * characters. The tool escapes with it every text from a log that it prints itself: the report, the values of the
 * summary lines it writes (message, logger, level) and the input quoted in its error messages. Lines of the log
 * that it passes on are left as they were.
 *
 * <p>{@code \n}, {@code \r} and {@code \t} are written so; every other such character as a backslash, {@code u} and
 * four lower-case hex digits, as in JSON (<code>&#92;u001b</code> for ESC, <code>&#92;u202e</code> for RIGHT-TO-LEFT
 * OVERRIDE). A backslash is left as it is, so that text escaped once comes out of a second pass unchanged.
 *
 * <p>Stateless. Text with nothing to escape is returned as it is, without allocating.
 */
final class ControlEscaper {

    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private ControlEscaper() {
    }

    /** Returns {@code s} with every character that {@link #needsEscape} escaped; null stays null. */
    static String escape(String s) {
        if (s == null) {
            return null;
        }
        int first = 0;
        while (first < s.length() && !needsEscape(s.charAt(first))) {
            first++;
        }
        if (first == s.length()) {
            return s;
        }
        StringBuilder sb = new StringBuilder(s.length() + 16);
        sb.append(s, 0, first);
        for (int i = first; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!needsEscape(c)) {
                sb.append(c);
            } else if (c == '\n') {
                sb.append("\\n");
            } else if (c == '\r') {
                sb.append("\\r");
            } else if (c == '\t') {
                sb.append("\\t");
            } else {
                sb.append("\\u").append(HEX[c >> 12]).append(HEX[(c >> 8) & 15]).append(HEX[(c >> 4) & 15])
                        .append(HEX[c & 15]);
            }
        }
        return sb.toString();
    }

    /**
     * Returns whether {@code c} is escaped: a C0 control (U+0000 to U+001F), DEL (U+007F), a C1 control (U+0080 to
     * U+009F), the line or paragraph separator (U+2028, U+2029), or a bidirectional formatting character (U+061C,
     * U+200E, U+200F, U+202A to U+202E, U+2066 to U+2069).
     */
    static boolean needsEscape(char c) {
        if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) {
            return true;
        }
        if (c < 0x061c) {
            return false;
        }
        return c == 0x061c || c == 0x200e || c == 0x200f || (c >= 0x2028 && c <= 0x202e)
                || (c >= 0x2066 && c <= 0x2069);
    }
}
