package dev.floodgate.core.fingerprint;

import static dev.floodgate.core.fingerprint.Attempt.COSTLY;
import static dev.floodgate.core.fingerprint.Attempt.DOUBLE_QUOTE_OPEN;
import static dev.floodgate.core.fingerprint.Attempt.KIND_NUMBER;
import static dev.floodgate.core.fingerprint.Attempt.NONE;
import static dev.floodgate.core.fingerprint.Attempt.SINGLE_QUOTE_OPEN;
import static dev.floodgate.core.fingerprint.Attempt.end;
import static dev.floodgate.core.fingerprint.Attempt.kind;
import static dev.floodgate.core.fingerprint.Attempt.learned;
import static dev.floodgate.core.fingerprint.Attempt.token;
import static dev.floodgate.core.fingerprint.Chars.ASCII;
import static dev.floodgate.core.fingerprint.Chars.CLASSES;
import static dev.floodgate.core.fingerprint.Chars.DIGIT;
import static dev.floodgate.core.fingerprint.Chars.HEX_LETTER;
import static dev.floodgate.core.fingerprint.Chars.LETTER;
import static dev.floodgate.core.fingerprint.Chars.QUOTE;
import static dev.floodgate.core.fingerprint.Chars.isDigit;
import static dev.floodgate.core.fingerprint.Chars.isHexDigit;
import static dev.floodgate.core.fingerprint.Chars.isWordChar;
import static dev.floodgate.core.fingerprint.Chars.letters;
import static dev.floodgate.core.fingerprint.Chars.number;
import static dev.floodgate.core.fingerprint.NumericTokens.bracketedIpv6;
import static dev.floodgate.core.fingerprint.NumericTokens.digitLed;
import static dev.floodgate.core.fingerprint.NumericTokens.hexLed;
import static dev.floodgate.core.fingerprint.NumericTokens.leadingColonsIpv6;
import static dev.floodgate.core.fingerprint.TimeTokens.namedDate;

