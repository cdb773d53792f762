package dev.floodgate.core.fingerprint;

/**
 * Masks the variable tokens of a rendered or concatenated message so that its repeats share one fingerprint:
 * {@code "Failed for order 12345 from 10.0.0.7"} becomes {@code "Failed for order <n> from <ip>"}.
 *
 * <p>Stateless and thread-safe. {@link #mask(char[], int, char[])} masks into a caller's buffer without allocating,
 * so a message can be looked up by its masked form without building a string; {@link #mask(String)} builds one.
 *
 * <p>Tokens, tried in this order at each position:
 * <ul>
 *   <li>a quoted string, {@code '...'} or {@code "..."}, opening and closing at word boundaries → the quotes
 *       around {@code <str>};</li>
 *   <li>a UUID ({@code 8-4-4-4-12} hex digits) → {@code <uuid>};</li>
 *   <li>{@code 0x} followed by hex digits → {@code <hex>};</li>
 *   <li>an IPv4 address with an optional {@code :port}, or an IPv6 address (hex groups with at least two colons
 *       and a digit) → {@code <ip>};</li>
 *   <li>a word of at least 8 hex digits mixing digits and letters (hashes, ids) → {@code <hex>};</li>
 *   <li>a run of digits, with decimal parts ({@code 1.5}, {@code 10.2.3}) → {@code <n>}, also inside a word
 *       ({@code user42} → {@code user<n>}).</li>
 * </ul>
 * A word boundary is the start or end of the text or any character other than a letter, a digit or {@code _}.
 */
public final class TokenMasker {

    /** Placeholder of a number. */
    public static final String NUMBER = "<n>";
    /** Placeholder of a hexadecimal token. */
    public static final String HEX = "<hex>";
    /** Placeholder of a UUID. */
    public static final String UUID = "<uuid>";
    /** Placeholder of an IP address. */
    public static final String IP = "<ip>";
    /** Placeholder of the content of a quoted string. */
    public static final String STRING = "<str>";

    private static final int KIND_LITERAL = 0;
    private static final int KIND_NUMBER = 1;
    private static final int KIND_HEX = 2;
    private static final int KIND_UUID = 3;
    private static final int KIND_IP = 4;
    private static final int KIND_QUOTED = 5;
    private static final String[] PLACEHOLDERS = {null, NUMBER, HEX, UUID, IP, STRING};
    private static final int MIN_HEX_WORD = 8;
    private static final int ASCII = 128;
    private static final byte WORD_CLASS = 1;
    private static final byte HEX_CLASS = 2;
    /** Character classes of ASCII: letters, digits and {@code _} are word characters; digits and a–f are hex. */
    private static final byte[] CLASSES = classes();

    private TokenMasker() {
    }

    /** Returns {@code text} with its variable tokens replaced by placeholders. */
    public static String mask(String text) {
        return mask(text, text.length());
    }

    /** Returns the first {@code length} characters of {@code text} with their variable tokens masked. */
    public static String mask(String text, int length) {
        char[] in = new char[length];
        text.getChars(0, length, in, 0);
        char[] out = new char[maxMaskedLength(length)];
        return new String(out, 0, maskedLength(mask(in, length, out)));
    }

    /** Returns the most characters {@link #mask(char[], int, char[])} can write for {@code length} input ones. */
    public static int maxMaskedLength(int length) {
        // the widest expansion is an empty quoted string: 2 characters become 7
        return length * 4;
    }

    /**
     * Masks the first {@code length} characters of {@code in} into {@code out} without allocating; {@code out} needs
     * {@link #maxMaskedLength} characters.
     *
     * @return the number of characters written and whether any token was masked, packed: read them with
     *     {@link #maskedLength} and {@link #hasTokens}
     */
    public static long mask(char[] in, int length, char[] out) {
        int n = 0;
        boolean masked = false;
        int i = 0;
        while (i < length) {
            long token = token(in, i, length);
            int kind = kind(token);
            int end = end(token);
            if (kind == KIND_LITERAL) {
                System.arraycopy(in, i, out, n, end - i);
                n += end - i;
            } else if (kind == KIND_QUOTED) {
                masked = true;
                out[n++] = in[i];
                n = put(out, n, STRING);
                out[n++] = in[end - 1];
            } else {
                masked = true;
                n = put(out, n, PLACEHOLDERS[kind]);
            }
            i = end;
        }
        return n | (masked ? 1L << 32 : 0L);
    }

