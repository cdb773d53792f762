package dev.floodgate.core.fingerprint;

import static dev.floodgate.core.fingerprint.Attempt.KIND_DATE;
import static dev.floodgate.core.fingerprint.Attempt.KIND_DURATION;
import static dev.floodgate.core.fingerprint.Attempt.KIND_HEX;
import static dev.floodgate.core.fingerprint.Attempt.KIND_IP;
import static dev.floodgate.core.fingerprint.Attempt.KIND_NUMBER;
import static dev.floodgate.core.fingerprint.Attempt.KIND_TIME;
import static dev.floodgate.core.fingerprint.Attempt.KIND_TIMESTAMP;
import static dev.floodgate.core.fingerprint.Attempt.KIND_UUID;
import static dev.floodgate.core.fingerprint.Attempt.NONE;
import static dev.floodgate.core.fingerprint.Attempt.ipv6Horizon;
import static dev.floodgate.core.fingerprint.Attempt.noIpv6Before;
import static dev.floodgate.core.fingerprint.Attempt.token;
import static dev.floodgate.core.fingerprint.Chars.decimals;
import static dev.floodgate.core.fingerprint.Chars.isDigit;
import static dev.floodgate.core.fingerprint.Chars.isHexDigit;
import static dev.floodgate.core.fingerprint.Chars.isHexLetter;
import static dev.floodgate.core.fingerprint.Chars.isLetter;
import static dev.floodgate.core.fingerprint.Chars.isPlainEnd;
import static dev.floodgate.core.fingerprint.Chars.isWordChar;
import static dev.floodgate.core.fingerprint.Chars.number;
import static dev.floodgate.core.fingerprint.TimeTokens.date;
import static dev.floodgate.core.fingerprint.TimeTokens.duration;
import static dev.floodgate.core.fingerprint.TimeTokens.time;
import static dev.floodgate.core.fingerprint.TimeTokens.timeAfter;

/**
 * The tokens of the masking scan that start with a digit or a hex letter: numbers, UUIDs, hex words and
 * {@code 0x} numbers, IPv4 and IPv6 addresses with their ports, and (through {@link TimeTokens}) numeric dates,
 * times and durations. A plain number reads nothing past its digits; past that, each reader checks all that its token
 * needs. Each reader returns a token as {@link Attempt#token} encodes it (with what it proved about the text
 * ahead, see {@link Attempt#learned}), or where its token ends, and {@link Attempt#NONE} or -1 where none
 * starts. Stateless.
 */
final class NumericTokens {

    private static final int MIN_HEX_WORD = 8;

    private NumericTokens() {
    }

    /**
     * The tokens that may start with a digit at a word boundary; always a token (at least a number).
     *
     * @param ahead what the attempts before this one proved about the text ahead ({@link Attempt#learned})
     * @return the token, with what this attempt proved about the text ahead
     */
    static long digitLed(char[] s, int i, int n, long ahead) {
        int digitsEnd = i + 1;
        while (digitsEnd < n && isDigit(s[digitsEnd])) {
            digitsEnd++;
        }
        if (digitsEnd == n || isPlainEnd(s[digitsEnd])) {
            // a plain number, or a duration with its unit after a space: no other token is worth trying
            int duration = digitsEnd + 1 < n && s[digitsEnd] == ' ' && isLetter(s[digitsEnd + 1])
                    ? duration(s, digitsEnd, n) : -1;
            return duration > 0 ? token(KIND_DURATION, duration) : token(KIND_NUMBER, digitsEnd);
        }
        return shaped(s, i, digitsEnd, n, ahead);
    }

