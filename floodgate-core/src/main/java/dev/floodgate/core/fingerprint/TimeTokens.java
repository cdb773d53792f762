package dev.floodgate.core.fingerprint;

import static dev.floodgate.core.fingerprint.Chars.boundaryAt;
import static dev.floodgate.core.fingerprint.Chars.digits;
import static dev.floodgate.core.fingerprint.Chars.isDigit;
import static dev.floodgate.core.fingerprint.Chars.isHexDigit;
import static dev.floodgate.core.fingerprint.Chars.isWordChar;
import static dev.floodgate.core.fingerprint.Chars.letters;
import static dev.floodgate.core.fingerprint.Chars.number;
import static dev.floodgate.core.fingerprint.Chars.value;
import static dev.floodgate.core.fingerprint.Attempt.KIND_DATE;
import static dev.floodgate.core.fingerprint.Attempt.KIND_TIMESTAMP;
import static dev.floodgate.core.fingerprint.Attempt.NONE;
import static dev.floodgate.core.fingerprint.Attempt.token;

import java.util.Arrays;

/**
 * The tokens of the masking scan that tell time: dates (numeric or with a month name), times of day, the two
 * together, and durations. Each reader takes the characters and a position and returns where its token ends, or -1
 * if none starts there. Stateless.
 */
final class TimeTokens {

    /** The names of the months and of the weekdays, each as {@link #key} makes it of three characters. */
    private static final long[] MONTHS = keys("JanFebMarAprMayJunJulAugSepOctNovDec");
    private static final long[] WEEKDAYS = keys("MonTueWedThuFriSatSun");

    private TimeTokens() {
    }

    /** A date with a month name at {@code i}, an optional weekday before it, and an optional year and time after. */
    static long namedDate(char[] s, int i, int n) {
        int j = i;
        if (name(WEEKDAYS, s, j, n) && !name(MONTHS, s, j, n)) {
            j += 3;
            if (j < n && s[j] == ',') {
                j++;
            }
            if (j + 4 > n || s[j] != ' ' || !name(MONTHS, s, j + 1, n)) {
                return NONE;
            }
            j++;
        }
        if (!name(MONTHS, s, j, n)) {
            return NONE;
        }
        j += 3;
        if (j >= n || s[j] != ' ') {
            return NONE;
        }
        j++;
        if (j < n && s[j] == ' ') {
            j++;
        }
        int day = digits(s, j, n, 2);
        if (day == 0 || value(s, j, day) < 1 || value(s, j, day) > 31 || !boundaryAt(s, j + day, n)) {
            return NONE;
        }
        j += day;
        int year = yearAfter(s, j, n);
        if (year > 0) {
            j = year;
        }
        int timed = timeAfter(s, j, n, false);
        if (timed < 0) {
            return token(KIND_DATE, j);
        }
        int end = year > 0 ? -1 : yearAfter(s, timed, n);
        return token(KIND_TIMESTAMP, end > 0 ? end : timed);
    }

    /** Returns whether a three-letter name of {@code names} starts at {@code i} and ends at a word boundary. */
    static boolean name(long[] names, char[] s, int i, int n) {
        if (i + 3 > n) {
            return false;
        }
        char first = s[i];
        // every name starts with a capital letter: most text fails there
        if (first < 'A' || first > 'W' || !boundaryAt(s, i + 3, n)) {
            return false;
        }
        long key = key(first, s[i + 1], s[i + 2]);
        for (long name : names) {
            if (name == key) {
                return true;
            }
        }
        return false;
    }

    private static long key(char first, char second, char third) {
        return (long) first << 32 | (long) second << 16 | third;
    }

    private static long[] keys(String names) {
        long[] keys = new long[names.length() / 3];
        for (int k = 0; k < keys.length; k++) {
            keys[k] = key(names.charAt(3 * k), names.charAt(3 * k + 1), names.charAt(3 * k + 2));
        }
        return keys;
    }

