package dev.floodgate.cli;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * The shape of the last timestamp a {@link TimestampParser} read (ISO-8601 and its variants, a syslog stamp, another
 * pattern, or epoch digits; the separators, the fraction's digits and the offset's form), and the writing of new
 * timestamps in it, for the lines the tool adds to a log. ISO-8601 until a timestamp is read.
 *
 * <p>Not thread-safe: it belongs to its parser.
 */
final class TimestampShape {

    /** How a timestamp wrote its offset: none, {@code Z}, {@code +02:00}, {@code +0200}, {@code +02}. */
    static final int OFFSET_NONE = 0;
    static final int OFFSET_Z = 1;
    static final int OFFSET_COLON = 2;
    static final int OFFSET_PLAIN = 3;
    static final int OFFSET_HOURS = 4;

    private static final int SHAPE_ISO = 0;
    private static final int SHAPE_SYSLOG = 1;
    private static final int SHAPE_PATTERN = 2;
    private static final int SHAPE_EPOCH = 3;

    private boolean known;
    private int kind;
    private boolean date;
    private char dateSeparator = '-';
    /** Of SHAPE_PATTERN: the DateTimeFormatter pattern of the date and time, and what follows the fraction. */
    private String datePattern;
    private String suffix;
    /** Of SHAPE_EPOCH: 0 for seconds, 3 for milliseconds, 6 for microseconds, 9 for nanoseconds. */
    private int epochDigits;
    private DateTimeFormatter formatter;
    private String formatterPattern;
    private char separator = 'T';
    private char fractionSeparator = '.';
    private int fractionDigits = 3;
    private int offsetKind;
    private int offsetSeconds;

    /** Remembers epoch digits: seconds, milliseconds, microseconds or nanoseconds, with a fraction of that many. */
    void epoch(int unitDigits, int fractionDigits) {
        this.known = true;
        this.kind = SHAPE_EPOCH;
        this.epochDigits = unitDigits;
        this.fractionDigits = fractionDigits;
    }

    /**
     * Remembers a timestamp written by {@code datePattern} for its date and time, then its fraction, then
     * {@code suffix}.
     */
    void pattern(String datePattern, String suffix, int fractionDigits, char fractionSeparator, int offsetKind,
            int offsetSeconds) {
        this.known = true;
        this.kind = SHAPE_PATTERN;
        this.datePattern = datePattern;
        this.suffix = suffix;
        this.fractionDigits = fractionDigits;
        this.fractionSeparator = fractionSeparator;
        this.offsetKind = offsetKind;
        this.offsetSeconds = offsetSeconds;
    }

    /** Remembers an ISO-8601 timestamp or one of its log variants; {@code date} false for a time of day alone. */
    void iso(boolean date, char dateSeparator, char separator, char fractionSeparator, int fractionDigits,
            int offsetKind, int offsetSeconds) {
        this.known = true;
        this.kind = SHAPE_ISO;
        this.date = date;
        this.dateSeparator = dateSeparator;
        this.separator = separator;
        this.fractionSeparator = fractionSeparator;
        this.fractionDigits = fractionDigits;
        this.offsetKind = offsetKind;
        this.offsetSeconds = offsetSeconds;
    }

    /** Remembers a syslog stamp, {@code Mmm dd HH:mm:ss}. */
    void syslog() {
        this.known = true;
        this.kind = SHAPE_SYSLOG;
    }

    /** Returns {@code epochMillis} written in this shape, in {@code zone} where the shape had no offset. */
    String format(long epochMillis, ZoneId zone) {
        if (!known) {
            return Instant.ofEpochMilli(epochMillis).toString();
        }
        if (kind == SHAPE_EPOCH) {
            return formatEpoch(epochMillis);
        }
        Instant instant = Instant.ofEpochMilli(epochMillis);
        ZoneOffset offset = kind == SHAPE_SYSLOG || offsetKind == OFFSET_NONE
                ? zone.getRules().getOffset(instant) : ZoneOffset.ofTotalSeconds(offsetSeconds);
        if (kind == SHAPE_PATTERN) {
            return formatPattern(instant.atOffset(offset));
        }
        LocalDateTime t = LocalDateTime.ofInstant(instant, offset);
        StringBuilder sb = new StringBuilder(32);
        if (kind == SHAPE_SYSLOG) {
            sb.append(TimestampParser.MONTHS[t.getMonthValue() - 1]).append(' ');
            if (t.getDayOfMonth() < 10) {
                sb.append(' ');
            }
            sb.append(t.getDayOfMonth()).append(' ');
            appendTime(sb, t);
            return sb.toString();
        }
        if (date) {
            pad(sb, t.getYear(), 4).append(dateSeparator);
            pad(sb, t.getMonthValue(), 2).append(dateSeparator);
            pad(sb, t.getDayOfMonth(), 2).append(separator);
        }
        appendTime(sb, t);
        if (fractionDigits > 0) {
            sb.append(fractionSeparator);
            String millis = String.format(Locale.ROOT, "%03d", t.getNano() / 1_000_000);
            if (fractionDigits <= 3) {
                sb.append(millis, 0, fractionDigits);
            } else {
                sb.append(millis).append("0".repeat(fractionDigits - 3));
            }
        }
        int total = offsetSeconds;
        switch (offsetKind) {
            case OFFSET_Z:
                sb.append('Z');
                break;
            case OFFSET_COLON:
            case OFFSET_PLAIN:
            case OFFSET_HOURS:
                sb.append(total < 0 ? '-' : '+');
                pad(sb, Math.abs(total) / 3600, 2);
                if (offsetKind == OFFSET_COLON) {
                    sb.append(':');
                }
                if (offsetKind != OFFSET_HOURS) {
                    pad(sb, Math.abs(total) / 60 % 60, 2);
                }
                break;
            default:
                break;
        }
        return sb.toString();
    }

    private String formatEpoch(long epochMillis) {
        String whole;
        String fraction;
        switch (epochDigits) {
            case 0:
                whole = Long.toString(Math.floorDiv(epochMillis, 1000L));
                fraction = String.format(Locale.ROOT, "%03d", Math.floorMod(epochMillis, 1000L));
                break;
            case 3:
                whole = Long.toString(epochMillis);
                fraction = "";
                break;
            default:
                whole = epochMillis + "0".repeat(epochDigits - 3);
                fraction = "";
                break;
        }
        if (fractionDigits == 0) {
            return whole;
        }
        String digits = (fraction + "000000000").substring(0, fractionDigits);
        return whole + '.' + digits;
    }

    private String formatPattern(OffsetDateTime t) {
        StringBuilder pattern = new StringBuilder(datePattern);
        if (fractionDigits > 0) {
            pattern.append(fractionSeparator == '.' || fractionSeparator == ',' ? fractionSeparator
                    : "':'");
            pattern.append("S".repeat(fractionDigits));
        }
        pattern.append(suffix);
        String p = pattern.toString();
        if (!p.equals(formatterPattern)) {
            formatter = DateTimeFormatter.ofPattern(p, Locale.ENGLISH);
            formatterPattern = p;
        }
        return formatter.format(t);
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
}