    /**
     * The tokens that may start with the digits {@code s[i, digitsEnd)} at a word boundary where a character that
     * may join them into a longer token follows; as {@link #digitLed} returns them.
     */
    private static long shaped(char[] s, int i, int digitsEnd, int n, long ahead) {
        // Each kind is tried, in the order that decides between them, only where the digits and the character after
        // them allow it: elsewhere its reader would find nothing.
        int digits = digitsEnd - i;
        char after = s[digitsEnd];
        boolean hexAfter = isHexLetter(after);
        long learned = 0;
        if (after == '.' && digits <= 3) {
            // no date or time parses as an IPv4 address, so it may be tried first
            int ip = ipv4(s, i, n);
            if (ip > 0) {
                return token(KIND_IP, ip);
            }
            int stop = -1 - ip;
            if (stop == n || (!isHexDigit(s[stop]) && s[stop] != ':' && s[stop] != '.')) {
                // what it read, digits and dots and at most one colon, is a run that no IPv6 address starts in
                learned = noIpv6Before(stop);
            }
        }
        int end = (digits < 8 && hexAfter) || (digits == 8 && after == '-') ? uuid(s, i, n) : -1;
        if (end > 0) {
            return token(KIND_UUID, end);
        }
        end = digits == 1 && (after == 'x' || after == 'X') && s[i] == '0' ? prefixedHex(s, i, n) : -1;
        if (end > 0) {
            return token(KIND_HEX, end);
        }
        end = (digits == 4 || digits <= 2 && dateFieldsFollow(s, digitsEnd, n))
                && (after == '-' || after == '/' || after == '.') ? date(s, i, digitsEnd, n) : -1;
        if (end > 0) {
            int timed = timeAfter(s, end, n, true);
            return timed > 0 ? token(KIND_TIMESTAMP, timed) : token(KIND_DATE, end);
        }
        end = digits <= 2 && after == ':' && digitsEnd + 2 < n && isDigit(s[digitsEnd + 1])
                && isDigit(s[digitsEnd + 2]) ? time(s, i, n) : -1;
        if (end > 0) {
            return token(KIND_TIME, end);
        }
        if ((after == ':' || after == '.' || hexAfter) && i >= ipv6Horizon(ahead) && i >= ipv6Horizon(learned)) {
            end = ipv6(s, i, n);
            if (end >= 0) {
                return token(KIND_IP, end);
            }
            learned = ipv6Learned(end);
        }
        end = hexAfter ? hexWord(s, i, n) : -1;
        if (end > 0) {
            return learned | token(KIND_HEX, end);
        }
        end = decimals(s, digitsEnd, n);
        // a unit follows at once or after a space
        int duration = end < n && (isLetter(s[end]) || s[end] == ' ') ? duration(s, end, n) : -1;
        return learned | (duration > 0 ? token(KIND_DURATION, duration) : token(KIND_NUMBER, end));
    }

    /**
     * Returns whether a date's month and year fields may follow a day or month of one or two digits that ends at
     * {@code sep}: a month name, or up to three digits, the same separator and two digits. {@link TimeTokens#date}
     * finds no date where they do not.
     */
    private static boolean dateFieldsFollow(char[] s, int sep, int n) {
        int j = sep + 1;
        if (j < n && s[j] >= 'A' && s[j] <= 'S') {
            return true;
        }
        int k = j;
        while (k < n && k - j < 3 && isDigit(s[k])) {
            k++;
        }
        return k > j && k + 2 < n && s[k] == s[sep] && isDigit(s[k + 1]) && isDigit(s[k + 2]);
    }

    /**
     * The tokens that may start with a hex letter at a word boundary, in a word that holds a digit, or
     * {@link Attempt#NONE}; with what this attempt proved, as {@link #digitLed} returns it.
     */
    static long hexLed(char[] s, int i, int n, long ahead) {
        int end = uuid(s, i, n);
        if (end > 0) {
            return token(KIND_UUID, end);
        }
        long learned = 0;
        if (i >= ipv6Horizon(ahead)) {
            end = ipv6(s, i, n);
            if (end >= 0) {
                return token(KIND_IP, end);
            }
            learned = ipv6Learned(end);
        }
        end = hexWord(s, i, n);
        return end > 0 ? token(KIND_HEX, end) : learned;
    }

    /**
     * Returns where the characters end that decide {@link #digitLed} at {@code i}, as the masking scan's
     * {@code decidedBy} says, where the shape at {@code i} ends at {@code shapeEnd}. A plain number reads its digits
     * and the character after them, or the letters of a unit after a space; the other readers read the token's shape
     * and at most three characters past it (a month name's), and the letters of a unit after a space; but a time
     * (its fraction and zone) and a date that is there (the time after it) may read further.
     */
    static int digitLedDecidedBy(char[] s, int i, int n, int shapeEnd) {
        int digitsEnd = i + 1;
        while (digitsEnd < n && isDigit(s[digitsEnd])) {
            digitsEnd++;
        }
        if (digitsEnd == n || isPlainEnd(s[digitsEnd])) {
            return unitAfterSpace(s, digitsEnd, n, digitsEnd + 2);
        }
        int digits = digitsEnd - i;
        char after = s[digitsEnd];
        boolean timeTried = digits <= 2 && after == ':';
        // a date is tried where it may start, and reads past its end only where it is there
        boolean dated = (digits == 4 || digits <= 2 && dateFieldsFollow(s, digitsEnd, n))
                && (after == '-' || after == '/' || after == '.') && date(s, i, digitsEnd, n) > 0;
        return timeTried || dated ? Integer.MAX_VALUE
                : unitAfterSpace(s, decimals(s, digitsEnd, n), n, shapeEnd + 4);
    }

    /**
     * Returns {@code decided}, or, if a space and a letter follow the number that ends at {@code end}, where the
     * letters of the unit that {@link TimeTokens#duration} reads there end, past {@code decided}.
     */
    private static int unitAfterSpace(char[] s, int end, int n, int decided) {
        if (end + 1 < n && s[end] == ' ' && isLetter(s[end + 1])) {
            return Math.max(decided, Chars.letters(s, end + 1, Math.min(n, end + 14)) + 1);
        }
        return decided;
    }

