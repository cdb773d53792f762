package dev.floodgate.core.jmx;

import dev.floodgate.core.FingerprintStats;
import java.util.Objects;

/**
 * One fingerprint as a JMX composite: the JavaBean view of {@link FingerprintStats}.
 *
 * <p>Immutable.
 */
public final class FingerprintRow {

    private final FingerprintStats stats;

    /**
     * Creates the row of one fingerprint.
     *
     * @param stats the fingerprint's figures
     * @throws NullPointerException if {@code stats} is null
     */
    public FingerprintRow(FingerprintStats stats) {
        this.stats = Objects.requireNonNull(stats, "stats");
    }


    /** {@return the template as summaries show it} */
    public String getFingerprint() {
        return stats.fingerprint();
    }

    /** {@return the logger when it is part of the fingerprint, else empty} */
    public String getLoggerName() {
        return stats.loggerName() == null ? "" : stats.loggerName();
    }

    /** {@return the level when it is part of the fingerprint, else empty} */
    public String getLevel() {
        return stats.level() == null ? "" : stats.level();
    }

    /** {@return the events suppressed since the last summaries} */
    public long getSuppressedThisPeriod() {
        return stats.suppressedThisPeriod();
    }

    /** {@return the events the last summaries told} */
    public long getSuppressedLastPeriod() {
        return stats.suppressedLastPeriod();
    }

    /** {@return the limiter's state in words} */
    public String getLimiterState() {
        return stats.limiterState();
    }
}
