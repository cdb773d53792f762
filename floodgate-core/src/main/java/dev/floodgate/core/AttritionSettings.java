package dev.floodgate.core;

import dev.floodgate.core.base.Checks;
import dev.floodgate.core.base.Durations;
import java.time.Duration;
import java.util.Objects;

/**
 * The immutable settings of the Floodgate attrition limiter (FloodgateDotNet 1.0.2), validated once; what each one
 * means is in {@code src/docs/algorithm.md}, "Parameters".
 *
 * <p>Defaults equal FloodgateDotNet's: a window of {@value #DEFAULT_WINDOW_SIZE} timeframes of
 * {@value #DEFAULT_TIMEFRAME_MILLIS} ms, {@value #DEFAULT_TIMEFRAME_SPILLOVER_THRESHOLD} events per timeframe,
 * {@value #DEFAULT_SPILLOVER_THRESHOLD} events per window while well-behaved, logarithm base
 * {@value #DEFAULT_ATTRITION_LOGARITHM_BASE} and an attrition growth of at most
 * {@code -}{@value #DEFAULT_INVERSE_ATTRITION_DELTA_MIN} per timeframe. Ranges are checked up front so that no
 * setting can make the algorithm divide by zero or overflow (algorithm.md, "Departures from the original").
 */
public final class AttritionSettings implements LimiterSettings {

    /** Default number of timeframes in the sliding window. */
    public static final int DEFAULT_WINDOW_SIZE = 5;
    /** Default length of one timeframe, in milliseconds. */
    public static final long DEFAULT_TIMEFRAME_MILLIS = 5_000L;
    /** Default per-timeframe allowance while attrition is 0 (TST). */
    public static final long DEFAULT_TIMEFRAME_SPILLOVER_THRESHOLD = 8L;
    /** Default number of events per window that pass while attrition is 0. */
    public static final long DEFAULT_SPILLOVER_THRESHOLD = 16L;
    /** Default base of the logarithm that shrinks the allowance as attrition grows. */
    public static final int DEFAULT_ATTRITION_LOGARITHM_BASE = 2;
    /** Default lower bound of (old − new) attrition per timeframe: attrition grows by at most 1 per timeframe. */
    public static final long DEFAULT_INVERSE_ATTRITION_DELTA_MIN = -1L;
    /** Default floor of the attrition score. */
    public static final long DEFAULT_ATTRITION_MIN = 0L;

    /** Largest accepted window size. */
    public static final int MAX_WINDOW_SIZE = 1_000;
    /** Largest accepted timeframe, in milliseconds (one day). */
    public static final long MAX_TIMEFRAME_MILLIS = 86_400_000L;
    /** Largest accepted per-timeframe allowance, spillover threshold and attrition floor. */
    public static final long MAX_THRESHOLD = 1_000_000_000L;
    /** Largest accepted logarithm base. */
    public static final int MAX_ATTRITION_LOGARITHM_BASE = 1_000;
    /** Most negative accepted inverse attrition delta min: bounds attrition's growth, so it cannot overflow. */
    public static final long MIN_INVERSE_ATTRITION_DELTA_MIN = -1_000_000L;

    private static final AttritionSettings DEFAULTS = new Builder().build();

    private final int windowSize;
    private final long timeframeMillis;
    private final long timeframeSpilloverThreshold;
    private final long spilloverThreshold;
    private final int attritionLogarithmBase;
    private final long inverseAttritionDeltaMin;
    private final long attritionMin;

    private AttritionSettings(Builder b) {
        this.windowSize = b.windowSize;
        this.timeframeMillis = b.timeframeMillis;
        this.timeframeSpilloverThreshold = b.timeframeSpilloverThreshold;
        this.spilloverThreshold = b.spilloverThreshold;
        this.attritionLogarithmBase = b.attritionLogarithmBase;
        this.inverseAttritionDeltaMin = b.inverseAttritionDeltaMin;
        this.attritionMin = b.attritionMin;
    }

    /** {@return the settings with every default} */
    public static AttritionSettings defaults() {
        return DEFAULTS;
    }

    /** {@return a builder holding every default} */
    public static Builder builder() {
        return new Builder();
    }

