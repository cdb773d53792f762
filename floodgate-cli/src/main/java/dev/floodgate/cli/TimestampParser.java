package dev.floodgate.cli;

import static dev.floodgate.cli.TimestampShape.OFFSET_COLON;
import static dev.floodgate.cli.TimestampShape.OFFSET_HOURS;
import static dev.floodgate.cli.TimestampShape.OFFSET_NONE;
import static dev.floodgate.cli.TimestampShape.OFFSET_PLAIN;
import static dev.floodgate.cli.TimestampShape.OFFSET_Z;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoField;
import java.time.temporal.TemporalAccessor;
import java.util.Locale;

/**
 * Turns the timestamps of one log, line after line, into epoch milliseconds, and writes new ones in the same shape.
 *
 * <p>Without a custom format it reads, by shape: ISO-8601 and its log variants ({@code 2024-05-01T10:00:00.123Z},
 * {@code 2024-05-01 10:00:00,123}, {@code 2024/05/01 10:00:00}, {@code 2005.11.09 12:34:56}, with or without
 * fraction and offset), time of day alone ({@code 10:00:00.123}, Logback's and Log4j2's default), the syslog RFC
 * 3164 stamp ({@code May  1 10:00:00}), other two-part dates ({@code 17/06/09 20:10:40}, {@code 081109 203615},
 * {@code 03-17 16:13:38.811}, {@code 10.30 16:49:06}, {@code 20171223-22:15:29:606}), the Common Log Format's
 * {@code 10/Oct/2000:13:55:36 -0700}, ctime ({@code Sun Dec 04 04:47:44 2005}) and epoch seconds, milliseconds,
 * microseconds or nanoseconds told apart by their number of digits. A time of day alone is placed on the start
 * date and moves to the next day when the time jumps back by more than 12 hours (midnight); a date without a year
 * takes the start date's year and moves to the next year when the month jumps back by more than six. Timestamps
 * without an offset are in the given zone.
 *
 * <p>Not thread-safe: it keeps the current day and year, and the shape of the last timestamp ({@link TimestampShape}).
 * Parsing a built-in shape allocates nothing.
 */
final class TimestampParser {

    /** What {@link #parse} returns for text that is not a timestamp. */
    static final long INVALID = Long.MIN_VALUE;

    private static final long MILLIS_PER_DAY = 86_400_000L;
    private static final long HALF_DAY_MILLIS = MILLIS_PER_DAY / 2;
    static final String[] MONTHS = {"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct",
        "Nov", "Dec"};

    private static final int ZONE_LOCAL = 0;
    private static final int ZONE_READ = 1;

    private final ZoneId zone;
    private final DateTimeFormatter custom;
    private final boolean fixedZone;
    private final int fixedOffsetSeconds;

    private long day;
    private long lastTimeOfDay = -1;
    private int year;
    private int lastMonth = -1;
    private long cachedHour = Long.MIN_VALUE;
    private int cachedOffsetSeconds;

    // The time of day and fraction read by readTime().
    private long readTimeOfDay;
    private int readFractionDigits;
    private char readFractionSeparator = '.';

    /** The shape of the last timestamp read, for {@link #format}. */
    private final TimestampShape shape = new TimestampShape();


    /**
     * Creates a parser.
     *
     * @param zone the zone of timestamps without an offset
     * @param startDate the date of a time of day alone, and the year of syslog stamps
     * @param customPattern a {@link DateTimeFormatter} pattern for every timestamp, or null to read by shape
     * @throws IllegalArgumentException if the pattern is not a valid {@code DateTimeFormatter} pattern
     */
    TimestampParser(ZoneId zone, LocalDate startDate, String customPattern) {
        this.zone = zone;
        this.fixedZone = zone.getRules().isFixedOffset();
        this.fixedOffsetSeconds = fixedZone ? zone.getRules().getOffset(Instant.EPOCH).getTotalSeconds() : 0;
        this.day = startDate.toEpochDay();
        this.year = startDate.getYear();
        this.custom = customPattern == null ? null : compile(customPattern, year);
    }

