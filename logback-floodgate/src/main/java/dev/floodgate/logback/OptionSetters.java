package dev.floodgate.logback;

import dev.floodgate.core.Option;

/**
 * The option setters of both Floodgate filters: one per {@link Option}, named {@code set} plus {@link Option#key()},
 * each storing the text as written in {@code logback.xml}; the filter validates everything in {@code start()}.
 *
 * <p>Joran finds these default methods as the filters' bean properties, so {@code <timeframe>5 seconds</timeframe>}
 * inside either filter calls {@link #setTimeframe(String)}. They are the one declaration an option needs here;
 * what each means, its default and its range are in {@link Option}. {@code OptionsTest} fails naming any option
 * without its setter, any setter without its option, and any setter that sets another option.
 */
public interface OptionSetters {

    /**
     * Stores {@code value} for {@code option}, as written in XML; null restores the default.
     *
     * @param option the option
     * @param value the element's text, as written in {@code logback.xml}; null restores the default
     */
    void setOption(Option option, String value);

    /** @param value the text of {@link Option#LIMITER}; null restores the default */
    default void setLimiter(String value) {
        setOption(Option.LIMITER, value);
    }

    /** @param value the text of {@link Option#WINDOW_SIZE}; null restores the default */
    default void setWindowSize(String value) {
        setOption(Option.WINDOW_SIZE, value);
    }

    /** @param value the text of {@link Option#TIMEFRAME}; null restores the default */
    default void setTimeframe(String value) {
        setOption(Option.TIMEFRAME, value);
    }

    /** @param value the text of {@link Option#TIMEFRAME_SPILLOVER_THRESHOLD}; null restores the default */
    default void setTimeframeSpilloverThreshold(String value) {
        setOption(Option.TIMEFRAME_SPILLOVER_THRESHOLD, value);
    }

    /** @param value the text of {@link Option#SPILLOVER_THRESHOLD}; null restores the default */
    default void setSpilloverThreshold(String value) {
        setOption(Option.SPILLOVER_THRESHOLD, value);
    }

    /** @param value the text of {@link Option#ATTRITION_LOGARITHM_BASE}; null restores the default */
    default void setAttritionLogarithmBase(String value) {
        setOption(Option.ATTRITION_LOGARITHM_BASE, value);
    }

    /** @param value the text of {@link Option#INVERSE_ATTRITION_DELTA_MIN}; null restores the default */
    default void setInverseAttritionDeltaMin(String value) {
        setOption(Option.INVERSE_ATTRITION_DELTA_MIN, value);
    }

    /** @param value the text of {@link Option#ATTRITION_MIN}; null restores the default */
    default void setAttritionMin(String value) {
        setOption(Option.ATTRITION_MIN, value);
    }

    /** @param value the text of {@link Option#COUNT}; null restores the default */
    default void setCount(String value) {
        setOption(Option.COUNT, value);
    }

    /** @param value the text of {@link Option#PERIOD}; null restores the default */
    default void setPeriod(String value) {
        setOption(Option.PERIOD, value);
    }

    /** @param value the text of {@link Option#BURST}; null restores the default */
    default void setBurst(String value) {
        setOption(Option.BURST, value);
    }

    /** @param value the text of {@link Option#CAP}; null restores the default */
    default void setCap(String value) {
        setOption(Option.CAP, value);
    }

    /** @param value the text of {@link Option#CAP_COUNT}; null restores the default */
    default void setCapCount(String value) {
        setOption(Option.CAP_COUNT, value);
    }

    /** @param value the text of {@link Option#CAP_PERIOD}; null restores the default */
    default void setCapPeriod(String value) {
        setOption(Option.CAP_PERIOD, value);
    }

    /** @param value the text of {@link Option#CAP_BURST}; null restores the default */
    default void setCapBurst(String value) {
        setOption(Option.CAP_BURST, value);
    }

    /** @param value the text of {@link Option#FLEET}; null restores the default */
    default void setFleet(String value) {
        setOption(Option.FLEET, value);
    }

    /** @param value the text of {@link Option#FLEET_COUNT}; null restores the default */
    default void setFleetCount(String value) {
        setOption(Option.FLEET_COUNT, value);
    }

    /** @param value the text of {@link Option#FLEET_PERIOD}; null restores the default */
    default void setFleetPeriod(String value) {
        setOption(Option.FLEET_PERIOD, value);
    }

    /** @param value the text of {@link Option#FLEET_BURST}; null restores the default */
    default void setFleetBurst(String value) {
        setOption(Option.FLEET_BURST, value);
    }

    /** @param value the text of {@link Option#FLEET_PREFIX}; null restores the default */
    default void setFleetPrefix(String value) {
        setOption(Option.FLEET_PREFIX, value);
    }

    /** @param value the text of {@link Option#MAX_KEYS}; null restores the default */
    default void setMaxKeys(String value) {
        setOption(Option.MAX_KEYS, value);
    }

    /** @param value the text of {@link Option#INCLUDE_LOGGER}; null restores the default */
    default void setIncludeLogger(String value) {
        setOption(Option.INCLUDE_LOGGER, value);
    }

    /** @param value the text of {@link Option#INCLUDE_LEVEL}; null restores the default */
    default void setIncludeLevel(String value) {
        setOption(Option.INCLUDE_LEVEL, value);
    }

    /** @param value the text of {@link Option#INCLUDE_THROWABLE}; null restores the default */
    default void setIncludeThrowable(String value) {
        setOption(Option.INCLUDE_THROWABLE, value);
    }

    /** @param value the text of {@link Option#INCLUDE_THROWABLE_FRAME}; null restores the default */
    default void setIncludeThrowableFrame(String value) {
        setOption(Option.INCLUDE_THROWABLE_FRAME, value);
    }

    /** @param value the text of {@link Option#MASK_TOKENS}; null restores the default */
    default void setMaskTokens(String value) {
        setOption(Option.MASK_TOKENS, value);
    }

    /** @param value the text of {@link Option#EXEMPT_MARKERS}; null restores the default */
    default void setExemptMarkers(String value) {
        setOption(Option.EXEMPT_MARKERS, value);
    }

    /** @param value the text of {@link Option#MIN_LEVEL}; null restores the default */
    default void setMinLevel(String value) {
        setOption(Option.MIN_LEVEL, value);
    }

    /** @param value the text of {@link Option#LOGGERS}; null restores the default */
    default void setLoggers(String value) {
        setOption(Option.LOGGERS, value);
    }

    /** @param value the text of {@link Option#EXCLUDE_LOGGERS}; null restores the default */
    default void setExcludeLoggers(String value) {
        setOption(Option.EXCLUDE_LOGGERS, value);
    }

    /** @param value the text of {@link Option#SUMMARY_INTERVAL}; null restores the default */
    default void setSummaryInterval(String value) {
        setOption(Option.SUMMARY_INTERVAL, value);
    }

    /** @param value the text of {@link Option#MAX_SUMMARY_LINES}; null restores the default */
    default void setMaxSummaryLines(String value) {
        setOption(Option.MAX_SUMMARY_LINES, value);
    }

    /** @param value the text of {@link Option#SUMMARY_LEVEL}; null restores the default */
    default void setSummaryLevel(String value) {
        setOption(Option.SUMMARY_LEVEL, value);
    }

    /** @param value the text of {@link Option#DRY_RUN}; null restores the default */
    default void setDryRun(String value) {
        setOption(Option.DRY_RUN, value);
    }
}
