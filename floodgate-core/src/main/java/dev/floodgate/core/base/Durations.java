package dev.floodgate.core.base;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;

/**
 * Durations as text, both ways: {@link #parse} reads them the way both XML dialects write them (Logback's
 * {@code 5 seconds} / {@code 500 milliseconds}, a bare number being milliseconds as in Logback, short forms
 * {@code 250ms}, {@code 10s}, {@code 5m}, {@code 1h}, {@code 1d}, and ISO-8601 {@code PT5S}), and {@link #format}
 * writes millisecond durations compactly for people ({@code 250ms}, {@code 5s}, {@code 1m30s}, {@code 2h},
 * {@code 1d}), which {@code parse} reads back.
 */
public final class Durations {

    private Durations() {
    }

    /**
     * Parses {@code text}.
     *
     * @throws IllegalArgumentException naming {@code setting} and the text if it is not a duration
     */
    public static Duration parse(String setting, String text) {
        String t = text == null ? "" : text.trim();
        if (t.isEmpty()) {
            throw notADuration(setting, text);
        }
        if (t.charAt(0) == 'P' || t.charAt(0) == 'p' || t.startsWith("-P") || t.startsWith("-p")) {
            try {
                return Duration.parse(t);
            } catch (DateTimeParseException e) {
                throw notADuration(setting, text);
            }
        }
        int split = 0;
        while (split < t.length() && (Character.isDigit(t.charAt(split)) || t.charAt(split) == '.'
                || (split == 0 && t.charAt(0) == '-'))) {
            split++;
        }
        BigDecimal amount;
        try {
            amount = new BigDecimal(t.substring(0, split));
        } catch (NumberFormatException e) {
            throw notADuration(setting, text);
        }
        long unitMillis = unitMillis(t.substring(split).trim().toLowerCase(Locale.ROOT));
        if (unitMillis < 0) {
            throw notADuration(setting, text);
        }
        BigDecimal millis = amount.multiply(BigDecimal.valueOf(unitMillis));
        if (millis.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0
                || millis.compareTo(BigDecimal.valueOf(Long.MIN_VALUE)) < 0) {
            throw new IllegalArgumentException(setting + ": \"" + text + "\" is too long a duration");
        }
        if (millis.stripTrailingZeros().scale() > 0) {
            throw new IllegalArgumentException(setting + ": \"" + text
                    + "\" is not a whole number of milliseconds");
        }
        return Duration.ofMillis(millis.longValueExact());
    }

    private static long unitMillis(String unit) {
        switch (unit) {
            case "":
            case "ms":
            case "milli":
            case "millis":
            case "millisecond":
            case "milliseconds":
                return 1L;
            case "s":
            case "sec":
            case "secs":
            case "second":
            case "seconds":
                return 1_000L;
            case "m":
            case "min":
            case "mins":
            case "minute":
            case "minutes":
                return 60_000L;
            case "h":
            case "hour":
            case "hours":
                return 3_600_000L;
            case "d":
            case "day":
            case "days":
                return 86_400_000L;
            default:
                return -1L;
        }
    }

    private static IllegalArgumentException notADuration(String setting, String text) {
        return new IllegalArgumentException(setting + ": \"" + text
                + "\" is not a duration; write e.g. \"5 seconds\", \"500ms\" or \"PT5S\"");
    }

    /** Returns {@code millis} as the shortest exact combination of d, h, m, s and ms units. */
    public static String format(long millis) {
        if (millis == 0) {
            return "0s";
        }
        StringBuilder sb = new StringBuilder();
        long rest = millis;
        if (rest < 0) {
            sb.append('-');
            rest = -rest;
        }
        rest = unit(sb, rest, 86_400_000L, "d");
        rest = unit(sb, rest, 3_600_000L, "h");
        rest = unit(sb, rest, 60_000L, "m");
        rest = unit(sb, rest, 1_000L, "s");
        unit(sb, rest, 1L, "ms");
        return sb.toString();
    }

    private static long unit(StringBuilder sb, long rest, long size, String name) {
        if (rest >= size) {
            sb.append(rest / size).append(name);
        }
        return rest % size;
    }
}
