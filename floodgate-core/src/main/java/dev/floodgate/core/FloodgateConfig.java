package dev.floodgate.core;

import dev.floodgate.core.base.Durations;
import dev.floodgate.core.fingerprint.Fingerprinter;
import dev.floodgate.core.fleet.FleetSettings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The validated settings of one Floodgate filter, read from the raw strings of {@code logback.xml} or
 * {@code log4j2.xml} by one parser, so that both dialects accept the same values and report the same errors.
 *
 * <p>Immutable. Level names stay strings here: each adapter checks them against its framework.
 */
public final class FloodgateConfig {

    /** Smallest accepted summary interval. */
    public static final long MIN_SUMMARY_INTERVAL_MILLIS = Option.SUMMARY_INTERVAL.min();
    /** Largest accepted summary interval (one day). */
    public static final long MAX_SUMMARY_INTERVAL_MILLIS = Option.SUMMARY_INTERVAL.max();

    /** Fewest accepted summary lines per interval: the "other messages", "forgotten" and "… more" lines. */
    public static final int MIN_MAX_SUMMARY_LINES = (int) Option.MAX_SUMMARY_LINES.min();
    /** Most accepted summary lines per interval. */
    public static final int MAX_MAX_SUMMARY_LINES = (int) Option.MAX_SUMMARY_LINES.max();

    private static final FloodgateConfig DEFAULTS = parse(Collections.emptyMap());

    private final AttritionSettings attrition;
    private final LimiterSettings limiter;
    private final LimiterSettings cap;
    private final FleetSettings fleet;
    private final int maxKeys;
    private final boolean includeLogger;
    private final boolean includeLevel;
    private final boolean includeThrowable;
    private final boolean includeThrowableFrame;
    private final boolean maskTokens;
    private final List<String> exemptMarkers;
    private final String minLevel;
    private final String[] loggers;
    private final String[] excludeLoggers;
    private final long summaryIntervalMillis;
    private final int maxSummaryLines;
    private final String summaryLevel;
    private final boolean dryRun;
    private final Map<String, String> options;

    private FloodgateConfig(ConfigReader r) {
        this.attrition = r.attrition();
        this.limiter = r.limiter();
        this.cap = r.cap();
        this.fleet = r.fleet();
        this.maxKeys = (int) r.number(Option.MAX_KEYS);
        this.includeLogger = r.bool(Option.INCLUDE_LOGGER);
        this.includeLevel = r.bool(Option.INCLUDE_LEVEL);
        this.includeThrowable = r.bool(Option.INCLUDE_THROWABLE);
        this.includeThrowableFrame = r.bool(Option.INCLUDE_THROWABLE_FRAME);
        this.maskTokens = r.bool(Option.MASK_TOKENS);
        this.exemptMarkers = Collections.unmodifiableList(Arrays.asList(r.names(Option.EXEMPT_MARKERS)));
        this.minLevel = r.text(Option.MIN_LEVEL);
        this.loggers = r.names(Option.LOGGERS);
        this.excludeLoggers = r.names(Option.EXCLUDE_LOGGERS);
        this.summaryIntervalMillis = r.duration(Option.SUMMARY_INTERVAL).toMillis();
        this.maxSummaryLines = (int) r.number(Option.MAX_SUMMARY_LINES);
        String level = r.text(Option.SUMMARY_LEVEL);
        this.summaryLevel = level.isEmpty() ? null : level;
        this.dryRun = r.bool(Option.DRY_RUN);
        Map<String, String> texts = new LinkedHashMap<>();
        for (Option o : Option.values()) {
            texts.put(o.key(), r.text(o));
        }
        this.options = Collections.unmodifiableMap(texts);
    }

    /**
     * {@return every option in force, by {@link Option#key()} in the order of {@link Option}, as written (trimmed) or
     * as its default}
     */
    public Map<String, String> options() {
        return options;
    }

    /** {@return the configuration with every default} */
    public static FloodgateConfig defaults() {
        return DEFAULTS;
    }

    /**
     * Reads a configuration from option names ({@link Option#key()}) to raw values; absent options take their
     * defaults.
     *
     * @param raw raw values by option name; an absent or null value means the default
     * @return the configuration
     * @throws IllegalArgumentException listing every problem, each naming the option and the value
     */
    public static FloodgateConfig parse(Map<String, String> raw) {
        List<String> problems = new ArrayList<>();
        FloodgateConfig config = parse(raw, problems);
        if (config == null) {
            throw new IllegalArgumentException(String.join("; ", problems));
        }
        return config;
    }

    /**
     * Reads a configuration, adding one message per problem to {@code problems}.
     *
     * @param raw raw values by option name; an absent or null value means the default
     * @param problems receives one message per problem
     * @return the configuration, or null if there was any problem
     */
    public static FloodgateConfig parse(Map<String, String> raw, List<String> problems) {
        ConfigReader reader = new ConfigReader(raw, problems);
        return reader.read() ? new FloodgateConfig(reader) : null;
    }

