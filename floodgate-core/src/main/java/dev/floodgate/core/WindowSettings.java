package dev.floodgate.core;

import dev.floodgate.core.base.Checks;
import dev.floodgate.core.base.Durations;
import java.time.Duration;
import java.util.Objects;

/**
 * The immutable settings of the sliding-window limiter (Algorithm::FloodControl): at most {@code count} events per
 * {@code period} for each key, validated once.
 *
 * <p>Defaults: {@value #DEFAULT_COUNT} events per {@value #DEFAULT_PERIOD_MILLIS} ms. Each key keeps the timestamps of
 * its last {@code count} allowed events, so {@code count} is capped at {@value #MAX_COUNT} to bound memory.
 */
public final class WindowSettings implements LimiterSettings {

    /** Default number of events allowed per period. */
    public static final int DEFAULT_COUNT = 10;
    /** Default length of the period, in milliseconds. */
    public static final long DEFAULT_PERIOD_MILLIS = 60_000L;

    /** Largest accepted count: each key holds one {@code long} per allowed event of the window. */
    public static final int MAX_COUNT = 10_000;
    /** Largest accepted period, in milliseconds (one day). */
    public static final long MAX_PERIOD_MILLIS = 86_400_000L;

    private static final WindowSettings DEFAULTS = new Builder().build();

    private final int count;
    private final long periodMillis;

    private WindowSettings(Builder b) {
        this.count = b.count;
        this.periodMillis = b.periodMillis;
    }

    /** {@return the settings with every default} */
    public static WindowSettings defaults() {
        return DEFAULTS;
    }

    /** {@return a builder holding every default} */
    public static Builder builder() {
        return new Builder();
    }

    /** {@return a builder holding these settings} */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.count = count;
        b.periodMillis = periodMillis;
        return b;
    }

    /** {@return the number of events allowed per period} */
    public int count() {
        return count;
    }

    /** {@return the length of the period} */
    public Duration period() {
        return Duration.ofMillis(periodMillis);
    }

    /** {@return the length of the period in milliseconds} */
    public long periodMillis() {
        return periodMillis;
    }



    /** Returns {@code window <count>/<period>}, e.g. {@code window 10/1m}. */
    @Override
    public String describe() {
        return "window " + count + '/' + Durations.format(periodMillis);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof WindowSettings)) {
            return false;
        }
        WindowSettings that = (WindowSettings) o;
        return count == that.count && periodMillis == that.periodMillis;
    }

    @Override
    public int hashCode() {
        return Objects.hash(count, periodMillis);
    }

    @Override
    public String toString() {
        return "WindowSettings[count=" + count + ", period=" + Durations.format(periodMillis) + "]";
    }

    /**
     * Builds {@link WindowSettings}; each setter rejects a bad value at once.
     *
     * <p>Not thread-safe.
     */
    public static final class Builder {
        private int count = DEFAULT_COUNT;
        private long periodMillis = DEFAULT_PERIOD_MILLIS;

        private Builder() {
        }

        /**
         * Sets the number of events allowed per period.
         *
         * @param value the number of events allowed per period
         * @return this builder
         * @throws IllegalArgumentException if not between 1 and {@value #MAX_COUNT}
         */
        public Builder count(int value) {
            this.count = (int) Checks.inRange("count", value, 1, MAX_COUNT);
            return this;
        }

        /**
         * Sets the length of the period.
         *
         * @param value the length of the period
         * @return this builder
         * @throws IllegalArgumentException if not a whole number of milliseconds between 1 ms and one day
         * @throws NullPointerException if {@code value} is null
         */
        public Builder period(Duration value) {
            this.periodMillis = Checks.wholeMillis("period", value, 1, MAX_PERIOD_MILLIS);
            return this;
        }

        /**
         * Sets the length of the period in milliseconds.
         *
         * @param value the length of the period in milliseconds
         * @return this builder
         * @throws IllegalArgumentException if not between 1 ms and one day
         */
        public Builder periodMillis(long value) {
            this.periodMillis = Checks.inRange("period", value, 1, MAX_PERIOD_MILLIS);
            return this;
        }

        /** {@return the settings} */
        public WindowSettings build() {
            return new WindowSettings(this);
        }
    }
}