    /** Returns the number of characters a {@link #mask(char[], int, char[])} result says it wrote. */
    public static int maskedLength(long result) {
        return (int) result;
    }

    /** Returns whether a {@link #mask(char[], int, char[])} result saw at least one token. */
    public static boolean hasTokens(long result) {
        return (result >>> 32) != 0;
    }

    private static int put(char[] out, int n, String placeholder) {
        int length = placeholder.length();
        placeholder.getChars(0, length, out, n);
        return n + length;
    }

    private static int kind(long token) {
        return (int) (token >>> 32);
    }

    private static int end(long token) {
        return (int) token;
    }

    private static long token(int kind, int end) {
        return ((long) kind << 32) | end;
    }

    /**
     * Returns the token starting at {@code i} packed as (kind, end); a literal token is a run of characters that
     * contains nothing to mask: one character, or a whole word without digits (no token kind matches inside it).
     */
    private static long token(char[] s, int i, int length) {
        char c = s[i];
        boolean atBoundary = i == 0 || !isWordChar(s[i - 1]);
        if (atBoundary && (c == '\'' || c == '"')) {
            int close = closingQuote(s, i, length, c);
            return token(close < 0 ? KIND_LITERAL : KIND_QUOTED, close < 0 ? i + 1 : close + 1);
        }
        if (atBoundary && isWordChar(c) && !isDigit(c)) {
            int end = digitFreeWordEnd(s, i, length);
            if (end > 0) {
                return token(KIND_LITERAL, end);
            }
        }
        if (!isHexDigit(c)) {
            return token(KIND_LITERAL, i + 1);
        }
        if (atBoundary) {
            long shape = shape(s, i, length);
            int span = (int) shape;
            int dots = (int) (shape >>> 32) & 0xFFFF;
            int colons = (int) (shape >>> 48);
            int end = span >= 36 ? uuid(s, i, length) : -1;
            if (end > 0) {
                return token(KIND_UUID, end);
            }
            end = c == '0' && span >= 3 ? prefixedHex(s, i, length) : -1;
            if (end > 0) {
                return token(KIND_HEX, end);
            }
            end = dots >= 3 && isDigit(c) ? ipv4(s, i, length) : -1;
            if (end < 0 && colons >= 2) {
                end = ipv6(s, i, length);
            }
            if (end > 0) {
                return token(KIND_IP, end);
            }
            end = span >= MIN_HEX_WORD ? hexWord(s, i, length) : -1;
            if (end > 0) {
                return token(KIND_HEX, end);
            }
        }
        if (isDigit(c)) {
            return token(KIND_NUMBER, number(s, i, length));
        }
        return token(KIND_LITERAL, i + 1);
    }

    /**
     * Measures the run of word characters, dots, colons and dashes starting at {@code i}, in which every
     * hex-led token must lie: its length (low 32 bits), its dots (bits 32–47) and its colons (bits 48–63), so
     * that only the token kinds its shape allows are tried.
     */
    private static long shape(char[] s, int i, int length) {
        int j = i;
        long dots = 0;
        long colons = 0;
        while (j < length) {
            char c = s[j];
            if (c == '.') {
                dots++;
            } else if (c == ':') {
                colons++;
            } else if (c != '-' && !isWordChar(c)) {
                break;
            }
            j++;
        }
        return (j - i) | (Math.min(dots, 0xFFFF) << 32) | (Math.min(colons, 0xFFFF) << 48);
    }

    /** Returns the end of the word starting at {@code i} if it holds no digit, else -1. */
    private static int digitFreeWordEnd(char[] s, int i, int length) {
        int j = i;
        while (j < length) {
            char c = s[j];
            if (isDigit(c)) {
                return -1;
            }
            if (!isWordChar(c)) {
                break;
            }
            j++;
        }
        return j;
    }