    /**
     * {@return the message for a level name that the framework does not know}
     *
     * @param option the option that named the level
     * @param value the level name as written
     */
    public static String unknownLevel(Option option, String value) {
        return option.notAChoice(value);
    }

    /** {@return the attrition limiter's settings} */
    public AttritionSettings attrition() {
        return attrition;
    }

    /** {@return the limiter every fingerprint gets: attrition (the default), window or cell} */
    public LimiterSettings limiter() {
        return limiter;
    }

    /** {@return the global cap over all fingerprints together, or null if there is none} */
    public LimiterSettings cap() {
        return cap;
    }

    /** {@return the fleet-wide limit per fingerprint, or null if there is none} */
    public FleetSettings fleet() {
        return fleet;
    }

    /** {@return the bound on fingerprints tracked at once} */
    public int maxKeys() {
        return maxKeys;
    }

    /** {@return a fingerprinter for these settings} */
    Fingerprinter fingerprinter() {
        return fleet == null
                ? new Fingerprinter(includeLogger, includeLevel, includeThrowable, includeThrowableFrame, maskTokens)
                : Fingerprinter.withFleetNames(includeLogger, includeLevel, includeThrowable, includeThrowableFrame,
                        maskTokens);
    }

    /** {@return whether the logger's name is part of the fingerprint} */
    boolean includesLogger() {
        return includeLogger;
    }

    /** {@return whether the level is part of the fingerprint} */
    boolean includesLevel() {
        return includeLevel;
    }

    /** {@return whether the throwable's class (and perhaps its first frame) is part of the fingerprint} */
    public boolean includesThrowable() {
        return includeThrowable || includeThrowableFrame;
    }

    /** {@return whether messages without arguments have their variable tokens masked} */
    public boolean maskTokens() {
        return maskTokens;
    }

    /** {@return the marker names that exempt an event from limiting} */
    public List<String> exemptMarkers() {
        return exemptMarkers;
    }

    /** {@return the name of the level below which nothing is limited} */
    public String minLevel() {
        return minLevel;
    }

    /** {@return the name of the level of summary lines, or null to use each fingerprint's own level} */
    public String summaryLevel() {
        return summaryLevel;
    }

    /** {@return the summary period} */
    public Duration summaryInterval() {
        return Duration.ofMillis(summaryIntervalMillis);
    }

    /** {@return the summary period in milliseconds} */
    public long summaryIntervalMillis() {
        return summaryIntervalMillis;
    }

    /** {@return the most summary lines written per interval} */
    public int maxSummaryLines() {
        return maxSummaryLines;
    }

    /** {@return whether the filter only counts and drops nothing} */
    public boolean dryRun() {
        return dryRun;
    }

    /**
     * {@return whether events of logger {@code name} are limited: not under an excluded prefix, and under an
     * included one if any is set} A prefix matches the logger of that name and its descendants.
     *
     * @param name a logger name
     */
    public boolean limitsLogger(String name) {
        for (String prefix : excludeLoggers) {
            if (under(name, prefix)) {
                return false;
            }
        }
        if (loggers.length == 0) {
            return true;
        }
        for (String prefix : loggers) {
            if (under(name, prefix)) {
                return true;
            }
        }
        return false;
    }

    /** {@return whether every logger is limited, so callers can skip {@link #limitsLogger}} */
    public boolean limitsAllLoggers() {
        return loggers.length == 0 && excludeLoggers.length == 0;
    }

    private static boolean under(String name, String prefix) {
        return name.startsWith(prefix) && (name.length() == prefix.length() || prefix.endsWith(".")
                || name.charAt(prefix.length()) == '.');
    }

    /**
     * Returns whether {@code o} is a configuration with the same value for every option. Two configurations are
     * equal when their {@link #toString()}, which lists every option, is; a reloaded filter whose configuration
     * equals its predecessor's continues the predecessor's state.
     */
    @Override
    public boolean equals(Object o) {
        return o == this || (o instanceof FloodgateConfig && toString().equals(o.toString()));
    }

    @Override
    public int hashCode() {
        return toString().hashCode();
    }

    @Override
    public String toString() {
        return "FloodgateConfig[" + limiter + ", cap=" + cap + (fleet == null ? "" : ", fleet=" + fleet)
                + ", maxKeys=" + maxKeys + ", includeLogger=" + includeLogger
                + ", includeLevel=" + includeLevel + ", includeThrowable=" + includeThrowable
                + ", includeThrowableFrame=" + includeThrowableFrame + ", maskTokens=" + maskTokens
                + ", exemptMarkers=" + exemptMarkers + ", minLevel=" + minLevel
                + ", loggers=" + Arrays.toString(loggers) + ", excludeLoggers=" + Arrays.toString(excludeLoggers)
                + ", summaryInterval=" + Durations.format(summaryIntervalMillis)
                + ", maxSummaryLines=" + maxSummaryLines
                + ", summaryLevel=" + summaryLevel + ", dryRun=" + dryRun + "]";
    }
}