/**
 * Masks the variable tokens of a rendered or concatenated message so that its repeats share one fingerprint:
 * {@code "Failed for order 12345 from 10.0.0.7:5432"} becomes {@code "Failed for order <n> from <ip>"}.
 *
 * <p>Stateless and thread-safe. {@link #mask(String)} builds the masked text; {@link #scan} finds the tokens without
 * building it or allocating. The readers of the tokens themselves are in {@link NumericTokens} and
 * {@link TimeTokens}. A scan takes time linear in the length of the text, whatever the text: it reads each character
 * a bounded number of times.
 *
 * <p>Tokens, tried in this order where a token may start (a word boundary, or a digit inside a word):
 * <ul>
 *   <li>a quoted string, {@code '...'} or {@code "..."}, opening and closing at word boundaries → the quotes
 *       around {@code <str>};</li>
 *   <li>a date written with a month name ({@code Jul 17}, {@code Sun Jul 17}, {@code Jul 17, 2005}) → {@code <date>};
 *       with a time after it ({@code Jun 14 15:16:01}, {@code Sun Jul 17 01:03:44 2005}) → {@code <timestamp>};</li>
 *   <li>a UUID ({@code 8-4-4-4-12} hex digits) → {@code <uuid>};</li>
 *   <li>{@code 0x} followed by hex digits → {@code <hex>};</li>
 *   <li>a numeric date ({@code 2024-05-01}, {@code 2024/05/01}, {@code 2005.11.09}, {@code 01/05/2024},
 *       {@code 17/06/09}, {@code 10/Oct/2000}) → {@code <date>}; joined to a time by {@code T}, a space or a colon
 *       ({@code 2024-05-01T10:00:00.123Z}, {@code 2015-07-29 17:41:44,747}) → {@code <timestamp>};</li>
 *   <li>a time of day, {@code h:mm} or {@code h:mm:ss} with an optional fraction and zone ({@code 01:03:44},
 *       {@code 10:00:00.123+02:00}) → {@code <time>}; a time is tried before an IPv6 address, so it never is one;</li>
 *   <li>an IPv4 address with an optional {@code :port}, an IPv6 address (hex groups with at least two colons and a
 *       digit, or starting with {@code ::}), or an IPv6 address in brackets with an optional port
 *       ({@code [fe80::1]:8080}) → {@code <ip>};</li>
 *   <li>a word of at least 8 hex digits mixing digits and letters (hashes, ids) → {@code <hex>};</li>
 *   <li>a number followed by a unit of time ({@code 250ms}, {@code 1.5s}, {@code 1h30m}, {@code 3000 ms},
 *       {@code 5 seconds}) → {@code <duration>};</li>
 *   <li>a run of digits, with decimal parts ({@code 1.5}, {@code 10.2.3}) → {@code <n>}, also inside a word
 *       ({@code user42} → {@code user<n>}).</li>
 * </ul>
 * A word boundary is the start or end of the text or any character other than a letter, a digit or {@code _}.
 * A scan spends a budget of {@link #attemptBudget 8 plus one per 12 characters} on the tokens it finds and the
 * places where it tries one by reading past a word's letters and finds none; once it is spent, the rest of the text
 * is masked coarsely: each run of word characters, dots, colons, dashes and slashes that holds a digit becomes
 * {@code <n>} ({@code "1-2-3 and 4"} → {@code "<n> and <n>"}), so that text dense with tokens costs what words cost.
 * The table of examples in {@code src/docs/masking.md} is checked by a test.
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

    /** The kind of a quoted string, whose masked text keeps its quotes around {@link #STRING}. */
    static final int KIND_QUOTED = Attempt.KIND_QUOTED;
    private static final String[] PLACEHOLDERS = {null, NUMBER, HEX, UUID, IP, STRING, DATE, TIME, TIMESTAMP,
        DURATION};
    /** The characters of each placeholder, for {@link #build}. */
    private static final char[][] PLACEHOLDER_CHARS = new char[PLACEHOLDERS.length][];

    static {
        for (int k = 1; k < PLACEHOLDERS.length; k++) {
            PLACEHOLDER_CHARS[k] = PLACEHOLDERS[k].toCharArray();
        }
    }

    /*
     * Attempt budget: the scan spends one unit of MIN_ATTEMPTS + one per CHARS_PER_ATTEMPT characters on each token it
     * finds, and on each COSTLY attempt that finds none: one that read past a word's leading letters (a date, an
     * address, a quote, a hex word...), which its result says with that bit. Once the budget is spent, it masks the
     * rest coarsely, from where the last token or attempt left it. Realistic messages stay inside it; text with a
     * token every few characters, hostile or not, reaches it, and its rest then costs one table look-up per
     * character, as words do. Words that their letters decide cost what reading them costs, and spend nothing.
     */
    private static final int MIN_ATTEMPTS = 8;
    private static final int CHARS_PER_ATTEMPT = 12;

    /** The bit of a place in {@code attempts} that says the attempt there was costly. */
    static final int COSTLY_PLACE = 1 << 30;

    /*
     * Scan classes, as bits: SCAN_WORD for a word character; SCAN_AT_START if it may start a token at a word
     * boundary (a digit, a hex letter, the first letter of a month or weekday name, a quote, '[' or ':'). Inside
     * a word only a digit starts one.
     */
    private static final int SCAN_WORD = 1;
    private static final int SCAN_AT_START = 2;
    /** A character that goes on a run that {@link #coarse} masks. */
    private static final int SCAN_SHAPE = 4;
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
     * boundary where a token was tried and none found: {@code attempts[0]} is the number of entries,
     * {@code attempts[1]} where coarse masking began ({@code n} if it did not), {@code attempts[2]} how much of the
     * {@link #attemptBudget} it spent, then two entries per place: its position, and where the scan went on from
     * there (after the word's leading letters or the character) with {@link #COSTLY_PLACE} set if the attempt was
     * costly ({@link MaskReplay} needs them); needs {@code 3 + 2 * n} entries.
     */
    static int scan(char[] s, int n, int[] tokens, int[] attempts) {
        int count = 0;
        int i = 0;
        // whether s[i - 1] is a word character: then only a digit starts a token at i
        boolean inWord = false;
        // what the attempts so far proved about the text ahead
        long ahead = NONE;
        int budget = attemptBudget(n);
        if (attempts != null) {
            attempts[0] = 0;
            attempts[1] = n;
        }
        while (i < n) {
            if (budget == 0) {
                if (attempts != null) {
                    attempts[1] = i;
                    attempts[2] = attemptBudget(n);
                }
                return coarse(s, i, n, tokens, count);
            }
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
                token = attemptAt(s, i, n, ahead);
                ahead = learned(ahead, token);
                if (kind(token) == 0) {
                    // no token: go on after the word's leading letters, or past the character
                    int costly = (token & COSTLY) != 0 ? COSTLY_PLACE : 0;
                    if (costly != 0) {
                        budget--;
                    }
                    inWord = isWordChar(c);
                    int next = inWord ? end(token) : i + 1;
                    if (attempts != null) {
                        int a = 3 + 2 * attempts[0]++;
                        attempts[a] = i;
                        attempts[a + 1] = next | costly;
                    }
                    i = next;
                    continue;
                }
            }
            int kind = kind(token);
            int end = end(token);
            tokens[2 * count] = i;
            tokens[2 * count + 1] = (int) token;
            count++;
            budget--;
            inWord = kind != KIND_QUOTED && isWordChar(s[end - 1]);
            i = end;
        }
        if (attempts != null) {
            attempts[2] = attemptBudget(n) - budget;
        }
        return count;
    }

    /**
     * Returns how many places a scan of {@code n} characters tries a token at before it masks the rest coarsely
     * ({@link #coarse}): enough for any realistic message, and few enough that trying them costs at most what reading
     * ordinary words of the same length costs.
     */
    static int attemptBudget(int n) {
        return MIN_ATTEMPTS + n / CHARS_PER_ATTEMPT;
    }

    /**
     * Masks {@code s[i, n)} coarsely, after {@link #scan} found tokens up to {@code i} and spent its budget there:
     * each run of word characters, dots, colons, dashes and slashes that holds a digit is a number. Reads each
     * character once.
     *
     * @return the number of tokens, with those of this part added to the {@code count} found before it
     */
    private static int coarse(char[] s, int i, int n, int[] tokens, int count) {
        int c = count;
        int j = i;
        while (j < n) {
            if (!isShapeChar(s[j])) {
                j++;
                continue;
            }
            int start = j;
            boolean digit = false;
            while (j < n && isShapeChar(s[j])) {
                digit |= isDigit(s[j]);
                j++;
            }
            if (digit) {
                tokens[2 * c] = start;
                tokens[2 * c + 1] = (int) token(KIND_NUMBER, j);
                c++;
            }
        }
        return c;
    }

    /**
     * Returns whether {@code c} goes on a run that {@link #coarse} masks: a word character, a dot, a colon, a dash or
     * a slash.
     */
    static boolean isShapeChar(char c) {
        return c < ASCII ? (SCAN_CLASSES[c] & SCAN_SHAPE) != 0 : Character.isLetterOrDigit(c);
    }

    /**
     * Tries the tokens that may start at {@code i}, a word boundary where the character may start one.
     *
     * @param ahead what the attempts before this one proved about the text ahead (from {@link Attempt#learned})
     * @return the token; or, where none starts, the end of the word's leading letters if {@code s[i]} is a word
     *     character (with kind 0); and what the attempt proved about the text ahead
     */
    static long attemptAt(char[] s, int i, int n, long ahead) {
        char c = s[i];
        if (isDigit(c)) {
            return digitLed(s, i, n, ahead);
        }
        if (isWordChar(c)) {
            return letterLed(s, i, n, ahead);
        }
        if (c == '[') {
            return COSTLY | bracketedIpv6(s, i, n, ahead);
        }
        if (c == ':') {
            return COSTLY | leadingColonsIpv6(s, i, n, ahead);
        }
        return c == '\'' || c == '"' ? COSTLY | quoted(s, i, n, c, ahead) : NONE;
    }

    /**
     * Returns where the characters end that decide the attempt at {@code i}: an exclusive bound such that, with the
     * same {@code ahead}, the attempt returns the same result (kind, end, letters, costly bit and what it proved) in
     * every text whose first that many characters are these, none of them past its end; {@link Integer#MAX_VALUE}
     * where no such bound is known without reading further. A {@link MaskReplay} does not re-run an attempt that this
     * bound shows to read only what the text it was made of shares with the text it replays.
     *
     * @param inWord whether the attempt is {@link #attemptInWord}, else {@link #attemptAt}
     * @param shapeEnd {@link NumericTokens#shapeEnd} at {@code i}, which the caller keeps from one attempt to the next
     *     in the same shape so that the attempts of a text read it once
     */
    static int decidedBy(char[] s, int i, int n, boolean inWord, int shapeEnd) {
        char c = s[i];
        if (inWord) {
            // a number in a word: its digits and decimal parts, and the two characters after them
            return number(s, i, n) + 2;
        }
        if (isDigit(c)) {
            return NumericTokens.digitLedDecidedBy(s, i, n, shapeEnd);
        }
        if (isWordChar(c)) {
            int j = letters(s, i + 1, n);
            if (!looksPastLetters(s, i, j, n)) {
                return j + 1;
            }
            // a date with a month name may read far; the hex-led tokens lie in the shape
            return namedDateTried(s, i, j, n) ? Integer.MAX_VALUE : shapeEnd + 4;
        }
        if (c == ':') {
            // an address that starts with "::" reads its run; else the two characters after the colon decide
            return i + 2 < n && s[i + 1] == ':' && isHexDigit(s[i + 2]) ? Integer.MAX_VALUE : i + 3;
        }
        // a quote reads to its closing quote, a bracket to the end of its address
        return c == '\'' || c == '"' || c == '[' ? Integer.MAX_VALUE : i + 1;
    }

    /** Returns the token in a word that starts at {@code i}, where only a number can start one, or {@link Attempt#NONE}. */
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
     * letters end at {@code j}; {@code n} if it may read to the end of the text; -1 if it reads to the end of the
     * token's shape ({@link NumericTokens#shapeEnd}), where the hex-led tokens lie.
     */
    static int letterLedReach(char[] s, int i, int j, int n) {
        if (!looksPastLetters(s, i, j, n)) {
            return j;
        }
        // a date with a month name may read far
        return namedDateTried(s, i, j, n) ? n : -1;
    }

    private static boolean namedDateTried(char[] s, int i, int j, int n) {
        char c = s[i];
        return j - i == 3 && c <= 'W' && c >= 'A' && !(j < n && isDigit(s[j]));
    }

    /**
     * Returns the token that a word starting at {@code i} with a letter begins (a date with a month name, or a
     * hex-led token), or, if none, the end of the word's leading letters with kind 0; as {@link #attemptAt} returns
     * it.
     */
    private static long letterLed(char[] s, int i, int n, long ahead) {
        int j = letters(s, i + 1, n);
        if (!looksPastLetters(s, i, j, n)) {
            return j;
        }
        long token = COSTLY | (namedDateTried(s, i, j, n) ? namedDate(s, i, n) : hexLed(s, i, n, ahead));
        return kind(token) == 0 ? token | j : token;
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
        char[] masked = new char[maskedLength];
        int at = 0;
        int m = 0;
        for (int t = 0; t < count; t++) {
            int start = tokenStart(tokens, t);
            int end = tokenEnd(tokens, t);
            int kind = tokenKind(tokens, t);
            m = copy(s, at, masked, m, start - at);
            char[] placeholder = PLACEHOLDER_CHARS[kind];
            if (kind == KIND_QUOTED) {
                masked[m++] = s[start];
                m = copy(placeholder, 0, masked, m, placeholder.length);
                masked[m++] = s[end - 1];
            } else {
                m = copy(placeholder, 0, masked, m, placeholder.length);
            }
            at = end;
        }
        copy(s, at, masked, m, length - at);
        return new String(masked);
    }

    /** Copies {@code length} characters to {@code to} at {@code m} and returns the position after them. */
    private static int copy(char[] from, int at, char[] to, int m, int length) {
        if (length < 16) {
            // the few characters between two tokens, or a placeholder: a loop costs less than the bulk copy's call
            for (int k = 0; k < length; k++) {
                to[m + k] = from[at + k];
            }
        } else {
            System.arraycopy(from, at, to, m, length);
        }
        return m + length;
    }

    /**
     * A quoted string that opens at {@code open}: up to the first quote of the same kind followed by a word boundary.
     * Where none closes, none closes for any later opening either, which the result records.
     */
    private static long quoted(char[] s, int open, int n, char quote, long ahead) {
        long unclosed = quote == '"' ? DOUBLE_QUOTE_OPEN : SINGLE_QUOTE_OPEN;
        if ((ahead & unclosed) != 0) {
            return NONE;
        }
        for (int j = open + 1; j < n; j++) {
            if (s[j] == quote && (j + 1 == n || !isWordChar(s[j + 1]))) {
                return token(KIND_QUOTED, j + 1);
            }
        }
        return unclosed;
    }

    private static byte[] scanClasses() {
        byte[] classes = new byte[ASCII];
        for (char c = 0; c < ASCII; c++) {
            int cls = CLASSES[c];
            boolean word = cls == LETTER || cls == HEX_LETTER || cls == DIGIT;
            boolean atStart = cls == DIGIT || cls == HEX_LETTER || "JMSONTW".indexOf(c) >= 0 || cls == QUOTE
                    || c == '[' || c == ':';
            boolean shape = word || c == '.' || c == ':' || c == '-' || c == '/';
            classes[c] = (byte) ((word ? SCAN_WORD : 0) | (atStart ? SCAN_AT_START : 0) | (shape ? SCAN_SHAPE : 0));
        }
        return classes;
    }

}