    /**
     * Returns the end of the shape that starts at {@code i}: the run of word characters, dots, colons, dashes and
     * slashes in which every digit-led or hex-led token lies, and all that {@link #hexLed} reads.
     */
    static int shapeEnd(char[] s, int i, int n) {
        int j = i;
        while (j < n) {
            char c = s[j];
            if (c != '.' && c != ':' && c != '-' && c != '/' && !isWordChar(c)) {
                break;
            }
            j++;
        }
        return j;
    }

    /** An IPv6 address in brackets at {@code i}, with an optional port; as {@link #hexLed} returns it. */
    static long bracketedIpv6(char[] s, int i, int n, long ahead) {
        // an address's run of hex digits, colons and dots starts right after the bracket
        if (i + 1 >= n || (!isHexDigit(s[i + 1]) && s[i + 1] != ':' && s[i + 1] != '.')
                || i + 1 < ipv6Horizon(ahead)) {
            return NONE;
        }
        int end = ipv6(s, i + 1, n);
        if (end < 0) {
            return ipv6Learned(end);
        }
        if (end >= n || s[end] != ']') {
            return NONE;
        }
        end++;
        if (end + 1 < n && s[end] == ':' && isDigit(s[end + 1])) {
            end = number(s, end + 1, n);
        }
        return token(KIND_IP, end);
    }

    /** An IPv6 address that starts with {@code ::} at {@code i}; as {@link #hexLed} returns it. */
    static long leadingColonsIpv6(char[] s, int i, int n, long ahead) {
        if (i + 2 >= n || s[i + 1] != ':' || !isHexDigit(s[i + 2]) || i < ipv6Horizon(ahead)) {
            return NONE;
        }
        int end = ipv6(s, i, n);
        return end >= 0 ? token(KIND_IP, end) : ipv6Learned(end);
    }

    private static int uuid(char[] s, int i, int n) {
        int end = i + 36;
        // the dashes first: most text fails there
        if (end > n || (end < n && isWordChar(s[end])) || s[i + 8] != '-' || s[i + 13] != '-' || s[i + 18] != '-'
                || s[i + 23] != '-') {
            return -1;
        }
        for (int k = 0; k < 36; k++) {
            if (!isHexDigit(s[i + k]) && k != 8 && k != 13 && k != 18 && k != 23) {
                return -1;
            }
        }
        return end;
    }

    private static int prefixedHex(char[] s, int i, int n) {
        if (i + 2 >= n || (s[i + 1] | 0x20) != 'x' || !isHexDigit(s[i + 2])) {
            return -1;
        }
        int j = i + 2;
        while (j < n && isHexDigit(s[j])) {
            j++;
        }
        return j < n && isWordChar(s[j]) ? -1 : j;
    }

    /**
     * Returns the end of an IPv4 address at {@code i}, with its port if it has one; or, if none starts there,
     * {@code -1 - stop} where {@code stop} is where it stopped reading: what it read is digits, dots and at most one
     * colon.
     */
    private static int ipv4(char[] s, int i, int n) {
        int j = i;
        for (int part = 0; part < 4; part++) {
            if (part > 0) {
                if (j >= n || s[j] != '.') {
                    return -1 - j;
                }
                j++;
            }
            // one pass: at most three digits, worth at most 255
            int start = j;
            int value = 0;
            while (j < n && isDigit(s[j]) && j - start < 4) {
                value = 10 * value + s[j] - '0';
                j++;
            }
            if (j == start || j - start > 3 || value > 255) {
                return -1 - j;
            }
        }
        if (j + 1 < n && s[j] == ':' && isDigit(s[j + 1])) {
            j = number(s, j + 1, n);
        }
        return j < n && (isWordChar(s[j]) || s[j] == '.' && j + 1 < n && isDigit(s[j + 1]))
                ? -1 - j : j;
    }

    /**
     * Returns the end of an IPv6 address at {@code i}; or, if none starts there, {@code -1 - stop} where {@code stop}
     * ends the run of hex digits, colons and dots from {@code i}: none starts anywhere before it either, since the
     * address from a later start would end at the same place, with no more colons and digits.
     */
    private static int ipv6(char[] s, int i, int n) {
        int j = i;
        int colons = 0;
        boolean digit = false;
        while (j < n) {
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
        int stop = j;
        while (j > i && s[j - 1] == '.') {
            j--;
        }
        if (colons < 2 || !digit || (j < n && isWordChar(s[j]))) {
            return -1 - stop;
        }
        return j;
    }

    /** What a failed {@link #ipv6} proved, as an attempt's result holds it. */
    private static long ipv6Learned(int failure) {
        return noIpv6Before(-1 - failure);
    }

    private static int hexWord(char[] s, int i, int n) {
        int j = i;
        boolean digit = false;
        boolean letter = false;
        while (j < n && isHexDigit(s[j])) {
            if (isDigit(s[j])) {
                digit = true;
            } else {
                letter = true;
            }
            j++;
        }
        if (j - i < MIN_HEX_WORD || !digit || !letter || (j < n && isWordChar(s[j]))) {
            return -1;
        }
        return j;
    }
}
