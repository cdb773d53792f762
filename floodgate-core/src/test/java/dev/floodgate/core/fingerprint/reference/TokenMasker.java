package dev.floodgate.core.fingerprint.reference;

import static dev.floodgate.core.fingerprint.reference.Chars.ASCII;
import static dev.floodgate.core.fingerprint.reference.Chars.CLASSES;
import static dev.floodgate.core.fingerprint.reference.Chars.DIGIT;
import static dev.floodgate.core.fingerprint.reference.Chars.HEX_LETTER;
import static dev.floodgate.core.fingerprint.reference.Chars.LETTER;
import static dev.floodgate.core.fingerprint.reference.Chars.QUOTE;
import static dev.floodgate.core.fingerprint.reference.Chars.isDigit;
import static dev.floodgate.core.fingerprint.reference.Chars.isHexDigit;
import static dev.floodgate.core.fingerprint.reference.Chars.isWordChar;
import static dev.floodgate.core.fingerprint.reference.Chars.letters;
import static dev.floodgate.core.fingerprint.reference.Chars.number;
import static dev.floodgate.core.fingerprint.reference.NumericTokens.bracketedIpv6;
import static dev.floodgate.core.fingerprint.reference.NumericTokens.digitLed;
import static dev.floodgate.core.fingerprint.reference.NumericTokens.hexLed;
import static dev.floodgate.core.fingerprint.reference.NumericTokens.leadingColonsIpv6;
import static dev.floodgate.core.fingerprint.reference.NumericTokens.shape;
import static dev.floodgate.core.fingerprint.reference.NumericTokens.span;
import static dev.floodgate.core.fingerprint.reference.TimeTokens.namedDate;

/**
 * The token masking as it was before the scan was made linear in the length of the text, kept as the oracle that
 * the linear scan must agree with ({@code TokenMaskerReferenceTest}, {@code ScanReadsTest}). The four classes of
 * this package are the production classes of that version, unchanged but for their package and this comment, and
 * {@link #scan} made public. Some shapes of text cost it time quadratic in their length.
 */
public final class TokenMasker {

    /** Placeholder of a number. */
    public static final String NUMBER = "<n>";
    /** Placeholder of a hexadecimal token. */
    public static final String HEX = "<hex>";
    /** Placeholder of a UUID. */
    public static final String UUID = "<uuid>";
    /** Placeholder of an IP address, with its port if it has one. */
    public static final String IP = "<ip>";
    /** Placeholder of the content of a quoted string. */
    public static final String STRING = "<str>";
    /** Placeholder of a date. */
    public static final String DATE = "<date>";
    /** Placeholder of a time of day. */
    public static final String TIME = "<time>";
    /** Placeholder of a date with a time. */
    public static final String TIMESTAMP = "<timestamp>";
    /** Placeholder of a duration: a number with a unit of time. */
    public static final String DURATION = "<duration>";

    static final int KIND_NUMBER = 1;
    static final int KIND_HEX = 2;
    static final int KIND_UUID = 3;
    static final int KIND_IP = 4;
    static final int KIND_QUOTED = 5;
    static final int KIND_DATE = 6;
    static final int KIND_TIME = 7;
    static final int KIND_TIMESTAMP = 8;
    static final int KIND_DURATION = 9;
    private static final String[] PLACEHOLDERS = {null, NUMBER, HEX, UUID, IP, STRING, DATE, TIME, TIMESTAMP,
        DURATION};

    /** What {@link #token} returns where no token starts. */
    static final long NONE = -1L;
    /*
     * Scan classes, as bits: SCAN_WORD for a word character; SCAN_AT_START if it may start a token at a word
     * boundary (a digit, a hex letter, the first letter of a month or weekday name, a quote, '[' or ':'). Inside
     * a word only a digit starts one.
     */
    private static final int SCAN_WORD = 1;
    private static final int SCAN_AT_START = 2;
    private static final byte[] SCAN_CLASSES = scanClasses();

    private TokenMasker() {
    }

    /**
     * {@return {@code text} with its variable tokens replaced by placeholders}
     *
     * @param text a message
     */
    public static String mask(String text) {
        return mask(text, text.length());
    }

