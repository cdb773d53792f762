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

    /**
     * Stores {@code value} for {@code option}, as written in XML; null restores the default.
     *
     * @param option the option
     * @param value the element's text, as written in {@code logback.xml}; null restores the default
     */
    void setOption(Option option, String value);

    /**
     * Sets {@code limiter}: {@code attrition}, {@code window} or {@code cell}; see {@link Option#LIMITER}.
     *
     * @param value the element's text, as written in {@code logback.xml}; null restores the default
     */
    default void setLimiter(String value) {
        setOption(Option.LIMITER, value);
    }

    /**
     * Sets {@code count}: events per period (window and cell); see {@link Option#COUNT}.
     *
     * @param value the element's text, as written in {@code logback.xml}; null restores the default
     */
    default void setCount(String value) {
        setOption(Option.COUNT, value);
    }

    /**
     * Sets {@code period}: the period of {@code count} (window and cell); see {@link Option#PERIOD}.
     *
     * @param value the element's text, as written in {@code logback.xml}; null restores the default
     */
    default void setPeriod(String value) {
        setOption(Option.PERIOD, value);
    }

    /**
     * Sets {@code burst}: extra events at once (cell); see {@link Option#BURST}.
     *
     * @param value the element's text, as written in {@code logback.xml}; null restores the default
     */
    default void setBurst(String value) {
        setOption(Option.BURST, value);
    }

    /**
     * Sets {@code cap}: the global cap: {@code none}, {@code window} or {@code cell}; see {@link Option#CAP}.
     *
     * @param value the element's text, as written in {@code logback.xml}; null restores the default
     */
    default void setCap(String value) {
        setOption(Option.CAP, value);
    }

    /**
     * Sets {@code capCount}: events per {@code capPeriod} through this filter; see {@link Option#CAP_COUNT}.
     *
     * @param value the element's text, as written in {@code logback.xml}; null restores the default
     */
    default void setCapCount(String value) {
        setOption(Option.CAP_COUNT, value);
    }

    /**
     * Sets {@code capPeriod}: the period of {@code capCount}; see {@link Option#CAP_PERIOD}.
     *
     * @param value the element's text, as written in {@code logback.xml}; null restores the default
     */
    default void setCapPeriod(String value) {
        setOption(Option.CAP_PERIOD, value);
    }

    /**
     * Sets {@code capBurst}: extra events at once through a {@code cell} cap; see {@link Option#CAP_BURST}.
     *
     * @param value the element's text, as written in {@code logback.xml}; null restores the default
     */
    default void setCapBurst(String value) {
        setOption(Option.CAP_BURST, value);
    }

    /**
     * Sets {@code fleet}: the Redis URI of the fleet limit; see {@link Option#FLEET}.
     *
     * @param value the element's text, as written in {@code logback.xml}; null restores the default
     */
    default void setFleet(String value) {
        setOption(Option.FLEET, value);
    }

    /**
     * Sets {@code fleetCount}: events per fleetPeriod across the fleet; see {@link Option#FLEET_COUNT}.
     *
     * @param value the element's text, as written in {@code logback.xml}; null restores the default
     */
    default void setFleetCount(String value) {
        setOption(Option.FLEET_COUNT, value);
    }

    /**
     * Sets {@code fleetPeriod}: the period of fleetCount; see {@link Option#FLEET_PERIOD}.
     *
     * @param value the element's text, as written in {@code logback.xml}; null restores the default
     */
    default void setFleetPeriod(String value) {
        setOption(Option.FLEET_PERIOD, value);
    }

    /**
     * Sets {@code fleetBurst}: extra events at once across the fleet; see {@link Option#FLEET_BURST}.
     *
     * @param value the element's text, as written in {@code logback.xml}; null restores the default
     */
    default void setFleetBurst(String value) {
        setOption(Option.FLEET_BURST, value);
    }

    /**
     * Sets {@code fleetPrefix}: the Redis key prefix of the fleet limit; see {@link Option#FLEET_PREFIX}.
     *
     * @param value the element's text, as written in {@code logback.xml}; null restores the default
     */
    default void setFleetPrefix(String value) {
        setOption(Option.FLEET_PREFIX, value);
    }

    /**
     * Sets {@code windowSize}: number of timeframes the limiter remembers; see {@link Option#WINDOW_SIZE}.
     *
     * @param value the element's text, as written in {@code logback.xml}; null restores the default
     */
    default void setWindowSize(String value) {
        setOption(Option.WINDOW_SIZE, value);
    }

    /**
     * Sets {@code timeframe}: length of one timeframe, e.g. {@code 5 seconds}; see {@link Option#TIMEFRAME}.
     *
     * @param value the element's text, as written in {@code logback.xml}; null restores the default
     */
    default void setTimeframe(String value) {
        setOption(Option.TIMEFRAME, value);
    }

    /**
     * Sets {@code timeframeSpilloverThreshold}; see {@link Option#TIMEFRAME_SPILLOVER_THRESHOLD}.
     *
     * @param value the element's text, as written in {@code logback.xml}; null restores the default
     */
    default void setTimeframeSpilloverThreshold(String value) {
        setOption(Option.TIMEFRAME_SPILLOVER_THRESHOLD, value);
    }

    /**
     * Sets {@code spilloverThreshold}; see {@link Option#SPILLOVER_THRESHOLD}.
     *
     * @param value the element's text, as written in {@code logback.xml}; null restores the default
     */
    default void setSpilloverThreshold(String value) {
        setOption(Option.SPILLOVER_THRESHOLD, value);
    }

    /**
     * Sets {@code attritionLogarithmBase}; see {@link Option#ATTRITION_LOGARITHM_BASE}.
     *
     * @param value the element's text, as written in {@code logback.xml}; null restores the default
     */
    default void setAttritionLogarithmBase(String value) {
        setOption(Option.ATTRITION_LOGARITHM_BASE, value);
    }

    /**
     * Sets {@code inverseAttritionDeltaMin}; see {@link Option#INVERSE_ATTRITION_DELTA_MIN}.
     *
     * @param value the element's text, as written in {@code logback.xml}; null restores the default
     */
    default void setInverseAttritionDeltaMin(String value) {
        setOption(Option.INVERSE_ATTRITION_DELTA_MIN, value);
    }

    /**
     * Sets {@code attritionMin}; see {@link Option#ATTRITION_MIN}.
     *
     * @param value the element's text, as written in {@code logback.xml}; null restores the default
     */
    default void setAttritionMin(String value) {
        setOption(Option.ATTRITION_MIN, value);
    }

    /**
     * Sets {@code maxKeys}: most fingerprints tracked at once; see {@link Option#MAX_KEYS}.
     *
     * @param value the element's text, as written in {@code logback.xml}; null restores the default
     */
    default void setMaxKeys(String value) {
        setOption(Option.MAX_KEYS, value);
    }

    /**
     * Sets {@code includeLogger}: {@code true} or {@code false}; see {@link Option#INCLUDE_LOGGER}.
     *
     * @param value the element's text, as written in {@code logback.xml}; null restores the default
     */
    default void setIncludeLogger(String value) {
        setOption(Option.INCLUDE_LOGGER, value);
    }

    /**
     * Sets {@code includeLevel}: {@code true} or {@code false}; see {@link Option#INCLUDE_LEVEL}.
     *
     * @param value the element's text, as written in {@code logback.xml}; null restores the default
     */
    default void setIncludeLevel(String value) {
        setOption(Option.INCLUDE_LEVEL, value);
    }

    /**
     * Sets {@code includeThrowable}: {@code true} or {@code false}; see {@link Option#INCLUDE_THROWABLE}.
     *
     * @param value the element's text, as written in {@code logback.xml}; null restores the default
     */
    default void setIncludeThrowable(String value) {
        setOption(Option.INCLUDE_THROWABLE, value);
    }

    /**
     * Sets {@code includeThrowableFrame}; see {@link Option#INCLUDE_THROWABLE_FRAME}.
     *
     * @param value the element's text, as written in {@code logback.xml}; null restores the default
     */
    default void setIncludeThrowableFrame(String value) {
        setOption(Option.INCLUDE_THROWABLE_FRAME, value);
    }

    /**
     * Sets {@code maskTokens}: {@code true} or {@code false}; see {@link Option#MASK_TOKENS}.
     *
     * @param value the element's text, as written in {@code logback.xml}; null restores the default
     */
    default void setMaskTokens(String value) {
        setOption(Option.MASK_TOKENS, value);
    }

    /**
     * Sets {@code exemptMarkers}: comma-separated marker names; see {@link Option#EXEMPT_MARKERS}.
     *
     * @param value the element's text, as written in {@code logback.xml}; null restores the default
     */
    default void setExemptMarkers(String value) {
        setOption(Option.EXEMPT_MARKERS, value);
    }

    /**
     * Sets {@code minLevel}: TRACE, DEBUG, INFO, WARN or ERROR; see {@link Option#MIN_LEVEL}.
     *
     * @param value the element's text, as written in {@code logback.xml}; null restores the default
     */
    default void setMinLevel(String value) {
        setOption(Option.MIN_LEVEL, value);
    }

    /**
     * Sets {@code loggers}: comma-separated logger name prefixes; see {@link Option#LOGGERS}.
     *
     * @param value the element's text, as written in {@code logback.xml}; null restores the default
     */
    default void setLoggers(String value) {
        setOption(Option.LOGGERS, value);
    }

    /**
     * Sets {@code excludeLoggers}: comma-separated logger name prefixes; see {@link Option#EXCLUDE_LOGGERS}.
     *
     * @param value the element's text, as written in {@code logback.xml}; null restores the default
     */
    default void setExcludeLoggers(String value) {
        setOption(Option.EXCLUDE_LOGGERS, value);
    }

    /**
     * Sets {@code summaryInterval}, e.g. {@code 30 seconds}; see {@link Option#SUMMARY_INTERVAL}.
     *
     * @param value the element's text, as written in {@code logback.xml}; null restores the default
     */
    default void setSummaryInterval(String value) {
        setOption(Option.SUMMARY_INTERVAL, value);
    }

    /**
     * Sets {@code maxSummaryLines}: most summary lines per interval; see {@link Option#MAX_SUMMARY_LINES}.
     *
     * @param value the element's text, as written in {@code logback.xml}; null restores the default
     */
    default void setMaxSummaryLines(String value) {
        setOption(Option.MAX_SUMMARY_LINES, value);
    }

    /**
     * Sets {@code summaryLevel}: a level, or empty for each message's own; see {@link Option#SUMMARY_LEVEL}.
     *
     * @param value the element's text, as written in {@code logback.xml}; null restores the default
     */
    default void setSummaryLevel(String value) {
        setOption(Option.SUMMARY_LEVEL, value);
    }

    /**
     * Sets {@code dryRun}: {@code true} or {@code false}; see {@link Option#DRY_RUN}.
     *
     * @param value the element's text, as written in {@code logback.xml}; null restores the default
     */
    default void setDryRun(String value) {
        setOption(Option.DRY_RUN, value);
    }
}
