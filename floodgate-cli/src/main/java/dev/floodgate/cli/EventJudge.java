package dev.floodgate.cli;

import dev.floodgate.core.Clock;
import dev.floodgate.core.Fingerprint;
import dev.floodgate.core.FloodEngine;
import dev.floodgate.core.FloodgateConfig;
import dev.floodgate.core.summary.SuppressionSummary;
import java.util.List;
import java.util.Locale;

/**
 * Decides rendered log events the way a Floodgate filter would have decided the logging calls: events of loggers
 * outside {@code loggers}/{@code excludeLoggers} and below {@code minLevel} pass unlimited, the others go through
 * one {@link FloodEngine}, fingerprinted by their masked message (the template is gone from a rendered line).
 *
 * <p>Thread-safe as far as {@link FloodEngine} is: {@link #judge} from one thread, summaries from any.
 */
final class EventJudge {

    /** The event passes its limiter. */
    static final int PASSED = 0;
    /** The event is suppressed. */
    static final int SUPPRESSED = 1;
    /** The event is not limited at all (logger or level outside the options). */
    static final int EXEMPT = 2;

    private final FloodgateConfig config;
    private final FloodEngine filter;
    private final int minRank;
    private final boolean limitsAllLoggers;

    EventJudge(FloodgateConfig config, Clock clock) {
        this.config = config;
        this.filter = new FloodEngine(config, clock);
        this.minRank = Levels.optionRank(config.minLevel());
        this.limitsAllLoggers = config.limitsAllLoggers();
    }

    /**
     * Decides one event.
     *
     * @param message the message, with the throwable's class appended when that is part of the fingerprint
     * @param logger the logger, or "" if the log has none
     * @param level the level as written, or null if the log has none (never exempt by level)
     * @return {@link #PASSED}, {@link #SUPPRESSED} or {@link #EXEMPT}
     */
    int judge(String message, String logger, String level) {
        if (exempt(logger, level)) {
            return EXEMPT;
        }
        return filter.suppress(message, false, logger, level, null) ? SUPPRESSED : PASSED;
    }

    /**
     * Returns whether an event is not limited at all: its logger is outside {@code loggers}/{@code excludeLoggers}, or
     * its level is known and below {@code minLevel}.
     *
     * @param logger the logger, or "" if the log has none
     * @param level the level as written, or null if the log has none (never exempt by level)
     */
    boolean exempt(String logger, String level) {
        if (!limitsAllLoggers && !config.limitsLogger(logger)) {
            return true;
        }
        if (minRank > Levels.TRACE) {
            int rank = Levels.rank(level);
            return rank != Levels.UNKNOWN && rank < minRank;
        }
        return false;
    }

    /**
     * Returns the fingerprint of an event that is not {@link #exempt}, for a caller that counts events per
     * fingerprint; decide the event with {@link #suppress}.
     *
     * @param message the message, with the throwable's class appended when that is part of the fingerprint
     * @param template whether {@code message} is the unformatted template of a call with arguments (a JSON log that
     *     carries it), which is not masked, as the adapters decide such a call
     * @param logger the logger, or "" if the log has none
     * @param level the level as written, or null if the log has none
     */
    Fingerprint fingerprint(String message, boolean template, String logger, String level) {
        return filter.fingerprint(message, template, logger, level, null);
    }

    /** Decides an event that is not {@link #exempt} by its {@link #fingerprint}; returns true to suppress it. */
    boolean suppress(Fingerprint fingerprint, String logger, String level) {
        return filter.suppress(fingerprint, logger, level);
    }

    /** Returns the summaries that are due; see {@link FloodEngine#summarizeIfDue()}. */
    List<SuppressionSummary> summarizeIfDue() {
        return filter.summarizeIfDue();
    }

    /** Returns everything still untold and stops limiting; see {@link FloodEngine#close()}. */
    List<SuppressionSummary> close() {
        return filter.close();
    }

    /** Returns the level of a summary line: {@code summaryLevel}, else the level of its messages, else INFO. */
    String summaryLevel(SuppressionSummary s) {
        if (config.summaryLevel() != null) {
            return config.summaryLevel().toUpperCase(Locale.ROOT);
        }
        return s.level() == null ? "INFO" : s.level().toString();
    }

    /** Returns the logger of a summary line: the fingerprint's, else {@link FloodEngine#SUMMARY_LOGGER}. */
    static String summaryLogger(SuppressionSummary s) {
        String logger = s.loggerName();
        return logger == null || logger.isEmpty() ? FloodEngine.SUMMARY_LOGGER : logger;
    }

    /**
     * Decides one event whose message is the unformatted template of a call with arguments (a JSON log that
     * carries it), as the adapters decide such a call: the template is not masked.
     *
     * @return {@link #PASSED}, {@link #SUPPRESSED} or {@link #EXEMPT}
     */
    int judgeTemplate(String template, String logger, String level) {
        if (exempt(logger, level)) {
            return EXEMPT;
        }
        return filter.suppress(template, true, logger, level, null) ? SUPPRESSED : PASSED;
    }
}
