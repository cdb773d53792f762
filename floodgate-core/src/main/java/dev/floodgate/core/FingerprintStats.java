package dev.floodgate.core;

import dev.floodgate.core.base.Checks;

/**
 * One tracked fingerprint as an operator sees it: what it is, how much of it was suppressed in the summary period
 * under way and in the last one, and its limiter's state.
 *
 * <p>Immutable.
 */
public final class FingerprintStats {

    private final String fingerprint;
    private final String loggerName;
    private final String level;
    private final long suppressedThisPeriod;
    private final long suppressedLastPeriod;
    private final String limiterState;

    /**
     * Creates the figures of one fingerprint.
     *
     * @param fingerprint the template as summaries show it (masked and cut, with the throwable when it is part of
     *     the key)
     * @param loggerName the logger when it is part of the key, else null
     * @param level the level when it is part of the key, else null
     * @param suppressedThisPeriod suppressed since the last summaries
     * @param suppressedLastPeriod suppressed in the period the last summaries told
     * @param limiterState the limiter's state in words
     * @throws IllegalArgumentException if a count is negative
     * @throws NullPointerException if {@code fingerprint} or {@code limiterState} is null
     */
    public FingerprintStats(String fingerprint, String loggerName, String level, long suppressedThisPeriod,
            long suppressedLastPeriod, String limiterState) {
        this.fingerprint = java.util.Objects.requireNonNull(fingerprint, "fingerprint");
        this.loggerName = loggerName;
        this.level = level;
        this.suppressedThisPeriod = Checks.inRange("suppressedThisPeriod", suppressedThisPeriod, 0, Long.MAX_VALUE);
        this.suppressedLastPeriod = Checks.inRange("suppressedLastPeriod", suppressedLastPeriod, 0, Long.MAX_VALUE);
        this.limiterState = java.util.Objects.requireNonNull(limiterState, "limiterState");
    }

    /** {@return the template as summaries show it} */
    public String fingerprint() {
        return fingerprint;
    }

    /** {@return the logger when it is part of the fingerprint, else null} */
    public String loggerName() {
        return loggerName;
    }

    /** {@return the level when it is part of the fingerprint, else null} */
    public String level() {
        return level;
    }

    /** {@return the events suppressed since the last summaries} */
    public long suppressedThisPeriod() {
        return suppressedThisPeriod;
    }

    /** {@return the events the last summaries told for this fingerprint} */
    public long suppressedLastPeriod() {
        return suppressedLastPeriod;
    }

    /** {@return the limiter's state in words (for attrition: the attrition and the allowance per timeframe)} */
    public String limiterState() {
        return limiterState;
    }

    @Override
    public String toString() {
        return "FingerprintStats[\"" + fingerprint + "\", thisPeriod=" + suppressedThisPeriod + ", lastPeriod="
                + suppressedLastPeriod + ", " + limiterState + "]";
    }
}