    /** Returns the end of {@code [,] yyyy} at {@code j}, ending at a word boundary, or -1. */
    private static int yearAfter(char[] s, int j, int n) {
        int k = j < n && s[j] == ',' ? j + 1 : j;
        if (k >= n || s[k] != ' ') {
            return -1;
        }
        k++;
        return digits(s, k, n, 5) == 4 && boundaryAt(s, k + 4, n) && (k + 4 == n || s[k + 4] != ':')
                ? k + 4 : -1;
    }

    /**
     * Returns the end of a time that follows a date at {@code j} after one joining character ({@code T} or a space,
     * or a colon after a numeric date), or -1.
     */
    static int timeAfter(char[] s, int j, int n, boolean numericDate) {
        if (j + 1 >= n) {
            return -1;
        }
        char c = s[j];
        if (c != ' ' && !(numericDate && (c == 'T' || c == ':'))) {
            return -1;
        }
        return time(s, j + 1, n);
    }

    /**
     * Returns the end of a numeric date at {@code i} (year first with {@code -}, {@code /} or {@code .}; day or
     * month first with a four-digit year; two-digit parts with slashes; a month name between slashes or dashes),
     * or -1. A date followed by {@code T}, a space or a colon may go on with a time.
     *
     * @param digitsEnd the end of the run of digits at {@code i}, before the end of the text
     */
    static int date(char[] s, int i, int digitsEnd, int n) {
        int a = Math.min(digitsEnd - i, 5);
        int j = i + a;
        char sep = s[j];
        if (sep != '-' && sep != '/' && sep != '.') {
            return -1;
        }
        j++;
        int end;
        if (a == 4) {
            int m = digits(s, j, n, 3);
            if (m == 0 || j + m >= n || s[j + m] != sep) {
                return -1;
            }
            int d = digits(s, j + m + 1, n, 3);
            if (d == 0 || !month(s, j, m) || !day(s, j + m + 1, d)) {
                return -1;
            }
            end = j + m + 1 + d;
        } else if (a == 1 || a == 2) {
            if (sep != '.' && name(MONTHS, s, j, n) && j + 3 < n && s[j + 3] == sep
                    && digits(s, j + 4, n, 5) == 4) {
                end = j + 8;
            } else {
                int b = digits(s, j, n, 3);
                if (b == 0 || j + b >= n || s[j + b] != sep) {
                    return -1;
                }
                int c = digits(s, j + b + 1, n, 5);
                boolean shortYear = c == 2 && a == 2 && b == 2 && sep == '/';
                if (c != 4 && !shortYear) {
                    return -1;
                }
                boolean valid = shortYear ? month(s, j, b) && day(s, j + b + 1, c)
                        : (month(s, j, b) && day(s, i, a)) || (month(s, i, a) && day(s, j, b));
                if (!valid) {
                    return -1;
                }
                end = j + b + 1 + c;
            }
        } else {
            return -1;
        }
        if (end < n) {
            char c = s[end];
            if (c != 'T' && (isWordChar(c) || ((c == '.' || c == '-' || c == '/') && end + 1 < n
                    && isDigit(s[end + 1])))) {
                return -1;
            }
        }
        return end;
    }

    private static boolean month(char[] s, int i, int digits) {
        int v = value(s, i, digits);
        return v >= 1 && v <= 12;
    }

    private static boolean day(char[] s, int i, int digits) {
        int v = value(s, i, digits);
        return digits <= 2 && v >= 1 && v <= 31;
    }

