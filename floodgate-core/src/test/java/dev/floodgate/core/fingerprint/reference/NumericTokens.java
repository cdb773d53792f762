package dev.floodgate.core.fingerprint.reference;

import static dev.floodgate.core.fingerprint.reference.Chars.isDigit;
import static dev.floodgate.core.fingerprint.reference.Chars.isHexDigit;
import static dev.floodgate.core.fingerprint.reference.Chars.isPlainEnd;
import static dev.floodgate.core.fingerprint.reference.Chars.isWordChar;
import static dev.floodgate.core.fingerprint.reference.Chars.number;
import static dev.floodgate.core.fingerprint.reference.TimeTokens.date;
import static dev.floodgate.core.fingerprint.reference.TimeTokens.duration;
import static dev.floodgate.core.fingerprint.reference.TimeTokens.time;
import static dev.floodgate.core.fingerprint.reference.TimeTokens.timeAfter;
import static dev.floodgate.core.fingerprint.reference.TokenMasker.KIND_DATE;
import static dev.floodgate.core.fingerprint.reference.TokenMasker.KIND_DURATION;
import static dev.floodgate.core.fingerprint.reference.TokenMasker.KIND_HEX;
import static dev.floodgate.core.fingerprint.reference.TokenMasker.KIND_IP;
import static dev.floodgate.core.fingerprint.reference.TokenMasker.KIND_NUMBER;
import static dev.floodgate.core.fingerprint.reference.TokenMasker.KIND_TIME;
import static dev.floodgate.core.fingerprint.reference.TokenMasker.KIND_TIMESTAMP;
import static dev.floodgate.core.fingerprint.reference.TokenMasker.KIND_UUID;
import static dev.floodgate.core.fingerprint.reference.TokenMasker.NONE;
import static dev.floodgate.core.fingerprint.reference.TokenMasker.token;

/**
 * The tokens of {@link TokenMasker} that start with a digit or a hex letter: numbers, UUIDs, hex words and
 * {@code 0x} numbers, IPv4 and IPv6 addresses with their ports, and (through {@link TimeTokens}) numeric dates,
 * times and durations. Which kinds are tried depends on the token's shape, so that a plain number reads nothing
 * past its digits. Each reader returns a token as {@link TokenMasker#token} encodes it, or where its token ends, and
 * {@link TokenMasker#NONE} or -1 where none starts. Stateless.
 */
final class NumericTokens {

    private static final int MIN_HEX_WORD = 8;

    private NumericTokens() {
    }

    private static long tokenOrNone(int kind, int end) {
        return end < 0 ? NONE : token(kind, end);
    }

    /** The tokens that may start with a digit at a word boundary; always a token (at least a number). */
    static long digitLed(char[] s, int i, int n) {
        int digitsEnd = i + 1;
        while (digitsEnd < n && isDigit(s[digitsEnd])) {
            digitsEnd++;
        }
        if (digitsEnd == n || isPlainEnd(s[digitsEnd])) {
            // a plain number, or a duration with its unit after a space: no other token is worth trying
            int duration = digitsEnd < n && s[digitsEnd] == ' ' ? duration(s, digitsEnd, n) : -1;
            return duration > 0 ? token(KIND_DURATION, duration) : token(KIND_NUMBER, digitsEnd);
        }
        if (s[digitsEnd] == '.' && digitsEnd - i <= 3) {
            // no date or time parses as an IPv4 address, so it may be tried first
            int ip = ipv4(s, i, n);
            if (ip > 0) {
                return token(KIND_IP, ip);
            }
        }
        long shape = shape(s, i, n);
        int span = span(shape);
        int end = span >= 36 ? uuid(s, i, n) : -1;
        if (end > 0) {
            return token(KIND_UUID, end);
        }
        if (s[i] == '0' && span >= 3) {
            end = prefixedHex(s, i, n);
            if (end > 0) {
                return token(KIND_HEX, end);
            }
        }
        if (separators(shape) >= 2 && span >= 6) {
            end = date(s, i, n);
            if (end > 0) {
                int timed = timeAfter(s, end, n, true);
                return timed > 0 ? token(KIND_TIMESTAMP, timed) : token(KIND_DATE, end);
            }
        }
        if (colons(shape) >= 1) {
            end = time(s, i, n);
            if (end > 0) {
                return token(KIND_TIME, end);
            }
        }
        if (dots(shape) >= 3) {
            end = ipv4(s, i, n);
            if (end > 0) {
                return token(KIND_IP, end);
            }
        }
        if (colons(shape) >= 2) {
            end = ipv6(s, i, n);
            if (end > 0) {
                return token(KIND_IP, end);
            }
        }
        end = span >= MIN_HEX_WORD ? hexWord(s, i, n) : -1;
        if (end > 0) {
            return token(KIND_HEX, end);
        }
        end = number(s, i, n);
        int duration = duration(s, end, n);
        return duration > 0 ? token(KIND_DURATION, duration) : token(KIND_NUMBER, end);
    }