    private static DateTimeFormatter compile(String pattern, int year) {
        DateTimeFormatterBuilder b = new DateTimeFormatterBuilder().parseCaseInsensitive().appendPattern(pattern);
        if (!hasPatternLetter(pattern, "yuY")) {
            b.parseDefaulting(ChronoField.YEAR, year);
        }
        return b.toFormatter(Locale.ENGLISH);
    }

    private static boolean hasPatternLetter(String pattern, String letters) {
        boolean quoted = false;
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c == '\'') {
                quoted = !quoted;
            } else if (!quoted && letters.indexOf(c) >= 0) {
                return true;
            }
        }
        return false;
    }

    /** Returns the timestamp in {@code s[from, to)} as epoch milliseconds, or {@link #INVALID}. */
    long parse(CharSequence s, int from, int to) {
        if (custom != null) {
            return parseCustom(s.subSequence(from, to).toString());
        }
        if (to <= from) {
            return INVALID;
        }
        if (isUpper(s.charAt(from))) {
            return to - from == 15 ? parseSyslog(s, from, to) : parseCtime(s, from, to);
        }
        int n = 0;
        while (from + n < to && isDigit(s.charAt(from + n))) {
            n++;
        }
        char next = from + n < to ? s.charAt(from + n) : 0;
        if (n >= 9 && (next == 0 || next == '.')) {
            return parseEpoch(s, from, to, n);
        }
        switch (n) {
            case 2:
                if (next == ':') {
                    return parseIso(s, from, to);
                }
                if (next == '/' && from + 3 < to && isUpper(s.charAt(from + 3))) {
                    return parseCommonLog(s, from, to);
                }
                return next == '/' ? parseShortYear(s, from, to) : parseMonthDay(s, from, to, next);
            case 4:
                return parseIso(s, from, to);
            case 6:
                return next == ' ' ? parseCompact(s, from, to) : INVALID;
            case 8:
                return next == '-' ? parseDashed(s, from, to) : INVALID;
            default:
                return INVALID;
        }
    }

    /**
     * Reads epoch seconds (9 or 10 digits), milliseconds (12 or 13), microseconds (15 or 16) or nanoseconds (18 or
     * 19), optionally with a fraction after a dot.
     */
    private long parseEpoch(CharSequence s, int from, int to, int n) {
        int unitDigits;
        long millisPerUnit;
        if (n <= 10) {
            unitDigits = 0;
            millisPerUnit = 1000;
        } else if (n >= 12 && n <= 13) {
            unitDigits = 3;
            millisPerUnit = 1;
        } else if (n >= 15 && n <= 16) {
            unitDigits = 6;
            millisPerUnit = 0;
        } else if (n >= 18 && n <= 19) {
            unitDigits = 9;
            millisPerUnit = 0;
        } else {
            return INVALID;
        }
        long value = 0;
        for (int k = 0; k < n; k++) {
            value = value * 10 + (s.charAt(from + k) - '0');
        }
        int fractionDigits = 0;
        long fractionMillis = 0;
        if (from + n < to) {
            int i = from + n + 1;
            long scale = millisPerUnit == 0 ? 0 : millisPerUnit * 100;
            while (i < to && isDigit(s.charAt(i))) {
                fractionMillis += (s.charAt(i) - '0') * scale / 1000;
                scale /= 10;
                fractionDigits++;
                i++;
            }
            if (i != to || fractionDigits == 0 || fractionDigits > 9) {
                return INVALID;
            }
        }
        long millis;
        if (millisPerUnit == 0) {
            millis = value / (unitDigits == 6 ? 1_000L : 1_000_000L);
        } else {
            millis = value * millisPerUnit + fractionMillis;
        }
        shape.epoch(unitDigits, fractionDigits);
        return millis;
    }

    /** Reads {@code EEE MMM dd HH:mm:ss[.f] yyyy}, as C's ctime and Apache's error log write it. */
    private long parseCtime(CharSequence s, int from, int to) {
        if (to - from < 24 || s.charAt(from + 3) != ' ' || s.charAt(from + 7) != ' '
                || s.charAt(from + 10) != ' ' || s.charAt(to - 5) != ' ') {
            return INVALID;
        }
        int month = month(s, from + 4);
        int d = s.charAt(from + 8) == ' ' ? digits(s, from + 9, 1) : digits(s, from + 8, 2);
        int y = digits(s, to - 4, 4);
        int i = readTime(s, from + 11, to - 5, ".");
        if (month < 0 || d < 1 || y < 0 || i != to - 5 || d > lengthOfMonth(y, month)) {
            return INVALID;
        }
        return local(y, month, d, "EEE MMM dd HH:mm:ss", " yyyy", ZONE_LOCAL, 0);
    }

    /** Reads {@code dd/MMM/yyyy:HH:mm:ss Z}, the stamp of the Common Log Format (Apache, Nginx access logs). */
    private long parseCommonLog(CharSequence s, int from, int to) {
        if (to - from != 26 || s.charAt(from + 6) != '/' || s.charAt(from + 11) != ':'
                || s.charAt(from + 20) != ' ') {
            return INVALID;
        }
        int d = digits(s, from, 2);
        int month = month(s, from + 3);
        int y = digits(s, from + 7, 4);
        int i = readTime(s, from + 12, from + 20, "");
        char sign = s.charAt(from + 21);
        int oh = digits(s, from + 22, 2);
        int om = digits(s, from + 24, 2);
        if (month < 0 || d < 1 || y < 0 || i != from + 20 || d > lengthOfMonth(y, month)
                || (sign != '+' && sign != '-') || oh < 0 || oh > 18 || om < 0 || om > 59) {
            return INVALID;
        }
        int offset = (sign == '-' ? -1 : 1) * (oh * 3600 + om * 60);
        return local(y, month, d, "dd/MMM/yyyy:HH:mm:ss", " Z", ZONE_READ, offset);
    }

    /** Reads {@code yy/MM/dd HH:mm:ss[.f]} (Spark's log4j layout). */
    private long parseShortYear(CharSequence s, int from, int to) {
        if (to - from < 17 || s.charAt(from + 5) != '/' || s.charAt(from + 8) != ' ') {
            return INVALID;
        }
        int y = digits(s, from, 2);
        int month = digits(s, from + 3, 2);
        int d = digits(s, from + 6, 2);
        if (y < 0 || readTime(s, from + 9, to, ".,") != to || !isDate(2000 + y, month, d)) {
            return INVALID;
        }
        return local(2000 + y, month, d, "yy/MM/dd HH:mm:ss", "", ZONE_LOCAL, 0);
    }

    /** Reads {@code MM-dd HH:mm:ss[.f]} (Android's logcat) and {@code MM.dd HH:mm:ss[.f]}, in the current year. */
    private long parseMonthDay(CharSequence s, int from, int to, char separator) {
        if ((separator != '-' && separator != '.') || to - from < 14 || s.charAt(from + 5) != ' ') {
            return INVALID;
        }
        int month = digits(s, from, 2);
        int d = digits(s, from + 3, 2);
        if (month < 1 || month > 12 || d < 1 || readTime(s, from + 6, to, ".,") != to) {
            return INVALID;
        }
        int y = yearOf(month);
        if (d > lengthOfMonth(y, month)) {
            return INVALID;
        }
        acceptYear(y, month);
        return local(y, month, d, separator == '-' ? "MM-dd HH:mm:ss" : "MM.dd HH:mm:ss", "", ZONE_LOCAL, 0);
    }

    /** Reads {@code yyMMdd HHmmss} (Hadoop HDFS). */
    private long parseCompact(CharSequence s, int from, int to) {
        if (to - from != 13) {
            return INVALID;
        }
        int y = digits(s, from, 2);
        int month = digits(s, from + 2, 2);
        int d = digits(s, from + 4, 2);
        int h = digits(s, from + 7, 2);
        int mi = digits(s, from + 9, 2);
        int sec = digits(s, from + 11, 2);
        if (y < 0 || !isDate(2000 + y, month, d) || !isTime(h, mi, sec)) {
            return INVALID;
        }
        readTimeOfDay = ((h * 60L + mi) * 60L + Math.min(sec, 59)) * 1000L;
        readFractionDigits = 0;
        return local(2000 + y, month, d, "yyMMdd HHmmss", "", ZONE_LOCAL, 0);
    }

    /** Reads {@code yyyyMMdd-HH:mm:ss[:SSS]}. */
    private long parseDashed(CharSequence s, int from, int to) {
        int y = digits(s, from, 4);
        int month = digits(s, from + 4, 2);
        int d = digits(s, from + 6, 2);
        if (y < 0 || !isDate(y, month, d) || readTime(s, from + 9, to, ".,:") != to) {
            return INVALID;
        }
        return local(y, month, d, "yyyyMMdd-HH:mm:ss", "", ZONE_LOCAL, 0);
    }

    /**
     * Reads {@code HH:mm:ss} and an optional fraction after one of {@code fractionSeparators} into
     * {@link #readTimeOfDay}; returns the index after it, or -1.
     */
    private int readTime(CharSequence s, int i, int to, String fractionSeparators) {
        if (to - i < 8 || s.charAt(i + 2) != ':' || s.charAt(i + 5) != ':') {
            return -1;
        }
        int h = digits(s, i, 2);
        int mi = digits(s, i + 3, 2);
        int sec = digits(s, i + 6, 2);
        if (!isTime(h, mi, sec)) {
            return -1;
        }
        i += 8;
        int millis = 0;
        int fractionDigits = 0;
        if (i < to && fractionSeparators.indexOf(s.charAt(i)) >= 0) {
            readFractionSeparator = s.charAt(i++);
            int scale = 100;
            while (i < to && isDigit(s.charAt(i))) {
                millis += (s.charAt(i) - '0') * scale;
                scale /= 10;
                fractionDigits++;
                i++;
            }
            if (fractionDigits == 0 || fractionDigits > 9) {
                return -1;
            }
        }
        readFractionDigits = fractionDigits;
        readTimeOfDay = ((h * 60L + mi) * 60L + Math.min(sec, 59)) * 1000L + millis;
        return i;
    }

    /**
     * Returns the date and {@link #readTimeOfDay} as epoch milliseconds, remembering the shape for {@link #format}:
     * {@code pattern} for the date and time, the fraction read, then {@code suffix}.
     */
    private long local(int y, int month, int d, String pattern, String suffix, int zoneKind, int offsetSeconds) {
        shape.pattern(pattern, suffix, readFractionDigits, readFractionSeparator,
                zoneKind == ZONE_READ ? OFFSET_PLAIN : OFFSET_NONE, offsetSeconds);
        long epochDay = epochDay(y, month, d);
        if (zoneKind == ZONE_READ) {
            return epochDay * MILLIS_PER_DAY + readTimeOfDay - offsetSeconds * 1000L;
        }
        return localToEpochMillis(epochDay, readTimeOfDay);
    }

    /** Returns the month (1 to 12) of the English abbreviation at {@code s[i]}, or -1. */
    private static int month(CharSequence s, int i) {
        if (i + 3 > s.length()) {
            return -1;
        }
        for (int m = 0; m < 12; m++) {
            String name = MONTHS[m];
            if (s.charAt(i) == name.charAt(0) && s.charAt(i + 1) == name.charAt(1)
                    && s.charAt(i + 2) == name.charAt(2)) {
                return m + 1;
            }
        }
        return -1;
    }

    private static boolean isDate(int y, int month, int d) {
        return month >= 1 && month <= 12 && d >= 1 && d <= lengthOfMonth(y, month);
    }

    private static boolean isTime(int h, int mi, int sec) {
        return h >= 0 && h <= 23 && mi >= 0 && mi <= 59 && sec >= 0 && sec <= 60;
    }

    /** Returns the year of a date without one: the current year, or the next or previous one at a turn of year. */
    private int yearOf(int month) {
        int y = year;
        if (lastMonth > 0) {
            if (lastMonth - month > 6) {
                y++;
            } else if (month - lastMonth > 6) {
                y--;
            }
        }
        return y;
    }

    private void acceptYear(int y, int month) {
        year = y;
        lastMonth = month;
    }

    private long parseIso(CharSequence s, int from, int to) {
        int i = from;
        int y = -1;
        int mo = 0;
        int d = 0;
        char separator = 'T';
        char dateSeparator = '-';
        if (to - i >= 10 && isDateSeparator(s.charAt(i + 4)) && s.charAt(i + 7) == s.charAt(i + 4)) {
            dateSeparator = s.charAt(i + 4);
            y = digits(s, i, 4);
            mo = digits(s, i + 5, 2);
            d = digits(s, i + 8, 2);
            i += 10;
            if (i >= to) {
                return INVALID;
            }
            separator = s.charAt(i++);
            if (y < 0 || mo < 1 || mo > 12 || d < 1 || d > lengthOfMonth(y, mo)
                    || (separator != 'T' && separator != ' ')) {
                return INVALID;
            }
        }
        if (to - i < 8 || s.charAt(i + 2) != ':' || s.charAt(i + 5) != ':') {
            return INVALID;
        }
        int h = digits(s, i, 2);
        int mi = digits(s, i + 3, 2);
        int sec = digits(s, i + 6, 2);
        if (h < 0 || h > 23 || mi < 0 || mi > 59 || sec < 0 || sec > 60) {
            return INVALID;
        }
        i += 8;
        int millis = 0;
        int fractionDigits = 0;
        char fractionSeparator = '.';
        if (i < to && (s.charAt(i) == '.' || s.charAt(i) == ',')) {
            fractionSeparator = s.charAt(i++);
            int scale = 100;
            while (i < to && isDigit(s.charAt(i))) {
                millis += (s.charAt(i) - '0') * scale;
                scale /= 10;
                fractionDigits++;
                i++;
            }
            if (fractionDigits == 0 || fractionDigits > 9) {
                return INVALID;
            }
        }
        int offsetKind = OFFSET_NONE;
        int offsetSeconds = 0;
        if (i < to) {
            char c = s.charAt(i);
            if (c == 'Z' && i + 1 == to) {
                offsetKind = OFFSET_Z;
                i++;
            } else if (c == '+' || c == '-') {
                int oh = digits(s, i + 1, 2);
                int om = 0;
                if (i + 3 == to) {
                    offsetKind = OFFSET_HOURS;
                } else if (i + 6 == to && s.charAt(i + 3) == ':') {
                    offsetKind = OFFSET_COLON;
                    om = digits(s, i + 4, 2);
                } else if (i + 5 == to) {
                    offsetKind = OFFSET_PLAIN;
                    om = digits(s, i + 3, 2);
                } else {
                    return INVALID;
                }
                if (oh < 0 || oh > 18 || om < 0 || om > 59) {
                    return INVALID;
                }
                offsetSeconds = (c == '-' ? -1 : 1) * (oh * 3600 + om * 60);
                i = to;
            } else {
                return INVALID;
            }
        }
        if (i != to) {
            return INVALID;
        }
        long timeOfDay = ((h * 60L + mi) * 60L + Math.min(sec, 59)) * 1000L + millis;
        long epochDay;
        if (y < 0) {
            epochDay = dayOf(timeOfDay);
        } else {
            epochDay = epochDay(y, mo, d);
        }
        shape.iso(y >= 0, dateSeparator, separator, fractionSeparator, fractionDigits, offsetKind, offsetSeconds);
        if (offsetKind == OFFSET_NONE) {
            return localToEpochMillis(epochDay, timeOfDay);
        }
        return epochDay * MILLIS_PER_DAY + timeOfDay - offsetSeconds * 1000L;
    }

    /** Returns the day of a time of day alone, rolling over at midnight. */
    private long dayOf(long timeOfDay) {
        if (lastTimeOfDay >= 0) {
            if (lastTimeOfDay - timeOfDay > HALF_DAY_MILLIS) {
                day++;
            } else if (timeOfDay - lastTimeOfDay > HALF_DAY_MILLIS) {
                day--;
            }
        }
        lastTimeOfDay = timeOfDay;
        return day;
    }

    /** Reads {@code Mmm dd HH:mm:ss} (RFC 3164), where a one-digit day is padded with a space. */
    private long parseSyslog(CharSequence s, int from, int to) {
        if (to - from != 15 || s.charAt(from + 3) != ' ' || s.charAt(from + 6) != ' ') {
            return INVALID;
        }
        int month = month(s, from);
        int d = s.charAt(from + 4) == ' ' ? digits(s, from + 5, 1) : digits(s, from + 4, 2);
        if (month < 0 || d < 1 || s.charAt(from + 9) != ':' || s.charAt(from + 12) != ':') {
            return INVALID;
        }
        int h = digits(s, from + 7, 2);
        int mi = digits(s, from + 10, 2);
        int sec = digits(s, from + 13, 2);
        if (h < 0 || h > 23 || mi < 0 || mi > 59 || sec < 0 || sec > 60) {
            return INVALID;
        }
        int y = yearOf(month);
        if (d > lengthOfMonth(y, month)) {
            return INVALID;
        }
        acceptYear(y, month);
        shape.syslog();
        long timeOfDay = ((h * 60L + mi) * 60L + Math.min(sec, 59)) * 1000L;
        return localToEpochMillis(epochDay(y, month, d), timeOfDay);
    }

    private long parseCustom(String text) {
        TemporalAccessor t;
        try {
            t = custom.parse(text);
        } catch (DateTimeParseException e) {
            return INVALID;
        }
        try {
            if (t.isSupported(ChronoField.INSTANT_SECONDS)) {
                return Instant.from(t).toEpochMilli();
            }
            LocalTime time = t.isSupported(ChronoField.NANO_OF_DAY) ? LocalTime.from(t) : LocalTime.MIDNIGHT;
            long timeOfDay = time.toNanoOfDay() / 1_000_000L;
            if (t.isSupported(ChronoField.EPOCH_DAY)) {
                return localToEpochMillis(LocalDate.from(t).toEpochDay(), timeOfDay);
            }
            return localToEpochMillis(dayOf(timeOfDay), timeOfDay);
        } catch (DateTimeException e) {
            return INVALID;
        }
    }

    private long localToEpochMillis(long epochDay, long timeOfDay) {
        long localMillis = epochDay * MILLIS_PER_DAY + timeOfDay;
        if (fixedZone) {
            return localMillis - fixedOffsetSeconds * 1000L;
        }
        long localSecond = Math.floorDiv(localMillis, 1000L);
        long hour = Math.floorDiv(localSecond, 3600L);
        if (hour == cachedHour) {
            return localMillis - cachedOffsetSeconds * 1000L;
        }
        int offset = offsetAt(localSecond);
        if (offsetAt(hour * 3600L) == offsetAt(hour * 3600L + 3599L)) {
            cachedHour = hour;
            cachedOffsetSeconds = offset;
        }
        return localMillis - offset * 1000L;
    }

    private int offsetAt(long localSecond) {
        LocalDateTime local = LocalDateTime.ofEpochSecond(localSecond, 0, ZoneOffset.UTC);
        return zone.getRules().getOffset(local).getTotalSeconds();
    }

    /**
     * Returns {@code epochMillis} written in the shape of the last timestamp read (ISO-8601 before any), for
     * lines the tool adds to a log.
     */
    String format(long epochMillis) {
        if (custom != null) {
            try {
                return ZonedDateTime.ofInstant(Instant.ofEpochMilli(epochMillis), zone).format(custom);
            } catch (DateTimeException e) {
                return Instant.ofEpochMilli(epochMillis).toString();
            }
        }
        return shape.format(epochMillis, zone);
    }

    private static boolean isDateSeparator(char c) {
        return c == '-' || c == '/' || c == '.';
    }


    /** Returns the number written by {@code n} ASCII digits at {@code s[i]}, or -1. */
    private static int digits(CharSequence s, int i, int n) {
        if (i + n > s.length()) {
            return -1;
        }
        int v = 0;
        for (int k = 0; k < n; k++) {
            char c = s.charAt(i + k);
            if (!isDigit(c)) {
                return -1;
            }
            v = v * 10 + (c - '0');
        }
        return v;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isUpper(char c) {
        return c >= 'A' && c <= 'Z';
    }

    private static int lengthOfMonth(int y, int m) {
        switch (m) {
            case 2:
                return (y % 4 == 0 && (y % 100 != 0 || y % 400 == 0)) ? 29 : 28;
            case 4:
            case 6:
            case 9:
            case 11:
                return 30;
            default:
                return 31;
        }
    }

    /** Days from 1970-01-01 to the given date of the proleptic Gregorian calendar. */
    static long epochDay(int y, int m, int d) {
        long yy = m <= 2 ? y - 1L : y;
        long era = Math.floorDiv(yy, 400L);
        long yoe = yy - era * 400L;
        long doy = (153L * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
        long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        return era * 146_097L + doe - 719_468L;
    }
}