    private static int closingQuote(char[] s, int open, int length, char quote) {
        for (int j = open + 1; j < length; j++) {
            if (s[j] == quote && (j + 1 == length || !isWordChar(s[j + 1]))) {
                return j;
            }
        }
        return -1;
    }

    private static int uuid(char[] s, int i, int length) {
        int end = i + 36;
        if (end > length || (end < length && isWordChar(s[end]))) {
            return -1;
        }
        for (int k = 0; k < 36; k++) {
            char c = s[i + k];
            boolean dash = k == 8 || k == 13 || k == 18 || k == 23;
            if (dash ? c != '-' : !isHexDigit(c)) {
                return -1;
            }
        }
        return end;
    }

    private static int prefixedHex(char[] s, int i, int length) {
        if (s[i] != '0' || i + 2 >= length || (s[i + 1] | 0x20) != 'x' || !isHexDigit(s[i + 2])) {
            return -1;
        }
        int j = i + 2;
        while (j < length && isHexDigit(s[j])) {
            j++;
        }
        return j < length && isWordChar(s[j]) ? -1 : j;
    }

    private static int ipv4(char[] s, int i, int length) {
        int j = i;
        for (int part = 0; part < 4; part++) {
            if (part > 0) {
                if (j >= length || s[j] != '.') {
                    return -1;
                }
                j++;
            }
            int digits = 0;
            while (j < length && isDigit(s[j]) && digits < 4) {
                j++;
                digits++;
            }
            if (digits == 0 || digits > 3) {
                return -1;
            }
        }
        if (j + 1 < length && s[j] == ':' && isDigit(s[j + 1])) {
            j++;
            while (j < length && isDigit(s[j])) {
                j++;
            }
        }
        return j < length && (isWordChar(s[j]) || s[j] == '.' && j + 1 < length
                && isDigit(s[j + 1])) ? -1 : j;
    }

    private static int ipv6(char[] s, int i, int length) {
        int j = i;
        int colons = 0;
        boolean digit = false;
        while (j < length) {
            char c = s[j];
            if (c == ':') {
                colons++;
            } else if (isHexDigit(c)) {
                digit |= isDigit(c);
            } else if (c != '.') {
                break;
            }
            j++;
        }
        while (j > i && s[j - 1] == '.') {
            j--;
        }
        if (colons < 2 || !digit || (j < length && isWordChar(s[j]))) {
            return -1;
        }
        return j;
    }

    private static int hexWord(char[] s, int i, int length) {
        int j = i;
        boolean digit = false;
        boolean letter = false;
        while (j < length && isHexDigit(s[j])) {
            if (isDigit(s[j])) {
                digit = true;
            } else {
                letter = true;
            }
            j++;
        }
        if (j - i < MIN_HEX_WORD || !digit || !letter || (j < length && isWordChar(s[j]))) {
            return -1;
        }
        return j;
    }

    private static int number(char[] s, int i, int length) {
        int j = i;
        while (j < length && isDigit(s[j])) {
            j++;
        }
        while (j + 1 < length && s[j] == '.' && isDigit(s[j + 1])) {
            j += 2;
            while (j < length && isDigit(s[j])) {
                j++;
            }
        }
        return j;
    }

    private static boolean isDigit(char c) {
        return (char) (c - '0') < 10;
    }

    private static boolean isHexDigit(char c) {
        return c < ASCII && (CLASSES[c] & HEX_CLASS) != 0;
    }

    private static boolean isWordChar(char c) {
        return c < ASCII ? (CLASSES[c] & WORD_CLASS) != 0 : Character.isLetterOrDigit(c);
    }

    private static byte[] classes() {
        byte[] classes = new byte[ASCII];
        for (char c = 0; c < ASCII; c++) {
            boolean digit = c >= '0' && c <= '9';
            boolean letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
            boolean hexLetter = (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
            classes[c] = (byte) ((digit || letter || c == '_' ? WORD_CLASS : 0) | (digit || hexLetter ? HEX_CLASS : 0));
        }
        return classes;
    }
}