    /** The tokens that may start with a hex letter at a word boundary, in a word that holds a digit. */
    static long hexLed(char[] s, int i, int n) {
        long shape = shape(s, i, n);
        int span = span(shape);
        int end = span >= 36 ? uuid(s, i, n) : -1;
        if (end > 0) {
            return token(KIND_UUID, end);
        }
        end = colons(shape) >= 2 ? ipv6(s, i, n) : -1;
        if (end > 0) {
            return token(KIND_IP, end);
        }
        return span >= MIN_HEX_WORD ? tokenOrNone(KIND_HEX, hexWord(s, i, n)) : NONE;
    }

    /*
     * Shape: the run of word characters, dots, colons, dashes and slashes starting at a token's first character,
     * in which every digit-led or hex-led token must lie. Its length and separator counts decide which token kinds
     * are worth trying: length in the low 32 bits, then 8 bits each (saturating) for dots, colons, and dashes and
     * slashes together.
     */

    static long shape(char[] s, int i, int n) {
        int j = i;
        int dots = 0;
        int colons = 0;
        int separators = 0;
        while (j < n) {
            char c = s[j];
            if (c == '.') {
                dots++;
            } else if (c == ':') {
                colons++;
            } else if (c == '-' || c == '/') {
                separators++;
            } else if (!isWordChar(c)) {
                break;
            }
            j++;
        }
        return (j - i) | (long) Math.min(dots, 255) << 32 | (long) Math.min(colons, 255) << 40
                | (long) Math.min(separators + dots, 255) << 48;
    }

    static int span(long shape) {
        return (int) shape;
    }

    private static int dots(long shape) {
        return (int) (shape >>> 32) & 0xFF;
    }

    private static int colons(long shape) {
        return (int) (shape >>> 40) & 0xFF;
    }

    /** Dots, dashes and slashes. */
    private static int separators(long shape) {
        return (int) (shape >>> 48) & 0xFF;
    }

    static long bracketedIpv6(char[] s, int i, int n) {
        int end = i + 1 < n ? ipv6(s, i + 1, n) : -1;
        if (end < 0 || end >= n || s[end] != ']') {
            return NONE;
        }
        end++;
        if (end + 1 < n && s[end] == ':' && isDigit(s[end + 1])) {
            end = number(s, end + 1, n);
        }
        return token(KIND_IP, end);
    }

    static long leadingColonsIpv6(char[] s, int i, int n) {
        return i + 2 < n && s[i + 1] == ':' && isHexDigit(s[i + 2]) ? tokenOrNone(KIND_IP,
                ipv6(s, i, n)) : NONE;
    }

    private static int uuid(char[] s, int i, int n) {
        int end = i + 36;
        if (end > n || (end < n && isWordChar(s[end]))) {
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

    private static int ipv4(char[] s, int i, int n) {
        int j = i;
        for (int part = 0; part < 4; part++) {
            if (part > 0) {
                if (j >= n || s[j] != '.') {
                    return -1;
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
                return -1;
            }
        }
        if (j + 1 < n && s[j] == ':' && isDigit(s[j + 1])) {
            j = number(s, j + 1, n);
        }
        return j < n && (isWordChar(s[j]) || s[j] == '.' && j + 1 < n && isDigit(s[j + 1]))
                ? -1 : j;
    }

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
        while (j > i && s[j - 1] == '.') {
            j--;
        }
        if (colons < 2 || !digit || (j < n && isWordChar(s[j]))) {
            return -1;
        }
        return j;
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
