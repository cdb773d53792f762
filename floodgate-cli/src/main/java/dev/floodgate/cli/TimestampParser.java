package dev.floodgate.cli;

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
 * {@code 2024-05-01 10:00:00,123}, with or without fraction and offset), time of day alone ({@code 10:00:00.123},
 * Logback's and Log4j2's default) and the syslog RFC 3164 stamp ({@code May  1 10:00:00}). A time of day alone is
 * placed on the start date and moves to the next day when the time jumps back by more than 12 hours (midnight);
 * a syslog stamp takes the start date's year and moves to the next year when the month jumps back by more than
 * six. Timestamps without an offset are in the given zone.
 *
 * <p>Not thread-safe: it keeps the current day and year. Parsing a built-in shape allocates nothing.
 */
final class TimestampParser {

    /** What {@link #parse} returns for text that is not a timestamp. */
    static final long INVALID = Long.MIN_VALUE;

    private static final long MILLIS_PER_DAY = 86_400_000L;
    private static final long HALF_DAY_MILLIS = MILLIS_PER_DAY / 2;
    private static final String[] MONTHS = {"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct",
        "Nov", "Dec"};

    private static final int OFFSET_NONE = 0;
    private static final int OFFSET_Z = 1;
    private static final int OFFSET_COLON = 2;
    private static final int OFFSET_PLAIN = 3;
    private static final int OFFSET_HOURS = 4;

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

    // Shape of the last timestamp read, for format().
    private boolean shapeKnown;
    private boolean shapeSyslog;
    private boolean shapeDate;
    private char shapeSeparator = 'T';
    private char shapeFractionSeparator = '.';
    private int shapeFractionDigits = 3;
    private int shapeOffset;
    private int shapeOffsetSeconds;

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
        if (to - from >= 15 && isUpper(s.charAt(from))) {
            return parseSyslog(s, from, to);
        }
        return parseIso(s, from, to);
    }

    private long parseIso(CharSequence s, int from, int to) {
        int i = from;
        int y = -1;
        int mo = 0;
        int d = 0;
        char separator = 'T';
        if (to - i >= 10 && s.charAt(i + 4) == '-' && s.charAt(i + 7) == '-') {
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
        rememberIso(y >= 0, separator, fractionSeparator, fractionDigits, offsetKind, offsetSeconds);
        if (offsetKind == OFFSET_NONE) {
            return localToEpochMillis(epochDay, timeOfDay);
        }
        return epochDay * MILLIS_PER_DAY + timeOfDay - offsetSeconds * 1000L;
    }

    private void rememberIso(boolean date, char separator, char fractionSeparator, int fractionDigits,
            int offsetKind, int offsetSeconds) {
        shapeKnown = true;
        shapeSyslog = false;
        shapeDate = date;
        shapeSeparator = separator;
        shapeFractionSeparator = fractionSeparator;
        shapeFractionDigits = fractionDigits;
        shapeOffset = offsetKind;
        shapeOffsetSeconds = offsetSeconds;
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
        int month = -1;
        for (int m = 0; m < 12; m++) {
            String name = MONTHS[m];
            if (s.charAt(from) == name.charAt(0) && s.charAt(from + 1) == name.charAt(1)
                    && s.charAt(from + 2) == name.charAt(2)) {
                month = m + 1;
                break;
            }
        }
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
        int y = year;
        if (lastMonth > 0) {
            if (lastMonth - month > 6) {
                y++;
            } else if (month - lastMonth > 6) {
                y--;
            }
        }
        if (d > lengthOfMonth(y, month)) {
            return INVALID;
        }
        year = y;
        lastMonth = month;
        shapeKnown = true;
        shapeSyslog = true;
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
        if (!shapeKnown) {
            return Instant.ofEpochMilli(epochMillis).toString();
        }
        Instant instant = Instant.ofEpochMilli(epochMillis);
        ZoneOffset offset = shapeSyslog || shapeOffset == OFFSET_NONE ? zone.getRules().getOffset(instant)
                : ZoneOffset.ofTotalSeconds(shapeOffsetSeconds);
        LocalDateTime t = LocalDateTime.ofInstant(instant, offset);
        StringBuilder sb = new StringBuilder(32);
        if (shapeSyslog) {
            sb.append(MONTHS[t.getMonthValue() - 1]).append(' ');
            if (t.getDayOfMonth() < 10) {
                sb.append(' ');
            }
            sb.append(t.getDayOfMonth()).append(' ');
            appendTime(sb, t);
            return sb.toString();
        }
        if (shapeDate) {
            pad(sb, t.getYear(), 4).append('-');
            pad(sb, t.getMonthValue(), 2).append('-');
            pad(sb, t.getDayOfMonth(), 2).append(shapeSeparator);
        }
        appendTime(sb, t);
        if (shapeFractionDigits > 0) {
            sb.append(shapeFractionSeparator);
            String millis = String.format(Locale.ROOT, "%03d", t.getNano() / 1_000_000);
            if (shapeFractionDigits <= 3) {
                sb.append(millis, 0, shapeFractionDigits);
            } else {
                sb.append(millis).append("0".repeat(shapeFractionDigits - 3));
            }
        }
        int total = shapeOffsetSeconds;
        switch (shapeOffset) {
            case OFFSET_Z:
                sb.append('Z');
                break;
            case OFFSET_COLON:
            case OFFSET_PLAIN:
            case OFFSET_HOURS:
                sb.append(total < 0 ? '-' : '+');
                pad(sb, Math.abs(total) / 3600, 2);
                if (shapeOffset == OFFSET_COLON) {
                    sb.append(':');
                }
                if (shapeOffset != OFFSET_HOURS) {
                    pad(sb, Math.abs(total) / 60 % 60, 2);
                }
                break;
            default:
                break;
        }
        return sb.toString();
    }

    private static void appendTime(StringBuilder sb, LocalDateTime t) {
        pad(sb, t.getHour(), 2).append(':');
        pad(sb, t.getMinute(), 2).append(':');
        pad(sb, t.getSecond(), 2);
    }

    private static StringBuilder pad(StringBuilder sb, int value, int width) {
        String v = Integer.toString(value);
        for (int i = v.length(); i < width; i++) {
            sb.append('0');
        }
        return sb.append(v);
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