    /**
     * {@return the first {@code length} characters of {@code text} with their variable tokens masked}
     *
     * @param text a message
     * @param length how many characters of {@code text} to mask, at most its length
     */
    public static String mask(String text, int length) {
        char[] chars = new char[length];
        text.getChars(0, length, chars, 0);
        int[] tokens = new int[2 * length];
        int count = scan(chars, length, tokens);
        return count == 0 ? text.substring(0, length) : build(chars, length, tokens, count,
                maskedLength(length, tokens, count));
    }

    /**
     * Finds the tokens of the first {@code n} characters of {@code s}, without building the masked text or
     * allocating.
     *
     * @param tokens receives two entries per token: its start, and its end with its kind in the top 4 bits; needs
     *     {@code 2 * n} entries
     * @return the number of tokens
     */
    static int scan(char[] s, int n, int[] tokens) {
        return scan(s, n, tokens, null);
    }

    /**
     * Like {@link #scan(char[], int, int[])}, and also notes, if {@code attempts} is not null, every place at a word
     * boundary where a token was tried and none found: {@code attempts[0]} is the number of entries, then two per
     * place, its position and what {@link #attemptAt} returned there (the replay of a masked key needs them).
     */
    public static int scan(char[] s, int n, int[] tokens, int[] attempts) {
        int count = 0;
        int i = 0;
        // whether s[i - 1] is a word character: then only a digit starts a token at i
        boolean inWord = false;
        while (i < n) {
            char c = s[i];
            long token;
            if (inWord) {
                if (isDigit(c)) {
                    token = token(KIND_NUMBER, number(s, i, n));
                } else {
                    if (isWordChar(c)) {
                        i = letters(s, i + 1, n);
                    } else {
                        inWord = false;
                        i++;
                    }
                    continue;
                }
            } else {
                int cls = c < ASCII ? SCAN_CLASSES[c] : Character.isLetterOrDigit(c) ? SCAN_WORD : 0;
                if ((cls & SCAN_AT_START) == 0) {
                    if ((cls & SCAN_WORD) != 0) {
                        i = letters(s, i + 1, n);
                        inWord = true;
                    } else {
                        i++;
                    }
                    continue;
                }
                token = attemptAt(s, i, n);
                if (token < 0) {
                    if (attempts != null) {
                        int a = 1 + 2 * attempts[0]++;
                        attempts[a] = i;
                        attempts[a + 1] = (int) token;
                    }
                    // no token: after a word's leading letters (minus their end), or past the character
                    inWord = isWordChar(c);
                    i = inWord ? (int) -token : i + 1;
                    continue;
                }
            }
            int kind = kind(token);
            int end = end(token);
            tokens[2 * count] = i;
            tokens[2 * count + 1] = end | kind << 28;
            count++;
            inWord = kind != KIND_QUOTED && isWordChar(s[end - 1]);
            i = end;
        }
        return count;
    }

    /**
     * Tries the tokens that may start at {@code i}, a word boundary where the character may start one.
     *
     * @return the token; or, where none starts, minus the end of the word's leading letters if {@code s[i]} is a
     *     word character, else {@link #NONE}
     */
    static long attemptAt(char[] s, int i, int n) {
        char c = s[i];
        if (isDigit(c)) {
            return digitLed(s, i, n);
        }
        if (isWordChar(c)) {
            return letterLed(s, i, n);
        }
        return c == '[' ? bracketedIpv6(s, i, n) : c == ':' ? leadingColonsIpv6(s, i, n) : quoted(s, i, n, c);
    }

    /** Returns the token in a word that starts at {@code i}, where only a number can start one, or {@link #NONE}. */
    static long attemptInWord(char[] s, int i, int n) {
        return isDigit(s[i]) ? token(KIND_NUMBER, number(s, i, n)) : NONE;
    }

    /**
     * Returns whether {@link #letterLed} must look past the word's leading letters {@code s[i, j)} and the
     * character after them to know whether a token starts at {@code i}.
     */
    private static boolean looksPastLetters(char[] s, int i, int j, int n) {
        char c = s[i];
        char next = j < n ? s[j] : ' ';
        return (j - i == 3 && c <= 'W' && c >= 'A' && !isDigit(next))
                || (isHexDigit(c) && (isDigit(next) || next == '-' || next == ':'));
    }

