package dev.floodgate.logback;

import dev.floodgate.core.Option;

/**
 * The option setters of both Floodgate filters: one per {@link Option}, named after {@link Option#key()}, each
 * storing the text as written in {@code logback.xml}; the filter validates everything in {@code start()}.
 *
 * <p>Joran finds these default methods as the filters' bean properties, so {@code <timeframe>5 seconds</timeframe>}
 * inside either filter calls {@link #setTimeframe(String)}.
 */
public interface OptionSetters {

    /** Stores {@code value} for {@code option}, as written in XML; null restores the default. */
    void setOption(Option option, String value);

    /** Sets {@code limiter}: {@code attrition}, {@code window} or {@code cell}; see {@link Option#LIMITER}. */
    default void setLimiter(String value) {
        setOption(Option.LIMITER, value);
    }

    /** Sets {@code count}: events per period (window and cell); see {@link Option#COUNT}. */
    default void setCount(String value) {
        setOption(Option.COUNT, value);
    }

    /** Sets {@code period}: the period of {@code count} (window and cell); see {@link Option#PERIOD}. */
    default void setPeriod(String value) {
        setOption(Option.PERIOD, value);
    }

    /** Sets {@code burst}: extra events at once (cell); see {@link Option#BURST}. */
    default void setBurst(String value) {
        setOption(Option.BURST, value);
    }

    /** Sets {@code cap}: the global cap: {@code none}, {@code window} or {@code cell}; see {@link Option#CAP}. */
    default void setCap(String value) {
        setOption(Option.CAP, value);
    }

    /** Sets {@code capCount}: events per {@code capPeriod} through this filter; see {@link Option#CAP_COUNT}. */
    default void setCapCount(String value) {
        setOption(Option.CAP_COUNT, value);
    }

    /** Sets {@code capPeriod}: the period of {@code capCount}; see {@link Option#CAP_PERIOD}. */
    default void setCapPeriod(String value) {
        setOption(Option.CAP_PERIOD, value);
    }

    /** Sets {@code capBurst}: extra events at once through a {@code cell} cap; see {@link Option#CAP_BURST}. */
    default void setCapBurst(String value) {
        setOption(Option.CAP_BURST, value);
    }

    /** Sets {@code windowSize}: number of timeframes the limiter remembers; see {@link Option#WINDOW_SIZE}. */
    default void setWindowSize(String value) {
        setOption(Option.WINDOW_SIZE, value);
    }

    /** Sets {@code timeframe}: length of one timeframe, e.g. {@code 5 seconds}; see {@link Option#TIMEFRAME}. */
    default void setTimeframe(String value) {
        setOption(Option.TIMEFRAME, value);
    }

    /** Sets {@code timeframeSpilloverThreshold}; see {@link Option#TIMEFRAME_SPILLOVER_THRESHOLD}. */
    default void setTimeframeSpilloverThreshold(String value) {
        setOption(Option.TIMEFRAME_SPILLOVER_THRESHOLD, value);
    }

    /** Sets {@code spilloverThreshold}; see {@link Option#SPILLOVER_THRESHOLD}. */
    default void setSpilloverThreshold(String value) {
        setOption(Option.SPILLOVER_THRESHOLD, value);
    }

    /** Sets {@code attritionLogarithmBase}; see {@link Option#ATTRITION_LOGARITHM_BASE}. */
    default void setAttritionLogarithmBase(String value) {
        setOption(Option.ATTRITION_LOGARITHM_BASE, value);
    }

    /** Sets {@code inverseAttritionDeltaMin}; see {@link Option#INVERSE_ATTRITION_DELTA_MIN}. */
    default void setInverseAttritionDeltaMin(String value) {
        setOption(Option.INVERSE_ATTRITION_DELTA_MIN, value);
    }

    /** Sets {@code attritionMin}; see {@link Option#ATTRITION_MIN}. */
    default void setAttritionMin(String value) {
        setOption(Option.ATTRITION_MIN, value);
    }

    /** Sets {@code maxKeys}: most fingerprints tracked at once; see {@link Option#MAX_KEYS}. */
    default void setMaxKeys(String value) {
        setOption(Option.MAX_KEYS, value);
    }

    /** Sets {@code includeLogger}: {@code true} or {@code false}; see {@link Option#INCLUDE_LOGGER}. */
    default void setIncludeLogger(String value) {
        setOption(Option.INCLUDE_LOGGER, value);
    }

    /** Sets {@code includeLevel}: {@code true} or {@code false}; see {@link Option#INCLUDE_LEVEL}. */
    default void setIncludeLevel(String value) {
        setOption(Option.INCLUDE_LEVEL, value);
    }

    /** Sets {@code includeThrowable}: {@code true} or {@code false}; see {@link Option#INCLUDE_THROWABLE}. */
    default void setIncludeThrowable(String value) {
        setOption(Option.INCLUDE_THROWABLE, value);
    }

    /** Sets {@code includeThrowableFrame}; see {@link Option#INCLUDE_THROWABLE_FRAME}. */
    default void setIncludeThrowableFrame(String value) {
        setOption(Option.INCLUDE_THROWABLE_FRAME, value);
    }

    /** Sets {@code maskTokens}: {@code true} or {@code false}; see {@link Option#MASK_TOKENS}. */
    default void setMaskTokens(String value) {
        setOption(Option.MASK_TOKENS, value);
    }

    /** Sets {@code exemptMarkers}: comma-separated marker names; see {@link Option#EXEMPT_MARKERS}. */
    default void setExemptMarkers(String value) {
        setOption(Option.EXEMPT_MARKERS, value);
    }

    /** Sets {@code minLevel}: TRACE, DEBUG, INFO, WARN or ERROR; see {@link Option#MIN_LEVEL}. */
    default void setMinLevel(String value) {
        setOption(Option.MIN_LEVEL, value);
    }

    /** Sets {@code loggers}: comma-separated logger name prefixes; see {@link Option#LOGGERS}. */
    default void setLoggers(String value) {
        setOption(Option.LOGGERS, value);
    }

    /** Sets {@code excludeLoggers}: comma-separated logger name prefixes; see {@link Option#EXCLUDE_LOGGERS}. */
    default void setExcludeLoggers(String value) {
        setOption(Option.EXCLUDE_LOGGERS, value);
    }

    /** Sets {@code summaryInterval}, e.g. {@code 30 seconds}; see {@link Option#SUMMARY_INTERVAL}. */
    default void setSummaryInterval(String value) {
        setOption(Option.SUMMARY_INTERVAL, value);
    }

    /** Sets {@code maxSummaryLines}: most summary lines per interval; see {@link Option#MAX_SUMMARY_LINES}. */
    default void setMaxSummaryLines(String value) {
        setOption(Option.MAX_SUMMARY_LINES, value);
    }

    /** Sets {@code summaryLevel}: a level, or empty for each message's own; see {@link Option#SUMMARY_LEVEL}. */
    default void setSummaryLevel(String value) {
        setOption(Option.SUMMARY_LEVEL, value);
    }

    /** Sets {@code dryRun}: {@code true} or {@code false}; see {@link Option#DRY_RUN}. */
    default void setDryRun(String value) {
        setOption(Option.DRY_RUN, value);
    }
}
