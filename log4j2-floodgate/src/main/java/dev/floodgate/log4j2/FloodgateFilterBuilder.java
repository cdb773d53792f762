package dev.floodgate.log4j2;

import dev.floodgate.core.Clock;
import dev.floodgate.core.FloodEngine;
import dev.floodgate.core.FloodgateConfig;
import dev.floodgate.core.Option;
import dev.floodgate.core.TickingClock;
import dev.floodgate.core.fleet.FleetStatus;
import java.lang.reflect.Field;
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
 * Builds a {@link FloodgateFilter}. Every attribute is an {@link Option} and takes the option's name; values are
 * strings, validated together by {@link FloodgateConfig#parse(Map, List)}.
 *
 * <p>Log4j sets an attribute by reflection into the {@code @PluginBuilderAttribute} field of its name, so this
 * class declares one {@code String} field per option, named {@link Option#key()}, and nothing else about the
 * option: {@link #setOption} and {@link #build()} reach the fields by the same name. {@code FloodgateOptionsTest}
 * fails naming any option without its field, or any field without its option.
 *
 * <p>Not thread-safe.
 */
public final class FloodgateFilterBuilder extends AbstractFilterBuilder<FloodgateFilterBuilder>
        implements org.apache.logging.log4j.core.util.Builder<FloodgateFilter> {

    private static final org.apache.logging.log4j.Logger STATUS = StatusLogger.getLogger();

    /** Silences Log4j's processor's demand for a setter per attribute field: {@link #setOption} sets them all. */
    private static final String ONE_SETTER = "log4j.public.setter";

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

    // One attribute per Option, named as its key (see the class comment); set by Log4j or by setOption.
    @PluginBuilderAttribute @SuppressWarnings(ONE_SETTER) private String limiter;
    @PluginBuilderAttribute @SuppressWarnings(ONE_SETTER) private String count;
    @PluginBuilderAttribute @SuppressWarnings(ONE_SETTER) private String period;
    @PluginBuilderAttribute @SuppressWarnings(ONE_SETTER) private String burst;
    @PluginBuilderAttribute @SuppressWarnings(ONE_SETTER) private String cap;
    @PluginBuilderAttribute @SuppressWarnings(ONE_SETTER) private String capCount;
    @PluginBuilderAttribute @SuppressWarnings(ONE_SETTER) private String capPeriod;
    @PluginBuilderAttribute @SuppressWarnings(ONE_SETTER) private String capBurst;
    /** Sensitive: Log4j's DEBUG status lists the attributes of each plugin it builds, this one as {@code *****}. */
    @PluginBuilderAttribute(sensitive = true) @SuppressWarnings(ONE_SETTER) private String fleet;
    @PluginBuilderAttribute @SuppressWarnings(ONE_SETTER) private String fleetCount;
    @PluginBuilderAttribute @SuppressWarnings(ONE_SETTER) private String fleetPeriod;
    @PluginBuilderAttribute @SuppressWarnings(ONE_SETTER) private String fleetBurst;
    @PluginBuilderAttribute @SuppressWarnings(ONE_SETTER) private String fleetPrefix;
    @PluginBuilderAttribute @SuppressWarnings(ONE_SETTER) private String windowSize;
    @PluginBuilderAttribute @SuppressWarnings(ONE_SETTER) private String timeframe;
    @PluginBuilderAttribute @SuppressWarnings(ONE_SETTER) private String timeframeSpilloverThreshold;
    @PluginBuilderAttribute @SuppressWarnings(ONE_SETTER) private String spilloverThreshold;
    @PluginBuilderAttribute @SuppressWarnings(ONE_SETTER) private String attritionLogarithmBase;
    @PluginBuilderAttribute @SuppressWarnings(ONE_SETTER) private String inverseAttritionDeltaMin;
    @PluginBuilderAttribute @SuppressWarnings(ONE_SETTER) private String attritionMin;
    @PluginBuilderAttribute @SuppressWarnings(ONE_SETTER) private String maxKeys;
    @PluginBuilderAttribute @SuppressWarnings(ONE_SETTER) private String includeLogger;
    @PluginBuilderAttribute @SuppressWarnings(ONE_SETTER) private String includeLevel;
    @PluginBuilderAttribute @SuppressWarnings(ONE_SETTER) private String includeThrowable;
    @PluginBuilderAttribute @SuppressWarnings(ONE_SETTER) private String includeThrowableFrame;
    @PluginBuilderAttribute @SuppressWarnings(ONE_SETTER) private String maskTokens;
    @PluginBuilderAttribute @SuppressWarnings(ONE_SETTER) private String exemptMarkers;
    @PluginBuilderAttribute @SuppressWarnings(ONE_SETTER) private String minLevel;
    @PluginBuilderAttribute @SuppressWarnings(ONE_SETTER) private String loggers;
    @PluginBuilderAttribute @SuppressWarnings(ONE_SETTER) private String excludeLoggers;
    @PluginBuilderAttribute @SuppressWarnings(ONE_SETTER) private String summaryInterval;
    @PluginBuilderAttribute @SuppressWarnings(ONE_SETTER) private String maxSummaryLines;
    @PluginBuilderAttribute @SuppressWarnings(ONE_SETTER) private String summaryLevel;
    @PluginBuilderAttribute @SuppressWarnings(ONE_SETTER) private String dryRun;

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
     * Sets an option to a raw value, as it would be written in XML; null restores the default. This is the
     * programmatic form of the attribute of the option's name.
     *
     * @param option the option
     * @param value the attribute's text, as written in the configuration; null restores the default
     * @return this builder
     * @throws NullPointerException if {@code option} is null
     */
    public FloodgateFilterBuilder setOption(Option option, String value) {
        try {
            attribute(Objects.requireNonNull(option, "option")).set(this, value);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
        return this;
    }

    /** Returns the raw values set, by option name in the order of {@link Option}; unset options are absent. */
    private Map<String, String> rawOptions() {
        Map<String, String> raw = new LinkedHashMap<>();
        for (Option o : Option.values()) {
            Object value;
            try {
                value = attribute(o).get(this);
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(e);
            }
            if (value != null) {
                raw.put(o.key(), (String) value);
            }
        }
        return raw;
    }

    /** Returns the attribute field of {@code option}: the field of this class named {@link Option#key()}. */
    private static Field attribute(Option option) {
        try {
            return FloodgateFilterBuilder.class.getDeclaredField(option.key());
        } catch (NoSuchFieldException e) {
            throw new IllegalStateException("FloodgateFilterBuilder declares no @PluginBuilderAttribute String "
                    + option.key() + " for Option." + option.name(), e);
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
            FloodEngine engine = new FloodEngine(parsed, used, new FleetStatus() {
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
