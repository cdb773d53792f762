package dev.floodgate.log4j2;

import dev.floodgate.core.Clock;
import dev.floodgate.core.FloodFilter;
import dev.floodgate.core.FloodgateConfig;
import dev.floodgate.core.Option;
import dev.floodgate.core.TickingClock;
import dev.floodgate.core.fleet.FleetStatus;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.core.Logger;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.Node;
import org.apache.logging.log4j.core.config.plugins.PluginBuilderAttribute;
import org.apache.logging.log4j.core.config.plugins.PluginConfiguration;
import org.apache.logging.log4j.core.config.plugins.PluginElement;
import org.apache.logging.log4j.core.config.plugins.PluginNode;
import org.apache.logging.log4j.core.filter.AbstractFilter.AbstractFilterBuilder;
import org.apache.logging.log4j.status.StatusLogger;

/**
 * Builds a {@link FloodgateFilter}. Every attribute is a {@link Option} and takes the option's name; values are
 * strings, validated together by {@link FloodgateConfig#parse(Map, List)}.
 *
 * <p>Not thread-safe.
 */
public final class FloodgateFilterBuilder extends AbstractFilterBuilder<FloodgateFilterBuilder>
        implements org.apache.logging.log4j.core.util.Builder<FloodgateFilter> {

    private static final org.apache.logging.log4j.Logger STATUS = StatusLogger.getLogger();

    @PluginConfiguration
    Configuration configuration;

    /**
     * The {@code <Floodgate>} element, if built from a configuration file: Log4j removes each attribute it sets
     * from the node, so those left over at {@link #build()} are unknown options.
     */
    @PluginNode
    private Node node;

    /**
     * Optional nested element implementing {@link Clock}; when absent, a {@link TickingClock} over the monotonic
     * clock, which ticks itself while it is read.
     */
    @PluginElement("Clock")
    Clock clock;

    @PluginBuilderAttribute
    private String limiter;

    @PluginBuilderAttribute
    private String count;

    @PluginBuilderAttribute
    private String period;

    @PluginBuilderAttribute
    private String burst;

    @PluginBuilderAttribute
    private String cap;

    @PluginBuilderAttribute
    private String capCount;

    @PluginBuilderAttribute
    private String capPeriod;

    @PluginBuilderAttribute
    private String capBurst;

    /** Sensitive: Log4j's DEBUG status lists the attributes of each plugin it builds, this one as {@code *****}. */
    @PluginBuilderAttribute(sensitive = true)
    private String fleet;

    @PluginBuilderAttribute
    private String fleetCount;

    @PluginBuilderAttribute
    private String fleetPeriod;

    @PluginBuilderAttribute
    private String fleetBurst;

    @PluginBuilderAttribute
    private String fleetPrefix;

    @PluginBuilderAttribute
    private String windowSize;

    @PluginBuilderAttribute
    private String timeframe;

    @PluginBuilderAttribute
    private String timeframeSpilloverThreshold;

    @PluginBuilderAttribute
    private String spilloverThreshold;

    @PluginBuilderAttribute
    private String attritionLogarithmBase;

    @PluginBuilderAttribute
    private String inverseAttritionDeltaMin;

    @PluginBuilderAttribute
    private String attritionMin;

    @PluginBuilderAttribute
    private String maxKeys;

    @PluginBuilderAttribute
    private String includeLogger;

    @PluginBuilderAttribute
    private String includeLevel;

    @PluginBuilderAttribute
    private String includeThrowable;

    @PluginBuilderAttribute
    private String includeThrowableFrame;

    @PluginBuilderAttribute
    private String maskTokens;

    @PluginBuilderAttribute
    private String exemptMarkers;

    @PluginBuilderAttribute
    private String minLevel;

    @PluginBuilderAttribute
    private String loggers;

    @PluginBuilderAttribute
    private String excludeLoggers;

    @PluginBuilderAttribute
    private String summaryInterval;

    @PluginBuilderAttribute
    private String maxSummaryLines;

    @PluginBuilderAttribute
    private String summaryLevel;

    @PluginBuilderAttribute
    private String dryRun;

    FloodgateFilterBuilder() {
    }

    /**
     * Sets the configuration whose scheduler writes the summaries and whose appenders receive them; Log4j sets
     * it for XML configurations.
     *
     * @param value the configuration the filter belongs to
     * @return this builder
     */
    public FloodgateFilterBuilder setConfiguration(Configuration value) {
        this.configuration = value;
        return this;
    }

    /**
     * Sets the clock the limiter reads; the default is a {@link TickingClock} over {@link Clock#monotonic()},
     * ticked every {@value TickingClock#TICK_MILLIS} ms while it is read. For tests and for replaying
     * recorded logs on their own timestamps. In XML, a nested element of any plugin implementing {@link Clock}.
     *
     * @param value the clock; null restores the default
     * @return this builder
     */
    public FloodgateFilterBuilder setClock(Clock value) {
        this.clock = value;
        return this;
    }

    /**
     * Sets an option to a raw value, as it would be written in XML; null restores the default.
     *
     * @param option the option
     * @param value the attribute's text, as written in the configuration; null restores the default
     * @return this builder
     * @throws NullPointerException if {@code option} is null
     */
    public FloodgateFilterBuilder setOption(Option option, String value) {
        switch (Objects.requireNonNull(option, "option")) {
            case LIMITER:
                return setLimiter(value);
            case COUNT:
                return setCount(value);
            case PERIOD:
                return setPeriod(value);
            case BURST:
                return setBurst(value);
            case CAP:
                return setCap(value);
            case CAP_COUNT:
                return setCapCount(value);
            case CAP_PERIOD:
                return setCapPeriod(value);
            case CAP_BURST:
                return setCapBurst(value);
            case FLEET:
                return setFleet(value);
            case FLEET_COUNT:
                return setFleetCount(value);
            case FLEET_PERIOD:
                return setFleetPeriod(value);
            case FLEET_BURST:
                return setFleetBurst(value);
            case FLEET_PREFIX:
                return setFleetPrefix(value);
            case WINDOW_SIZE:
                return setWindowSize(value);
            case TIMEFRAME:
                return setTimeframe(value);
            case TIMEFRAME_SPILLOVER_THRESHOLD:
                return setTimeframeSpilloverThreshold(value);
            case SPILLOVER_THRESHOLD:
                return setSpilloverThreshold(value);
            case ATTRITION_LOGARITHM_BASE:
                return setAttritionLogarithmBase(value);
            case INVERSE_ATTRITION_DELTA_MIN:
                return setInverseAttritionDeltaMin(value);
            case ATTRITION_MIN:
                return setAttritionMin(value);
            case MAX_KEYS:
                return setMaxKeys(value);
            case INCLUDE_LOGGER:
                return setIncludeLogger(value);
            case INCLUDE_LEVEL:
                return setIncludeLevel(value);
            case INCLUDE_THROWABLE:
                return setIncludeThrowable(value);
            case INCLUDE_THROWABLE_FRAME:
                return setIncludeThrowableFrame(value);
            case MASK_TOKENS:
                return setMaskTokens(value);
            case EXEMPT_MARKERS:
                return setExemptMarkers(value);
            case MIN_LEVEL:
                return setMinLevel(value);
            case LOGGERS:
                return setLoggers(value);
            case EXCLUDE_LOGGERS:
                return setExcludeLoggers(value);
            case SUMMARY_INTERVAL:
                return setSummaryInterval(value);
            case MAX_SUMMARY_LINES:
                return setMaxSummaryLines(value);
            case SUMMARY_LEVEL:
                return setSummaryLevel(value);
            case DRY_RUN:
                return setDryRun(value);
            default:
                throw new IllegalArgumentException("unknown option " + option);
        }
    }

    /**
     * Sets {@link Option#LIMITER} ({@code limiter}) as written in XML; null restores the default.
     *
     * @param value the attribute's text, as written in the configuration; null restores the default
     * @return this builder
     */
    public FloodgateFilterBuilder setLimiter(String value) {
        this.limiter = value;
        return this;
    }

    /**
     * Sets {@link Option#COUNT} ({@code count}) as written in XML; null restores the default.
     *
     * @param value the attribute's text, as written in the configuration; null restores the default
     * @return this builder
     */
    public FloodgateFilterBuilder setCount(String value) {
        this.count = value;
        return this;
    }

    /**
     * Sets {@link Option#PERIOD} ({@code period}) as written in XML; null restores the default.
     *
     * @param value the attribute's text, as written in the configuration; null restores the default
     * @return this builder
     */
    public FloodgateFilterBuilder setPeriod(String value) {
        this.period = value;
        return this;
    }

    /**
     * Sets {@link Option#BURST} ({@code burst}) as written in XML; null restores the default.
     *
     * @param value the attribute's text, as written in the configuration; null restores the default
     * @return this builder
     */
    public FloodgateFilterBuilder setBurst(String value) {
        this.burst = value;
        return this;
    }

    /**
     * Sets {@link Option#CAP} ({@code cap}) as written in XML; null restores the default.
     *
     * @param value the attribute's text, as written in the configuration; null restores the default
     * @return this builder
     */
    public FloodgateFilterBuilder setCap(String value) {
        this.cap = value;
        return this;
    }

    /**
     * Sets {@link Option#CAP_COUNT} ({@code capCount}) as written in XML; null restores the default.
     *
     * @param value the attribute's text, as written in the configuration; null restores the default
     * @return this builder
     */
    public FloodgateFilterBuilder setCapCount(String value) {
        this.capCount = value;
        return this;
    }

    /**
     * Sets {@link Option#CAP_PERIOD} ({@code capPeriod}) as written in XML; null restores the default.
     *
     * @param value the attribute's text, as written in the configuration; null restores the default
     * @return this builder
     */
    public FloodgateFilterBuilder setCapPeriod(String value) {
        this.capPeriod = value;
        return this;
    }

    /**
     * Sets {@link Option#CAP_BURST} ({@code capBurst}) as written in XML; null restores the default.
     *
     * @param value the attribute's text, as written in the configuration; null restores the default
     * @return this builder
     */
    public FloodgateFilterBuilder setCapBurst(String value) {
        this.capBurst = value;
        return this;
    }

    /**
     * Sets {@link Option#FLEET} ({@code fleet}) as written in XML; null restores the default.
     *
     * @param value the attribute's text, as written in the configuration; null restores the default
     * @return this builder
     */
    public FloodgateFilterBuilder setFleet(String value) {
        this.fleet = value;
        return this;
    }

    /**
     * Sets {@link Option#FLEET_COUNT} ({@code fleetCount}) as written in XML; null restores the default.
     *
     * @param value the attribute's text, as written in the configuration; null restores the default
     * @return this builder
     */
    public FloodgateFilterBuilder setFleetCount(String value) {
        this.fleetCount = value;
        return this;
    }

    /**
     * Sets {@link Option#FLEET_PERIOD} ({@code fleetPeriod}) as written in XML; null restores the default.
     *
     * @param value the attribute's text, as written in the configuration; null restores the default
     * @return this builder
     */
    public FloodgateFilterBuilder setFleetPeriod(String value) {
        this.fleetPeriod = value;
        return this;
    }

    /**
     * Sets {@link Option#FLEET_BURST} ({@code fleetBurst}) as written in XML; null restores the default.
     *
     * @param value the attribute's text, as written in the configuration; null restores the default
     * @return this builder
     */
    public FloodgateFilterBuilder setFleetBurst(String value) {
        this.fleetBurst = value;
        return this;
    }

    /**
     * Sets {@link Option#FLEET_PREFIX} ({@code fleetPrefix}) as written in XML; null restores the default.
     *
     * @param value the attribute's text, as written in the configuration; null restores the default
     * @return this builder
     */
    public FloodgateFilterBuilder setFleetPrefix(String value) {
        this.fleetPrefix = value;
        return this;
    }

    /**
     * Sets {@link Option#WINDOW_SIZE} ({@code windowSize}) as written in XML; null restores the default.
     *
     * @param value the attribute's text, as written in the configuration; null restores the default
     * @return this builder
     */
    public FloodgateFilterBuilder setWindowSize(String value) {
        this.windowSize = value;
        return this;
    }

    /**
     * Sets {@link Option#TIMEFRAME} ({@code timeframe}) as written in XML; null restores the default.
     *
     * @param value the attribute's text, as written in the configuration; null restores the default
     * @return this builder
     */
    public FloodgateFilterBuilder setTimeframe(String value) {
        this.timeframe = value;
        return this;
    }

    /**
     * Sets {@link Option#TIMEFRAME_SPILLOVER_THRESHOLD} ({@code timeframeSpilloverThreshold}) as written in XML; null
     * restores the default.
     *
     * @param value the attribute's text, as written in the configuration; null restores the default
     * @return this builder
     */
    public FloodgateFilterBuilder setTimeframeSpilloverThreshold(String value) {
        this.timeframeSpilloverThreshold = value;
        return this;
    }

    /**
     * Sets {@link Option#SPILLOVER_THRESHOLD} ({@code spilloverThreshold}) as written in XML; null restores the
     * default.
     *
     * @param value the attribute's text, as written in the configuration; null restores the default
     * @return this builder
     */
    public FloodgateFilterBuilder setSpilloverThreshold(String value) {
        this.spilloverThreshold = value;
        return this;
    }

    /**
     * Sets {@link Option#ATTRITION_LOGARITHM_BASE} ({@code attritionLogarithmBase}) as written in XML; null restores
     * the default.
     *
     * @param value the attribute's text, as written in the configuration; null restores the default
     * @return this builder
     */
    public FloodgateFilterBuilder setAttritionLogarithmBase(String value) {
        this.attritionLogarithmBase = value;
        return this;
    }

    /**
     * Sets {@link Option#INVERSE_ATTRITION_DELTA_MIN} ({@code inverseAttritionDeltaMin}) as written in XML; null
     * restores the default.
     *
     * @param value the attribute's text, as written in the configuration; null restores the default
     * @return this builder
     */
    public FloodgateFilterBuilder setInverseAttritionDeltaMin(String value) {
        this.inverseAttritionDeltaMin = value;
        return this;
    }

    /**
     * Sets {@link Option#ATTRITION_MIN} ({@code attritionMin}) as written in XML; null restores the default.
     *
     * @param value the attribute's text, as written in the configuration; null restores the default
     * @return this builder
     */
    public FloodgateFilterBuilder setAttritionMin(String value) {
        this.attritionMin = value;
        return this;
    }

    /**
     * Sets {@link Option#MAX_KEYS} ({@code maxKeys}) as written in XML; null restores the default.
     *
     * @param value the attribute's text, as written in the configuration; null restores the default
     * @return this builder
     */
    public FloodgateFilterBuilder setMaxKeys(String value) {
        this.maxKeys = value;
        return this;
    }

    /**
     * Sets {@link Option#INCLUDE_LOGGER} ({@code includeLogger}) as written in XML; null restores the default.
     *
     * @param value the attribute's text, as written in the configuration; null restores the default
     * @return this builder
     */
    public FloodgateFilterBuilder setIncludeLogger(String value) {
        this.includeLogger = value;
        return this;
    }

    /**
     * Sets {@link Option#INCLUDE_LEVEL} ({@code includeLevel}) as written in XML; null restores the default.
     *
     * @param value the attribute's text, as written in the configuration; null restores the default
     * @return this builder
     */
    public FloodgateFilterBuilder setIncludeLevel(String value) {
        this.includeLevel = value;
        return this;
    }

    /**
     * Sets {@link Option#INCLUDE_THROWABLE} ({@code includeThrowable}) as written in XML; null restores the default.
     *
     * @param value the attribute's text, as written in the configuration; null restores the default
     * @return this builder
     */
    public FloodgateFilterBuilder setIncludeThrowable(String value) {
        this.includeThrowable = value;
        return this;
    }

    /**
     * Sets {@link Option#INCLUDE_THROWABLE_FRAME} ({@code includeThrowableFrame}) as written in XML; null restores the
     * default.
     *
     * @param value the attribute's text, as written in the configuration; null restores the default
     * @return this builder
     */
    public FloodgateFilterBuilder setIncludeThrowableFrame(String value) {
        this.includeThrowableFrame = value;
        return this;
    }

    /**
     * Sets {@link Option#MASK_TOKENS} ({@code maskTokens}) as written in XML; null restores the default.
     *
     * @param value the attribute's text, as written in the configuration; null restores the default
     * @return this builder
     */
    public FloodgateFilterBuilder setMaskTokens(String value) {
        this.maskTokens = value;
        return this;
    }

    /**
     * Sets {@link Option#EXEMPT_MARKERS} ({@code exemptMarkers}) as written in XML; null restores the default.
     *
     * @param value the attribute's text, as written in the configuration; null restores the default
     * @return this builder
     */
    public FloodgateFilterBuilder setExemptMarkers(String value) {
        this.exemptMarkers = value;
        return this;
    }

    /**
     * Sets {@link Option#MIN_LEVEL} ({@code minLevel}) as written in XML; null restores the default.
     *
     * @param value the attribute's text, as written in the configuration; null restores the default
     * @return this builder
     */
    public FloodgateFilterBuilder setMinLevel(String value) {
        this.minLevel = value;
        return this;
    }

    /**
     * Sets {@link Option#LOGGERS} ({@code loggers}) as written in XML; null restores the default.
     *
     * @param value the attribute's text, as written in the configuration; null restores the default
     * @return this builder
     */
    public FloodgateFilterBuilder setLoggers(String value) {
        this.loggers = value;
        return this;
    }

    /**
     * Sets {@link Option#EXCLUDE_LOGGERS} ({@code excludeLoggers}) as written in XML; null restores the default.
     *
     * @param value the attribute's text, as written in the configuration; null restores the default
     * @return this builder
     */
    public FloodgateFilterBuilder setExcludeLoggers(String value) {
        this.excludeLoggers = value;
        return this;
    }

    /**
     * Sets {@link Option#SUMMARY_INTERVAL} ({@code summaryInterval}) as written in XML; null restores the default.
     *
     * @param value the attribute's text, as written in the configuration; null restores the default
     * @return this builder
     */
    public FloodgateFilterBuilder setSummaryInterval(String value) {
        this.summaryInterval = value;
        return this;
    }

    /**
     * Sets {@link Option#MAX_SUMMARY_LINES} ({@code maxSummaryLines}) as written in XML; null restores the default.
     *
     * @param value the attribute's text, as written in the configuration; null restores the default
     * @return this builder
     */
    public FloodgateFilterBuilder setMaxSummaryLines(String value) {
        this.maxSummaryLines = value;
        return this;
    }

    /**
     * Sets {@link Option#SUMMARY_LEVEL} ({@code summaryLevel}) as written in XML; null restores the default.
     *
     * @param value the attribute's text, as written in the configuration; null restores the default
     * @return this builder
     */
    public FloodgateFilterBuilder setSummaryLevel(String value) {
        this.summaryLevel = value;
        return this;
    }

    /**
     * Sets {@link Option#DRY_RUN} ({@code dryRun}) as written in XML; null restores the default.
     *
     * @param value the attribute's text, as written in the configuration; null restores the default
     * @return this builder
     */
    public FloodgateFilterBuilder setDryRun(String value) {
        this.dryRun = value;
        return this;
    }

    /** Returns the raw values set, by option name; unset options are absent. */
    Map<String, String> rawOptions() {
        Map<String, String> raw = new LinkedHashMap<>();
        put(raw, Option.LIMITER, limiter);
        put(raw, Option.COUNT, count);
        put(raw, Option.PERIOD, period);
        put(raw, Option.BURST, burst);
        put(raw, Option.CAP, cap);
        put(raw, Option.CAP_COUNT, capCount);
        put(raw, Option.CAP_PERIOD, capPeriod);
        put(raw, Option.CAP_BURST, capBurst);
        put(raw, Option.FLEET, fleet);
        put(raw, Option.FLEET_COUNT, fleetCount);
        put(raw, Option.FLEET_PERIOD, fleetPeriod);
        put(raw, Option.FLEET_BURST, fleetBurst);
        put(raw, Option.FLEET_PREFIX, fleetPrefix);
        put(raw, Option.WINDOW_SIZE, windowSize);
        put(raw, Option.TIMEFRAME, timeframe);
        put(raw, Option.TIMEFRAME_SPILLOVER_THRESHOLD, timeframeSpilloverThreshold);
        put(raw, Option.SPILLOVER_THRESHOLD, spilloverThreshold);
        put(raw, Option.ATTRITION_LOGARITHM_BASE, attritionLogarithmBase);
        put(raw, Option.INVERSE_ATTRITION_DELTA_MIN, inverseAttritionDeltaMin);
        put(raw, Option.ATTRITION_MIN, attritionMin);
        put(raw, Option.MAX_KEYS, maxKeys);
        put(raw, Option.INCLUDE_LOGGER, includeLogger);
        put(raw, Option.INCLUDE_LEVEL, includeLevel);
        put(raw, Option.INCLUDE_THROWABLE, includeThrowable);
        put(raw, Option.INCLUDE_THROWABLE_FRAME, includeThrowableFrame);
        put(raw, Option.MASK_TOKENS, maskTokens);
        put(raw, Option.EXEMPT_MARKERS, exemptMarkers);
        put(raw, Option.MIN_LEVEL, minLevel);
        put(raw, Option.LOGGERS, loggers);
        put(raw, Option.EXCLUDE_LOGGERS, excludeLoggers);
        put(raw, Option.SUMMARY_INTERVAL, summaryInterval);
        put(raw, Option.MAX_SUMMARY_LINES, maxSummaryLines);
        put(raw, Option.SUMMARY_LEVEL, summaryLevel);
        put(raw, Option.DRY_RUN, dryRun);
        return raw;
    }

    private static void put(Map<String, String> raw, Option option, String value) {
        if (value != null) {
            raw.put(option.key(), value);
        }
    }

    /**
     * Returns the filter. Never null and never throws: every problem is reported as a status error naming the
     * attribute and its value, and the filter returned then passes every event, so the rest of the
     * configuration keeps working.
     */
    @Override
    public FloodgateFilter build() {
        List<String> problems = new ArrayList<>();
        Map<String, String> raw = rawOptions();
        Map<String, String> all = new LinkedHashMap<>(raw);
        for (String name : unknownAttributes()) {
            all.putIfAbsent(name, "");
        }
        FloodgateConfig parsed = FloodgateConfig.parse(all, problems);
        Level min = level(Option.MIN_LEVEL, raw, problems);
        Level summary = level(Option.SUMMARY_LEVEL, raw, problems);
        if (configuration == null) {
            problems.add("no configuration to write summaries through; call setConfiguration");
        }
        if (parsed == null || !problems.isEmpty()) {
            return disabled(problems);
        }
        try {
            Clock used = clock == null ? new TickingClock(Clock.monotonic()) : clock;
            FloodFilter engine = new FloodFilter(parsed, used, new FleetStatus() {
                @Override
                public void warn(String message) {
                    StatusLogger.getLogger().warn("Floodgate: {}", message);
                }

                @Override
                public void info(String message) {
                    StatusLogger.getLogger().info("Floodgate: {}", message);
                }
            });
            return new FloodgateFilter(this, parsed, engine, min == null ? Level.TRACE : min, summary);
        } catch (RuntimeException e) {
            problems.add("cannot be created: " + e);
            return disabled(problems);
        }
    }

    /**
     * Returns the attributes of the element that no builder attribute took (a misspelt {@code maxKey}); Log4j
     * itself only says that the element "contains an invalid element or attribute" and goes on without it.
     */
    private List<String> unknownAttributes() {
        List<String> names = new ArrayList<>();
        if (node != null) {
            for (String name : node.getAttributes().keySet()) {
                if (!"onMatch".equalsIgnoreCase(name) && !"onMismatch".equalsIgnoreCase(name)) {
                    names.add(name);
                }
            }
        }
        return names;
    }

    private FloodgateFilter disabled(List<String> problems) {
        for (String problem : problems) {
            STATUS.error("{}: {}; the filter passes every event until this is fixed", FloodgateFilter.PLUGIN_NAME,
                    problem);
        }
        return new FloodgateFilter(this, String.join("; ", problems));
    }

    private static Level level(Option option, Map<String, String> raw, List<String> problems) {
        String value = raw.get(option.key());
        if (value == null || value.trim().isEmpty()) {
            return null;
        }
        Level level = Level.toLevel(value.trim(), null);
        // OFF and ALL are thresholds, not levels of events: minLevel OFF would quietly turn the filter off.
        if (level == null || level == Level.OFF || level == Level.ALL) {
            problems.add(FloodgateConfig.unknownLevel(option, value.trim()));
            return null;
        }
        return level;
    }
}