    /** {@return a builder holding these settings} */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.windowSize = windowSize;
        b.timeframeMillis = timeframeMillis;
        b.timeframeSpilloverThreshold = timeframeSpilloverThreshold;
        b.spilloverThreshold = spilloverThreshold;
        b.attritionLogarithmBase = attritionLogarithmBase;
        b.inverseAttritionDeltaMin = inverseAttritionDeltaMin;
        b.attritionMin = attritionMin;
        return b;
    }

    /** {@return the number of timeframes in the sliding window} */
    public int windowSize() {
        return windowSize;
    }

    /** {@return the length of one timeframe} */
    public Duration timeframe() {
        return Duration.ofMillis(timeframeMillis);
    }

    /** {@return the length of one timeframe in milliseconds} */
    public long timeframeMillis() {
        return timeframeMillis;
    }

    /** {@return the per-timeframe allowance at attrition 0 (TST)} */
    public long timeframeSpilloverThreshold() {
        return timeframeSpilloverThreshold;
    }

    /** {@return how many events per window pass while attrition is 0} */
    public long spilloverThreshold() {
        return spilloverThreshold;
    }

    /** {@return the base of the logarithm applied to the attrition score} */
    public int attritionLogarithmBase() {
        return attritionLogarithmBase;
    }

    /** {@return the lower bound of (old − new) attrition per timeframe; its negation is the fastest growth} */
    public long inverseAttritionDeltaMin() {
        return inverseAttritionDeltaMin;
    }

    /** {@return the floor of the attrition score} */
    public long attritionMin() {
        return attritionMin;
    }

    /**
     * {@return how long a key must be silent before it may be forgotten: {@code (windowSize + 1) × timeframe},
     * measured from the start of the timeframe of its last event (algorithm.md, "Forgetting an idle key")}
     */
    public long idleMillis() {
        return (windowSize + 1L) * timeframeMillis;
    }


    @Override
    public String describe() {
        StringBuilder sb = new StringBuilder("attrition ")
                .append(timeframeSpilloverThreshold).append('/').append(Durations.format(timeframeMillis))
                .append(", window ").append(windowSize).append('×').append(Durations.format(timeframeMillis))
                .append(", spillover ").append(spilloverThreshold);
        if (attritionLogarithmBase != DEFAULT_ATTRITION_LOGARITHM_BASE) {
            sb.append(", base ").append(attritionLogarithmBase);
        }
        if (inverseAttritionDeltaMin != DEFAULT_INVERSE_ATTRITION_DELTA_MIN) {
            sb.append(", inverseAttritionDeltaMin ").append(inverseAttritionDeltaMin);
        }
        if (attritionMin != DEFAULT_ATTRITION_MIN) {
            sb.append(", attritionMin ").append(attritionMin);
        }
        return sb.toString();
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof AttritionSettings)) {
            return false;
        }
        AttritionSettings that = (AttritionSettings) o;
        return windowSize == that.windowSize
                && timeframeMillis == that.timeframeMillis
                && timeframeSpilloverThreshold == that.timeframeSpilloverThreshold
                && spilloverThreshold == that.spilloverThreshold
                && attritionLogarithmBase == that.attritionLogarithmBase
                && inverseAttritionDeltaMin == that.inverseAttritionDeltaMin
                && attritionMin == that.attritionMin;
    }

    @Override
    public int hashCode() {
        return Objects.hash(windowSize, timeframeMillis, timeframeSpilloverThreshold, spilloverThreshold,
                attritionLogarithmBase, inverseAttritionDeltaMin, attritionMin);
    }

    @Override
    public String toString() {
        return "AttritionSettings[windowSize=" + windowSize
                + ", timeframe=" + Durations.format(timeframeMillis)
                + ", timeframeSpilloverThreshold=" + timeframeSpilloverThreshold
                + ", spilloverThreshold=" + spilloverThreshold
                + ", attritionLogarithmBase=" + attritionLogarithmBase
                + ", inverseAttritionDeltaMin=" + inverseAttritionDeltaMin
                + ", attritionMin=" + attritionMin + "]";
    }

    /**
     * Builds {@link AttritionSettings}; each setter rejects a bad value at once.
     *
     * <p>Not thread-safe.
     */
    public static final class Builder {
        private int windowSize = DEFAULT_WINDOW_SIZE;
        private long timeframeMillis = DEFAULT_TIMEFRAME_MILLIS;
        private long timeframeSpilloverThreshold = DEFAULT_TIMEFRAME_SPILLOVER_THRESHOLD;
        private long spilloverThreshold = DEFAULT_SPILLOVER_THRESHOLD;
        private int attritionLogarithmBase = DEFAULT_ATTRITION_LOGARITHM_BASE;
        private long inverseAttritionDeltaMin = DEFAULT_INVERSE_ATTRITION_DELTA_MIN;
        private long attritionMin = DEFAULT_ATTRITION_MIN;

        private Builder() {
        }

        /**
         * Sets the number of timeframes in the sliding window.
         *
         * @param value the number of timeframes in the sliding window
         * @return this builder
         * @throws IllegalArgumentException if not between 1 and {@value #MAX_WINDOW_SIZE}
         */
        public Builder windowSize(int value) {
            this.windowSize = (int) Checks.inRange("windowSize", value, 1, MAX_WINDOW_SIZE);
            return this;
        }

        /**
         * Sets the length of one timeframe.
         *
         * @param value the length of one timeframe
         * @return this builder
         * @throws IllegalArgumentException if not a whole number of milliseconds between 1 ms and one day
         * @throws NullPointerException if {@code value} is null
         */
        public Builder timeframe(Duration value) {
            this.timeframeMillis = Checks.wholeMillis("timeframe", value, 1, MAX_TIMEFRAME_MILLIS);
            return this;
        }

        /**
         * Sets the length of one timeframe in milliseconds.
         *
         * @param value the length of one timeframe in milliseconds
         * @return this builder
         * @throws IllegalArgumentException if not between 1 ms and one day
         */
        public Builder timeframeMillis(long value) {
            this.timeframeMillis = Checks.inRange("timeframe", value, 1, MAX_TIMEFRAME_MILLIS);
            return this;
        }

        /**
         * Sets the per-timeframe allowance at attrition 0 (TST), also the divisor of skipped counts.
         *
         * @param value the per-timeframe allowance at attrition 0 (TST), also the divisor of skipped counts
         * @return this builder
         * @throws IllegalArgumentException if not between 1 and {@value #MAX_THRESHOLD}
         */
        public Builder timeframeSpilloverThreshold(long value) {
            this.timeframeSpilloverThreshold = Checks.inRange("timeframeSpilloverThreshold", value, 1, MAX_THRESHOLD);
            return this;
        }

        /**
         * Sets how many events per window pass while attrition is 0.
         *
         * @param value how many events per window pass while attrition is 0
         * @return this builder
         * @throws IllegalArgumentException if not between 0 and {@value #MAX_THRESHOLD}
         */
        public Builder spilloverThreshold(long value) {
            this.spilloverThreshold = Checks.inRange("spilloverThreshold", value, 0, MAX_THRESHOLD);
            return this;
        }

        /**
         * Sets the base of the logarithm that shrinks the allowance as attrition grows.
         *
         * @param value the base of the logarithm that shrinks the allowance as attrition grows
         * @return this builder
         * @throws IllegalArgumentException if not between 2 and {@value #MAX_ATTRITION_LOGARITHM_BASE}
         */
        public Builder attritionLogarithmBase(int value) {
            this.attritionLogarithmBase =
                    (int) Checks.inRange("attritionLogarithmBase", value, 2, MAX_ATTRITION_LOGARITHM_BASE);
            return this;
        }

        /**
         * Sets the lower bound of (old − new) attrition per timeframe; −1 lets attrition grow by 1 per timeframe.
         *
         * @param value the lower bound of (old − new) attrition per timeframe; −1 lets attrition grow by 1 per
         *     timeframe
         * @return this builder
         * @throws IllegalArgumentException if not between {@value #MIN_INVERSE_ATTRITION_DELTA_MIN} and −1
         */
        public Builder inverseAttritionDeltaMin(long value) {
            this.inverseAttritionDeltaMin =
                    Checks.inRange("inverseAttritionDeltaMin", value, MIN_INVERSE_ATTRITION_DELTA_MIN, -1);
            return this;
        }

        /**
         * Sets the floor of the attrition score; above 0 the spillover allowance never applies.
         *
         * @param value the floor of the attrition score; above 0 the spillover allowance never applies
         * @return this builder
         * @throws IllegalArgumentException if not between 0 and {@value #MAX_THRESHOLD}
         */
        public Builder attritionMin(long value) {
            this.attritionMin = Checks.inRange("attritionMin", value, 0, MAX_THRESHOLD);
            return this;
        }

        /** {@return the settings} */
        public AttritionSettings build() {
            return new AttritionSettings(this);
        }
    }
}
