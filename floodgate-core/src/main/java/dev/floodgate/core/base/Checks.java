package dev.floodgate.core.base;

import java.time.Duration;
import java.util.Objects;

/** Argument checks whose messages name the setting and the bad value, e.g. {@code "maxKeys must be ..., was -3"}. */
public final class Checks {

    private Checks() {
    }

    /**
     * Returns {@code value} if it lies in {@code [min, max]}.
     *
     * @throws IllegalArgumentException naming {@code setting} and the value otherwise
     */
    public static long inRange(String setting, long value, long min, long max) {
        if (value < min || value > max) {
            throw new IllegalArgumentException(setting + " must be between " + min + " and " + max + ", was " + value);
        }
        return value;
    }

    /**
     * Returns {@code value} if it is at least {@code min}.
     *
     * @throws IllegalArgumentException naming {@code argument} and the value otherwise
     */
    public static long atLeast(String argument, long value, long min) {
        if (value < min) {
            throw new IllegalArgumentException(argument + " must be >= " + min + ", was " + value);
        }
        return value;
    }

    /**
     * Returns {@code value} in milliseconds if it is a whole number of milliseconds in {@code [minMillis, maxMillis]}.
     *
     * @throws IllegalArgumentException naming {@code setting} and the value otherwise
     * @throws NullPointerException if {@code value} is null
     */
    public static long wholeMillis(String setting, Duration value, long minMillis, long maxMillis) {
        Objects.requireNonNull(value, setting);
        if (value.getNano() % 1_000_000 != 0) {
            throw new IllegalArgumentException(setting + " must be a whole number of milliseconds, was " + value);
        }
        long millis;
        try {
            millis = value.toMillis();
        } catch (ArithmeticException e) {
            millis = value.isNegative() ? Long.MIN_VALUE : Long.MAX_VALUE;
        }
        if (millis < minMillis || millis > maxMillis) {
            throw new IllegalArgumentException(setting + " must be between " + Durations.format(minMillis)
                    + " and " + Durations.format(maxMillis) + ", was " + value);
        }
        return millis;
    }
}