    /**
     * Returns the end of a time of day at {@code i}: {@code h:mm} or {@code h:mm:ss}, an optional fraction after a
     * dot or comma, and an optional zone ({@code Z}, {@code +02:00}, {@code +0200}, also after one space); or -1.
     */
    static int time(char[] s, int i, int n) {
        int h = digits(s, i, n, 3);
        if (h == 0 || h > 2 || value(s, i, h) > 24) {
            return -1;
        }
        int j = i + h;
        int parts = 0;
        while (parts < 2 && j + 2 < n && s[j] == ':' && digits(s, j + 1, n, 3) == 2
                && value(s, j + 1, 2) <= (parts == 0 ? 59 : 60)) {
            j += 3;
            parts++;
        }
        if (parts == 0) {
            return -1;
        }
        if (parts == 2 && j + 1 < n && (s[j] == '.' || s[j] == ',') && isDigit(s[j + 1])) {
            j++;
            while (j < n && isDigit(s[j])) {
                j++;
            }
        }
        if (j < n && s[j] == 'Z') {
            j++;
        } else {
            int zone = zone(s, j < n && s[j] == ' ' ? j + 1 : j, n);
            if (zone > 0) {
                j = zone;
            }
        }
        if (j < n && (isWordChar(s[j]) || s[j] == ':' && j + 1 < n && isHexDigit(s[j + 1]))) {
            return -1;
        }
        return j;
    }

    /** Returns the end of a zone offset ({@code +02:00}, {@code -0700}) at {@code j} ending at a boundary, or -1. */
    private static int zone(char[] s, int j, int n) {
        if (j + 5 > n || (s[j] != '+' && s[j] != '-')) {
            return -1;
        }
        int d = digits(s, j + 1, n, 5);
        int end = d == 4 ? j + 5 : d == 2 && s[j + 3] == ':' && digits(s, j + 4, n, 3) == 2 ? j + 6 : -1;
        return end > 0 && boundaryAt(s, end, n) ? end : -1;
    }

    /*
     * Durations: a number followed by a unit of time, attached (250ms, 1.5s, 1h30m: more number-unit pairs may
     * follow) or after one space (3000 ms, 5 seconds; only units of two letters or more, since "3 m" is as likely
     * metres). The unit must end at a word boundary.
     */

    /** The units of time, by length: {@code UNITS[k]} holds those of {@code k} letters. */
    private static final char[][][] UNITS = byLength("ns", "us", "µs", "ms", "s", "m", "h", "d", "sec", "secs",
        "second", "seconds", "min", "mins", "minute", "minutes", "hr", "hrs", "hour", "hours", "day", "days", "millis",
        "milliseconds", "micros", "microseconds", "nanos", "nanoseconds");

    /** Returns the end of the duration whose number ends at {@code j}, or -1 if no unit follows. */
    static int duration(char[] s, int j, int n) {
        if (j >= n) {
            return -1;
        }
        char c = s[j];
        if (c == ' ') {
            int unit = unit(s, j + 1, n);
            return unit - (j + 1) >= 2 ? unit : -1;
        }
        int end = unit(s, j, n);
        if (end < 0) {
            return -1;
        }
        while (end < n && isDigit(s[end])) {
            int more = unit(s, number(s, end, n), n);
            if (more < 0) {
                return -1;
            }
            end = more;
        }
        return end;
    }

    /** Returns the end of a unit of time at {@code i} (the longest that ends at a letter boundary), or -1. */
    private static int unit(char[] s, int i, int n) {
        // no unit is longer than 12 letters: a thirteenth says no
        int j = letters(s, i, Math.min(n, i + 13));
        int length = j - i;
        if (length == 0 || length > 12) {
            return -1;
        }
        for (char[] unit : UNITS[length]) {
            if (startsWith(s, i, unit)) {
                return j;
            }
        }
        return -1;
    }

    private static boolean startsWith(char[] s, int i, char[] word) {
        for (int k = 0; k < word.length; k++) {
            if (s[i + k] != word[k]) {
                return false;
            }
        }
        return true;
    }

    private static char[][][] byLength(String... words) {
        char[][][] byLength = new char[13][][];
        for (int length = 0; length < byLength.length; length++) {
            int l = length;
            byLength[length] = Arrays.stream(words).filter(w -> w.length() == l).map(String::toCharArray)
                    .toArray(char[][]::new);
        }
        return byLength;
    }

}
