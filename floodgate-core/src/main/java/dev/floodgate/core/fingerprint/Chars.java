package dev.floodgate.core.fingerprint;

/**
 * Character classes and digit runs, for the masking scan and its token readers: which characters are word
 * characters, digits and hex digits, and small readers of numbers. Stateless.
 */
final class Chars {

    static final int ASCII = 128;
    static final byte OTHER = 0;
    static final byte LETTER = 1;
    static final byte DIGIT = 2;
    static final byte HEX_LETTER = 3;
    static final byte QUOTE = 4;
    /** Character classes of ASCII: letters and {@code _} (hex letters apart), digits, quotes, the rest. */
    static final byte[] CLASSES = classes();
    /** Whether each ASCII character is a word character: a letter, a digit or {@code _}. */
    private static final boolean[] WORD = words();
    /** Whether each ASCII character is a word character other than a digit: a letter or {@code _}. */
    private static final boolean[] LETTERS = letterRun();
    /** Whether each ASCII character ends a plain number: neither a word character nor a dot, colon, dash or slash. */
    private static final boolean[] PLAIN_END = plainEnds();

    private Chars() {
    }

    static int number(char[] s, int i, int n) {
        int j = i;
        while (j < n && isDigit(s[j])) {
            j++;
        }
        return decimals(s, j, n);
    }

    /** Returns the end of the number whose first run of digits ends at {@code j}: after its decimal parts. */
    static int decimals(char[] s, int j, int n) {
        while (j + 1 < n && s[j] == '.' && isDigit(s[j + 1])) {
            j += 2;
            while (j < n && isDigit(s[j])) {
                j++;
            }
        }
        return j;
    }

    /** Returns whether {@code length} characters of {@code s} at {@code i} equal those of {@code text} at {@code k}. */
    static boolean same(char[] s, int i, CharSequence text, int k, int length) {
        if (k + length > text.length()) {
            return false;
        }
        for (int x = 0; x < length; x++) {
            if (s[i + x] != text.charAt(k + x)) {
                return false;
            }
        }
        return true;
    }

    /** Returns the number of ASCII digits at {@code i}, counting at most {@code max}. */
    static int digits(char[] s, int i, int n, int max) {
        int j = i;
        while (j < n && j - i < max && isDigit(s[j])) {
            j++;
        }
        return j - i;
    }

    /** Returns the value of {@code digits} ASCII digits at {@code i}. */
    static int value(char[] s, int i, int digits) {
        int v = 0;
        for (int k = 0; k < digits; k++) {
            v = 10 * v + s[i + k] - '0';
        }
        return v;
    }

    /** Returns whether a run of digits followed by {@code c} can only be a number (or a duration). */
    static boolean isPlainEnd(char c) {
        return c < ASCII && PLAIN_END[c];
    }

    static boolean boundaryAt(char[] s, int j, int n) {
        return j >= n || !isWordChar(s[j]);
    }

    static boolean isDigit(char c) {
        return (char) (c - '0') < 10;
    }

    static boolean isHexDigit(char c) {
        return c < ASCII && (CLASSES[c] == DIGIT || CLASSES[c] == HEX_LETTER);
    }

    static boolean isHexLetter(char c) {
        return c < ASCII && CLASSES[c] == HEX_LETTER;
    }

    static boolean isWordChar(char c) {
        return c < ASCII ? WORD[c] : Character.isLetterOrDigit(c);
    }

    /** Returns the end of the run of word characters other than ASCII digits that starts at {@code i}. */
    static int letters(char[] s, int i, int n) {
        int j = i;
        while (j < n && isLetter(s[j])) {
            j++;
        }
        return j;
    }

    /** Returns whether {@code c} goes on a run of {@link #letters}: a word character other than an ASCII digit. */
    static boolean isLetter(char c) {
        return c < ASCII ? LETTERS[c] : Character.isLetterOrDigit(c);
    }

    private static boolean[] letterRun() {
        boolean[] run = new boolean[ASCII];
        for (char c = 0; c < ASCII; c++) {
            run[c] = CLASSES[c] == LETTER || CLASSES[c] == HEX_LETTER;
        }
        return run;
    }

    private static boolean[] plainEnds() {
        boolean[] ends = new boolean[ASCII];
        for (char c = 0; c < ASCII; c++) {
            ends[c] = CLASSES[c] != LETTER && CLASSES[c] != HEX_LETTER && CLASSES[c] != DIGIT && c != '.' && c != ':'
                    && c != '-' && c != '/';
        }
        return ends;
    }

    private static boolean[] words() {
        boolean[] words = new boolean[ASCII];
        for (char c = 0; c < ASCII; c++) {
            words[c] = CLASSES[c] == LETTER || CLASSES[c] == DIGIT || CLASSES[c] == HEX_LETTER;
        }
        return words;
    }

    private static byte[] classes() {
        byte[] classes = new byte[ASCII];
        for (char c = 0; c < ASCII; c++) {
            boolean letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
            boolean hexLetter = (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
            classes[c] = c >= '0' && c <= '9' ? DIGIT : hexLetter ? HEX_LETTER : letter ? LETTER
                    : c == '\'' || c == '"' ? QUOTE : OTHER;
        }
        return classes;
    }
}