    /**
     * Returns the last position that {@link #letterLed} reads to decide at {@code i}, where the word's leading
     * letters end at {@code j}; {@code n} if it may read to the end of the text.
     */
    static int letterLedReach(char[] s, int i, int j, int n) {
        if (!looksPastLetters(s, i, j, n)) {
            return j;
        }
        // a date with a month name may read far; the hex-led tokens lie within the token's shape
        return namedDateTried(s, i, j, n) ? n : Math.min(n, i + span(shape(s, i, n)));
    }

    private static boolean namedDateTried(char[] s, int i, int j, int n) {
        char c = s[i];
        return j - i == 3 && c <= 'W' && c >= 'A' && !(j < n && isDigit(s[j]));
    }

    /**
     * Returns the token that a word starting at {@code i} with a letter begins (a date with a month name, or a
     * hex-led token), or, if none, minus the end of the word's leading letters.
     */
    private static long letterLed(char[] s, int i, int n) {
        int j = letters(s, i + 1, n);
        if (!looksPastLetters(s, i, j, n)) {
            return -j;
        }
        long token = namedDateTried(s, i, j, n) ? namedDate(s, i, n) : hexLed(s, i, n);
        return token == NONE ? -j : token;
    }

    /** Returns the length of the masked text of {@code n} characters with the {@code count} tokens of a scan. */
    static int maskedLength(int n, int[] tokens, int count) {
        int length = n;
        for (int t = 0; t < count; t++) {
            int kind = tokenKind(tokens, t);
            length += PLACEHOLDERS[kind].length() + (kind == KIND_QUOTED ? 2 : 0)
                    - (tokenEnd(tokens, t) - tokenStart(tokens, t));
        }
        return length;
    }

    /** Returns the start of token {@code t} of a {@link #scan}. */
    static int tokenStart(int[] tokens, int t) {
        return tokens[2 * t];
    }

    /** Returns the end of token {@code t} of a {@link #scan}. */
    static int tokenEnd(int[] tokens, int t) {
        return tokens[2 * t + 1] & 0x0FFFFFFF;
    }

    /** Returns the kind of token {@code t} of a {@link #scan}. */
    static int tokenKind(int[] tokens, int t) {
        return tokens[2 * t + 1] >>> 28;
    }

    /** Returns the placeholder of a token kind. */
    static String placeholder(int kind) {
        return PLACEHOLDERS[kind];
    }

    /** Builds the masked text of the first {@code length} characters of {@code s} from its {@link #scan}. */
    static String build(char[] s, int length, int[] tokens, int count, int maskedLength) {
        StringBuilder sb = new StringBuilder(maskedLength);
        int at = 0;
        for (int t = 0; t < count; t++) {
            int start = tokenStart(tokens, t);
            int end = tokenEnd(tokens, t);
            int kind = tokenKind(tokens, t);
            sb.append(s, at, start - at);
            if (kind == KIND_QUOTED) {
                sb.append(s[start]).append(STRING).append(s[end - 1]);
            } else {
                sb.append(PLACEHOLDERS[kind]);
            }
            at = end;
        }
        return sb.append(s, at, length - at).toString();
    }

    static int kind(long token) {
        return (int) (token >>> 32);
    }

    static int end(long token) {
        return (int) token;
    }

    static long token(int kind, int end) {
        return ((long) kind << 32) | end;
    }

    private static long quoted(char[] s, int open, int n, char quote) {
        for (int j = open + 1; j < n; j++) {
            if (s[j] == quote && (j + 1 == n || !isWordChar(s[j + 1]))) {
                return token(KIND_QUOTED, j + 1);
            }
        }
        return NONE;
    }

    private static byte[] scanClasses() {
        byte[] classes = new byte[ASCII];
        for (char c = 0; c < ASCII; c++) {
            int cls = CLASSES[c];
            boolean word = cls == LETTER || cls == HEX_LETTER || cls == DIGIT;
            boolean atStart = cls == DIGIT || cls == HEX_LETTER || "JMSONTW".indexOf(c) >= 0 || cls == QUOTE
                    || c == '[' || c == ':';
            classes[c] = (byte) ((word ? SCAN_WORD : 0) | (atStart ? SCAN_AT_START : 0));
        }
        return classes;
    }

}
