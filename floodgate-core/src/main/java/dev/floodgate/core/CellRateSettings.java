package dev.floodgate.core;

import dev.floodgate.core.base.Checks;
import dev.floodgate.core.base.Durations;
import java.time.Duration;
import java.util.Objects;

/**
 * The immutable settings of the cell-rate limiter (GCRA, as redis-cell's {@code CL.THROTTLE}): {@code count} events
 * per {@code period} for each key, with bursts of up to {@code burst + 1} events, validated once.
 *
 * <p>Defaults: {@value #DEFAULT_COUNT} events per {@value #DEFAULT_PERIOD_MILLIS} ms with a burst of
 * {@value #DEFAULT_BURST}, so a quiet key may send {@code burst + 1} events at once. Events are spaced by the exact
 * emission interval {@code period / count} (kept as a fraction, so 3 per second is 3 per second), and {@code count}
 * may not exceed the period in milliseconds.
 */
public final class CellRateSettings implements LimiterSettings {

    /** Default number of events beyond the first that a quiet key may send at once. */
    public static final long DEFAULT_BURST = 9L;
    /** Default number of events per period, sustained. */
    public static final long DEFAULT_COUNT = 10L;
    /** Default length of the period, in milliseconds. */
    public static final long DEFAULT_PERIOD_MILLIS = 60_000L;

    /** Largest accepted burst. */
    public static final long MAX_BURST = 1_000_000_000L;
    /** Largest accepted period, in milliseconds (one day). */
    public static final long MAX_PERIOD_MILLIS = 86_400_000L;
    /** Largest accepted count: one event per millisecond over the longest period. */
    public static final long MAX_COUNT = MAX_PERIOD_MILLIS;

    private static final CellRateSettings DEFAULTS = new Builder().build();

    private final long burst;
    private final long count;
    private final long periodMillis;

    private CellRateSettings(Builder b) {
        this.burst = b.burst;
        this.count = b.count;
        this.periodMillis = b.periodMillis;
    }

    /** {@return the settings with every default} */
    public static CellRateSettings defaults() {
        return DEFAULTS;
    }

    /** {@return a builder holding every default} */
    public static Builder builder() {
        return new Builder();
    }

    /** {@return a builder holding these settings} */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.burst = burst;
        b.count = count;
        b.periodMillis = periodMillis;
        return b;
    }

    /** {@return how many events beyond the first a quiet key may send at once (redis-cell's {@code max_burst})} */
    public long burst() {
        return burst;
    }

    /** {@return the number of events per period, sustained} */
    public long count() {
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

    /** {@return how many events a quiet key may send at once, {@code burst + 1} (redis-cell's limit)} */
    public long limit() {
        return burst + 1;
    }

    /**
     * {@return the time between two events at the sustained rate rounded up to whole milliseconds,
     * {@code ceil(period / count)}; the limiter itself uses the exact fraction}
     */
    public long emissionIntervalMillis() {
        return (periodMillis + count - 1) / count;
    }



    /** Returns {@code cell <count>/<period>, burst <burst>}, e.g. {@code cell 10/1m, burst 9}. */
    @Override
    public String describe() {
        return "cell " + count + '/' + Durations.format(periodMillis) + ", burst " + burst;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof CellRateSettings)) {
            return false;
        }
        CellRateSettings that = (CellRateSettings) o;
        return burst == that.burst && count == that.count && periodMillis == that.periodMillis;
    }

    @Override
    public int hashCode() {
        return Objects.hash(burst, count, periodMillis);
    }

    @Override
    public String toString() {
        return "CellRateSettings[burst=" + burst + ", count=" + count + ", period="
                + Durations.format(periodMillis) + "]";
    }

    /**
     * Builds {@link CellRateSettings}; each setter rejects a bad value at once and {@link #build()} checks that the
     * count fits the period.
     *
     * <p>Not thread-safe.
     */
    public static final class Builder {
        private long burst = DEFAULT_BURST;
        private long count = DEFAULT_COUNT;
        private long periodMillis = DEFAULT_PERIOD_MILLIS;

        private Builder() {
        }

        /**
         * Sets how many events beyond the first a quiet key may send at once.
         *
         * @param value how many events beyond the first a quiet key may send at once
         * @return this builder
         * @throws IllegalArgumentException if not between 0 and {@value #MAX_BURST}
         */
        public Builder burst(long value) {
            this.burst = Checks.inRange("burst", value, 0, MAX_BURST);
            return this;
        }

        /**
         * Sets the number of events per period, sustained.
         *
         * @param value the number of events per period, sustained
         * @return this builder
         * @throws IllegalArgumentException if not between 1 and {@value #MAX_COUNT}
         */
        public Builder count(long value) {
            this.count = Checks.inRange("count", value, 1, MAX_COUNT);
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

        /**
         * {@return the settings}
         *
         * @throws IllegalArgumentException if the count exceeds the period in milliseconds (events closer than 1 ms)
         */
        public CellRateSettings build() {
            if (count > periodMillis) {
                throw new IllegalArgumentException("count must be at most " + periodMillis + " for period "
                        + Durations.format(periodMillis) + " (one event per millisecond), was " + count);
            }
            return new CellRateSettings(this);
        }
    }
}
