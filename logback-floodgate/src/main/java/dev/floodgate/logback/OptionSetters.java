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

    /**
     * Sets {@link Option#LIMITER}.
     *
     * @param value its text as written in {@code logback.xml}; null restores the default
     */
    default void setLimiter(String value) {
        setOption(Option.LIMITER, value);
    }

    /**
     * Sets {@link Option#WINDOW_SIZE}.
     *
     * @param value its text as written in {@code logback.xml}; null restores the default
     */
    default void setWindowSize(String value) {
        setOption(Option.WINDOW_SIZE, value);
    }

    /**
     * Sets {@link Option#TIMEFRAME}.
     *
     * @param value its text as written in {@code logback.xml}; null restores the default
     */
    default void setTimeframe(String value) {
        setOption(Option.TIMEFRAME, value);
    }

    /**
     * Sets {@link Option#TIMEFRAME_SPILLOVER_THRESHOLD}.
     *
     * @param value its text as written in {@code logback.xml}; null restores the default
     */
    default void setTimeframeSpilloverThreshold(String value) {
        setOption(Option.TIMEFRAME_SPILLOVER_THRESHOLD, value);
    }

    /**
     * Sets {@link Option#SPILLOVER_THRESHOLD}.
     *
     * @param value its text as written in {@code logback.xml}; null restores the default
     */
    default void setSpilloverThreshold(String value) {
        setOption(Option.SPILLOVER_THRESHOLD, value);
    }

    /**
     * Sets {@link Option#ATTRITION_LOGARITHM_BASE}.
     *
     * @param value its text as written in {@code logback.xml}; null restores the default
     */
    default void setAttritionLogarithmBase(String value) {
        setOption(Option.ATTRITION_LOGARITHM_BASE, value);
    }

    /**
     * Sets {@link Option#INVERSE_ATTRITION_DELTA_MIN}.
     *
     * @param value its text as written in {@code logback.xml}; null restores the default
     */
    default void setInverseAttritionDeltaMin(String value) {
        setOption(Option.INVERSE_ATTRITION_DELTA_MIN, value);
    }

    /**
     * Sets {@link Option#ATTRITION_MIN}.
     *
     * @param value its text as written in {@code logback.xml}; null restores the default
     */
    default void setAttritionMin(String value) {
        setOption(Option.ATTRITION_MIN, value);
    }

    /**
     * Sets {@link Option#COUNT}.
     *
     * @param value its text as written in {@code logback.xml}; null restores the default
     */
    default void setCount(String value) {
        setOption(Option.COUNT, value);
    }

    /**
     * Sets {@link Option#PERIOD}.
     *
     * @param value its text as written in {@code logback.xml}; null restores the default
     */
    default void setPeriod(String value) {
        setOption(Option.PERIOD, value);
    }

    /**
     * Sets {@link Option#BURST}.
     *
     * @param value its text as written in {@code logback.xml}; null restores the default
     */
    default void setBurst(String value) {
        setOption(Option.BURST, value);
    }

    /**
     * Sets {@link Option#CAP}.
     *
     * @param value its text as written in {@code logback.xml}; null restores the default
     */
    default void setCap(String value) {
        setOption(Option.CAP, value);
    }

    /**
     * Sets {@link Option#CAP_COUNT}.
     *
     * @param value its text as written in {@code logback.xml}; null restores the default
     */
    default void setCapCount(String value) {
        setOption(Option.CAP_COUNT, value);
    }

    /**
     * Sets {@link Option#CAP_PERIOD}.
     *
     * @param value its text as written in {@code logback.xml}; null restores the default
     */
    default void setCapPeriod(String value) {
        setOption(Option.CAP_PERIOD, value);
    }

    /**
     * Sets {@link Option#CAP_BURST}.
     *
     * @param value its text as written in {@code logback.xml}; null restores the default
     */
    default void setCapBurst(String value) {
        setOption(Option.CAP_BURST, value);
    }

    /**
     * Sets {@link Option#FLEET}.
     *
     * @param value its text as written in {@code logback.xml}; null restores the default
     */
    default void setFleet(String value) {
        setOption(Option.FLEET, value);
    }

    /**
     * Sets {@link Option#FLEET_COUNT}.
     *
     * @param value its text as written in {@code logback.xml}; null restores the default
     */
    default void setFleetCount(String value) {
        setOption(Option.FLEET_COUNT, value);
    }

    /**
     * Sets {@link Option#FLEET_PERIOD}.
     *
     * @param value its text as written in {@code logback.xml}; null restores the default
     */
    default void setFleetPeriod(String value) {
        setOption(Option.FLEET_PERIOD, value);
    }

    /**
     * Sets {@link Option#FLEET_BURST}.
     *
     * @param value its text as written in {@code logback.xml}; null restores the default
     */
    default void setFleetBurst(String value) {
        setOption(Option.FLEET_BURST, value);
    }

    /**
     * Sets {@link Option#FLEET_PREFIX}.
     *
     * @param value its text as written in {@code logback.xml}; null restores the default
     */
    default void setFleetPrefix(String value) {
        setOption(Option.FLEET_PREFIX, value);
    }

    /**
     * Sets {@link Option#MAX_KEYS}.
     *
     * @param value its text as written in {@code logback.xml}; null restores the default
     */
    default void setMaxKeys(String value) {
        setOption(Option.MAX_KEYS, value);
    }

    /**
     * Sets {@link Option#INCLUDE_LOGGER}.
     *
     * @param value its text as written in {@code logback.xml}; null restores the default
     */
    default void setIncludeLogger(String value) {
        setOption(Option.INCLUDE_LOGGER, value);
    }

    /**
     * Sets {@link Option#INCLUDE_LEVEL}.
     *
     * @param value its text as written in {@code logback.xml}; null restores the default
     */
    default void setIncludeLevel(String value) {
        setOption(Option.INCLUDE_LEVEL, value);
    }

    /**
     * Sets {@link Option#INCLUDE_THROWABLE}.
     *
     * @param value its text as written in {@code logback.xml}; null restores the default
     */
    default void setIncludeThrowable(String value) {
        setOption(Option.INCLUDE_THROWABLE, value);
    }

    /**
     * Sets {@link Option#INCLUDE_THROWABLE_FRAME}.
     *
     * @param value its text as written in {@code logback.xml}; null restores the default
     */
    default void setIncludeThrowableFrame(String value) {
        setOption(Option.INCLUDE_THROWABLE_FRAME, value);
    }

    /**
     * Sets {@link Option#MASK_TOKENS}.
     *
     * @param value its text as written in {@code logback.xml}; null restores the default
     */
    default void setMaskTokens(String value) {
        setOption(Option.MASK_TOKENS, value);
    }

    /**
     * Sets {@link Option#EXEMPT_MARKERS}.
     *
     * @param value its text as written in {@code logback.xml}; null restores the default
     */
    default void setExemptMarkers(String value) {
        setOption(Option.EXEMPT_MARKERS, value);
    }

    /**
     * Sets {@link Option#MIN_LEVEL}.
     *
     * @param value its text as written in {@code logback.xml}; null restores the default
     */
    default void setMinLevel(String value) {
        setOption(Option.MIN_LEVEL, value);
    }

    /**
     * Sets {@link Option#LOGGERS}.
     *
     * @param value its text as written in {@code logback.xml}; null restores the default
     */
    default void setLoggers(String value) {
        setOption(Option.LOGGERS, value);
    }

    /**
     * Sets {@link Option#EXCLUDE_LOGGERS}.
     *
     * @param value its text as written in {@code logback.xml}; null restores the default
     */
    default void setExcludeLoggers(String value) {
        setOption(Option.EXCLUDE_LOGGERS, value);
    }

    /**
     * Sets {@link Option#SUMMARY_INTERVAL}.
     *
     * @param value its text as written in {@code logback.xml}; null restores the default
     */
    default void setSummaryInterval(String value) {
        setOption(Option.SUMMARY_INTERVAL, value);
    }

    /**
     * Sets {@link Option#MAX_SUMMARY_LINES}.
     *
     * @param value its text as written in {@code logback.xml}; null restores the default
     */
    default void setMaxSummaryLines(String value) {
        setOption(Option.MAX_SUMMARY_LINES, value);
    }

    /**
     * Sets {@link Option#SUMMARY_LEVEL}.
     *
     * @param value its text as written in {@code logback.xml}; null restores the default
     */
    default void setSummaryLevel(String value) {
        setOption(Option.SUMMARY_LEVEL, value);
    }

    /**
     * Sets {@link Option#DRY_RUN}.
     *
     * @param value its text as written in {@code logback.xml}; null restores the default
     */
    default void setDryRun(String value) {
        setOption(Option.DRY_RUN, value);
    }
}
