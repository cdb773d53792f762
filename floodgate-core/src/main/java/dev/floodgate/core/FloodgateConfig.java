package dev.floodgate.core;

import dev.floodgate.core.fingerprint.Fingerprinter;
import dev.floodgate.core.fleet.FleetProviders;
import dev.floodgate.core.fleet.FleetSettings;
import dev.floodgate.core.internal.Checks;
import dev.floodgate.core.internal.DurationText;
import dev.floodgate.core.internal.Durations;
import dev.floodgate.core.ledger.KeyLedger;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The validated settings of one Floodgate filter, read from the raw strings of {@code logback.xml} or
 * {@code log4j2.xml} by one parser, so that both dialects accept the same values and report the same errors.
 *
 * <p>Immutable. Level names stay strings here: each adapter checks them against its framework.
 */
public final class FloodgateConfig {

    /** Smallest accepted summary interval. */
    public static final long MIN_SUMMARY_INTERVAL_MILLIS = 100L;
    /** Largest accepted summary interval (one day). */
    public static final long MAX_SUMMARY_INTERVAL_MILLIS = 86_400_000L;

    /** Fewest accepted summary lines per interval: the "other messages", "forgotten" and "… more" lines. */
    public static final int MIN_MAX_SUMMARY_LINES = 3;
    /** Most accepted summary lines per interval. */
    public static final int MAX_MAX_SUMMARY_LINES = 1_000_000;

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

    private FloodgateConfig(Reader r) {
        this.attrition = r.attrition;
        this.limiter = r.limiter;
        this.cap = r.cap;
        this.fleet = r.fleet;
        this.maxKeys = r.maxKeys;
        this.includeLogger = r.bool(Option.INCLUDE_LOGGER);
        this.includeLevel = r.bool(Option.INCLUDE_LEVEL);
        this.includeThrowable = r.bool(Option.INCLUDE_THROWABLE);
        this.includeThrowableFrame = r.bool(Option.INCLUDE_THROWABLE_FRAME);
        this.maskTokens = r.bool(Option.MASK_TOKENS);
        this.exemptMarkers = Collections.unmodifiableList(Arrays.asList(r.names(Option.EXEMPT_MARKERS, false)));
        this.minLevel = r.text(Option.MIN_LEVEL);
        this.loggers = r.names(Option.LOGGERS, true);
        this.excludeLoggers = r.names(Option.EXCLUDE_LOGGERS, true);
        this.summaryIntervalMillis = r.summaryIntervalMillis;
        this.maxSummaryLines = r.maxSummaryLines;
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
        Reader reader = new Reader(raw, problems);
        return reader.read() ? new FloodgateConfig(reader) : null;
    }

    /**
     * {@return the message for a level name that the framework does not know}
     *
     * @param option the option that named the level
     * @param value the level name as written
     */
    public static String unknownLevel(Option option, String value) {
        return option.key() + ": \"" + value + "\" is not a level; use TRACE, DEBUG, INFO, WARN or ERROR";
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
    public Fingerprinter fingerprinter() {
        return new Fingerprinter(includeLogger, includeLevel, includeThrowable, includeThrowableFrame, maskTokens);
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
        return "FloodgateConfig[" + limiter + ", cap=" + cap + (fleet == null ? "" : ", fleet=" + fleet) + ", maxKeys=" + maxKeys + ", includeLogger=" + includeLogger
                + ", includeLevel=" + includeLevel + ", includeThrowable=" + includeThrowable
                + ", includeThrowableFrame=" + includeThrowableFrame + ", maskTokens=" + maskTokens
                + ", exemptMarkers=" + exemptMarkers + ", minLevel=" + minLevel
                + ", loggers=" + Arrays.toString(loggers) + ", excludeLoggers=" + Arrays.toString(excludeLoggers)
                + ", summaryInterval=" + DurationText.format(summaryIntervalMillis)
                + ", maxSummaryLines=" + maxSummaryLines
                + ", summaryLevel=" + summaryLevel + ", dryRun=" + dryRun + "]";
    }

    private static final Option[] ATTRITION_OPTIONS = {Option.WINDOW_SIZE, Option.TIMEFRAME,
        Option.TIMEFRAME_SPILLOVER_THRESHOLD, Option.SPILLOVER_THRESHOLD, Option.ATTRITION_LOGARITHM_BASE,
        Option.INVERSE_ATTRITION_DELTA_MIN, Option.ATTRITION_MIN};

    /** Reads raw strings into typed values, collecting problems instead of stopping at the first. */
    private static final class Reader {
        private final Map<Option, String> values = new EnumMap<>(Option.class);
        private final List<String> problems;
        private final int problemsBefore;
        private final Map<String, String> raw;
        private AttritionSettings attrition;
        private LimiterSettings limiter;
        private LimiterSettings cap;
        private FleetSettings fleet;
        private int maxKeys;
        private long summaryIntervalMillis;
        private int maxSummaryLines;

        Reader(Map<String, String> raw, List<String> problems) {
            this.problems = Objects.requireNonNull(problems, "problems");
            this.raw = Objects.requireNonNull(raw, "raw");
            this.problemsBefore = problems.size();
            for (Option o : Option.values()) {
                values.put(o, o.defaultValue());
            }
            for (Map.Entry<String, String> e : raw.entrySet()) {
                Option o = Option.byKey(e.getKey());
                if (o == null) {
                    problems.add("unknown option \"" + e.getKey() + "\"");
                } else if (e.getValue() != null) {
                    values.put(o, e.getValue().trim());
                }
            }
        }

        boolean read() {
            AttritionSettings.Builder b = AttritionSettings.builder();
            apply(Option.WINDOW_SIZE, v -> b.windowSize((int) whole(Option.WINDOW_SIZE, v, Integer.MIN_VALUE,
                    Integer.MAX_VALUE)));
            apply(Option.TIMEFRAME, v -> b.timeframe(Durations.parse(Option.TIMEFRAME.key(), v)));
            apply(Option.TIMEFRAME_SPILLOVER_THRESHOLD, v -> b.timeframeSpilloverThreshold(
                    whole(Option.TIMEFRAME_SPILLOVER_THRESHOLD, v, Long.MIN_VALUE, Long.MAX_VALUE)));
            apply(Option.SPILLOVER_THRESHOLD, v -> b.spilloverThreshold(
                    whole(Option.SPILLOVER_THRESHOLD, v, Long.MIN_VALUE, Long.MAX_VALUE)));
            apply(Option.ATTRITION_LOGARITHM_BASE, v -> b.attritionLogarithmBase((int) whole(
                    Option.ATTRITION_LOGARITHM_BASE, v, Integer.MIN_VALUE, Integer.MAX_VALUE)));
            apply(Option.INVERSE_ATTRITION_DELTA_MIN, v -> b.inverseAttritionDeltaMin(
                    whole(Option.INVERSE_ATTRITION_DELTA_MIN, v, Long.MIN_VALUE, Long.MAX_VALUE)));
            apply(Option.ATTRITION_MIN, v -> b.attritionMin(whole(Option.ATTRITION_MIN, v, Long.MIN_VALUE,
                    Long.MAX_VALUE)));
            attrition = b.build();
            limiter = attrition;
            cap = null;
            apply(Option.LIMITER, v -> limiter = limiter(v));
            apply(Option.CAP, v -> cap = cap(v));
            apply(Option.FLEET, v -> fleet = fleet(v));
            apply(Option.MAX_KEYS, v -> maxKeys = (int) Checks.inRange(Option.MAX_KEYS.key(),
                    whole(Option.MAX_KEYS, v, Long.MIN_VALUE, Long.MAX_VALUE), 1, KeyLedger.MAX_MAX_KEYS));
            apply(Option.SUMMARY_INTERVAL, v -> summaryIntervalMillis = Checks.wholeMillis(
                    Option.SUMMARY_INTERVAL.key(), Durations.parse(Option.SUMMARY_INTERVAL.key(), v),
                    MIN_SUMMARY_INTERVAL_MILLIS, MAX_SUMMARY_INTERVAL_MILLIS));
            apply(Option.MAX_SUMMARY_LINES, v -> maxSummaryLines = (int) Checks.inRange(Option.MAX_SUMMARY_LINES.key(),
                    whole(Option.MAX_SUMMARY_LINES, v, Long.MIN_VALUE, Long.MAX_VALUE), MIN_MAX_SUMMARY_LINES,
                    MAX_MAX_SUMMARY_LINES));
            for (Option o : new Option[] {Option.INCLUDE_LOGGER, Option.INCLUDE_LEVEL, Option.INCLUDE_THROWABLE,
                    Option.INCLUDE_THROWABLE_FRAME, Option.MASK_TOKENS, Option.DRY_RUN}) {
                apply(o, v -> bool(o));
            }
            apply(Option.EXEMPT_MARKERS, v -> names(Option.EXEMPT_MARKERS, false));
            apply(Option.LOGGERS, v -> names(Option.LOGGERS, true));
            apply(Option.EXCLUDE_LOGGERS, v -> names(Option.EXCLUDE_LOGGERS, true));
            if (text(Option.MIN_LEVEL).isEmpty()) {
                problems.add(Option.MIN_LEVEL.key() + ": must name a level, was empty");
            }
            return problems.size() == problemsBefore;
        }

        private LimiterSettings limiter(String kind) {
            switch (kind) {
                case "attrition":
                    onlyFor(kind, Option.COUNT, Option.PERIOD, Option.BURST);
                    return attrition;
                case "window":
                    onlyFor(kind, Option.BURST);
                    onlyFor(kind, ATTRITION_OPTIONS);
                    return window(Option.COUNT, Option.PERIOD);
                case "cell":
                    onlyFor(kind, ATTRITION_OPTIONS);
                    return cell(Option.COUNT, Option.PERIOD, Option.BURST);
                default:
                    throw new IllegalArgumentException(Option.LIMITER.key() + ": \"" + kind
                            + "\" is not a limiter; use attrition, window or cell");
            }
        }

        private LimiterSettings cap(String kind) {
            switch (kind) {
                case "none":
                    onlyFor("none", Option.CAP_COUNT, Option.CAP_PERIOD, Option.CAP_BURST);
                    return null;
                case "window":
                    onlyFor("window", Option.CAP_BURST);
                    return window(Option.CAP_COUNT, Option.CAP_PERIOD);
                case "cell":
                    return cell(Option.CAP_COUNT, Option.CAP_PERIOD, Option.CAP_BURST);
                default:
                    throw new IllegalArgumentException(Option.CAP.key() + ": \"" + kind
                            + "\" is not a cap; use none, window or cell");
            }
        }

        private FleetSettings fleet(String uri) {
            if (uri.isEmpty()) {
                for (Option o : new Option[] {Option.FLEET_COUNT, Option.FLEET_PERIOD, Option.FLEET_BURST,
                        Option.FLEET_PREFIX}) {
                    if (raw.containsKey(o.key())) {
                        problems.add(o.key() + ": \"" + raw.get(o.key()) + "\" has no meaning without fleet (a Redis URI)");
                    }
                }
                return null;
            }
            CellRateSettings c = cell(Option.FLEET_COUNT, Option.FLEET_PERIOD, Option.FLEET_BURST);
            FleetSettings settings = FleetSettings.of(uri, c, text(Option.FLEET_PREFIX));
            if (FleetProviders.find() == null) {
                throw new IllegalArgumentException(Option.FLEET.key() + ": \"" + settings.redactedUri()
                        + "\" needs the floodgate-redis module (dev.floodgate:floodgate-redis) on the classpath, "
                        + "which was not found; add it, or remove fleet");
            }
            return settings;
        }

        private WindowSettings window(Option count, Option period) {
            WindowSettings.Builder w = WindowSettings.builder();
            apply(count, v -> named(count, Option.COUNT, () -> w.count(
                    (int) whole(count, v, Integer.MIN_VALUE, Integer.MAX_VALUE))));
            apply(period, v -> named(period, Option.PERIOD, () -> w.period(Durations.parse(period.key(), v))));
            return w.build();
        }

        private CellRateSettings cell(Option count, Option period, Option burst) {
            CellRateSettings.Builder c = CellRateSettings.builder();
            apply(count, v -> named(count, Option.COUNT, () -> c.count(
                    whole(count, v, Long.MIN_VALUE, Long.MAX_VALUE))));
            apply(period, v -> named(period, Option.PERIOD, () -> c.period(Durations.parse(period.key(), v))));
            apply(burst, v -> named(burst, Option.BURST, () -> c.burst(
                    whole(burst, v, Long.MIN_VALUE, Long.MAX_VALUE))));
            try {
                return c.build();
            } catch (IllegalArgumentException e) {
                if (count == Option.COUNT) {
                    throw e;
                }
                // build() names count and period; say capCount and capPeriod when those were meant.
                throw new IllegalArgumentException(renamed(e.getMessage(), Option.COUNT, count)
                        .replace(" for " + Option.PERIOD.key() + " ", " for " + period.key() + " "), e);
            }
        }

        /**
         * Runs a setter of a settings builder, whose messages name its own option ({@code count}), so that they
         * name the option that was set ({@code capCount}) instead.
         */
        private static void named(Option option, Option builderName, Runnable setter) {
            try {
                setter.run();
            } catch (IllegalArgumentException e) {
                if (option == builderName) {
                    throw e;
                }
                throw new IllegalArgumentException(renamed(e.getMessage(), builderName, option), e);
            }
        }

        /** Returns {@code message} with a leading {@code from} option name replaced by {@code to}'s. */
        private static String renamed(String message, Option from, Option to) {
            String prefix = from.key() + " ";
            return message.startsWith(prefix) ? to.key() + message.substring(from.key().length()) : message;
        }

        /** Reports options that were set although the chosen kind does not use them. */
        private void onlyFor(String kind, Option... unused) {
            for (Option o : unused) {
                if (raw.containsKey(o.key())) {
                    problems.add(o.key() + ": \"" + raw.get(o.key()) + "\" has no meaning for " + kind);
                }
            }
        }

        private void apply(Option option, ValueConsumer consumer) {
            try {
                consumer.accept(values.get(option));
            } catch (IllegalArgumentException e) {
                problems.add(e.getMessage());
            }
        }

        String text(Option option) {
            return values.get(option);
        }

        boolean bool(Option option) {
            String v = values.get(option);
            if ("true".equalsIgnoreCase(v)) {
                return true;
            }
            if ("false".equalsIgnoreCase(v)) {
                return false;
            }
            throw new IllegalArgumentException(option.key() + ": \"" + v + "\" is not true or false");
        }

        String[] names(Option option, boolean allowEmpty) {
            String v = values.get(option);
            if (v.isEmpty() && allowEmpty) {
                return new String[0];
            }
            String[] parts = v.split(",", -1);
            for (int i = 0; i < parts.length; i++) {
                parts[i] = parts[i].trim();
                if (parts[i].isEmpty()) {
                    throw new IllegalArgumentException(option.key() + ": \"" + v + "\" has an empty name");
                }
            }
            return parts;
        }

        private static long whole(Option option, String v, long min, long max) {
            long n;
            try {
                n = Long.parseLong(v.startsWith("+") ? v.substring(1) : v);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(option.key() + ": \"" + v + "\" is not a whole number");
            }
            if (n < min || n > max) {
                throw new IllegalArgumentException(option.key() + ": \"" + v + "\" is out of range");
            }
            return n;
        }
    }

    /** A step of {@link Reader#read()} that may throw {@link IllegalArgumentException}. */
    @FunctionalInterface
    private interface ValueConsumer {
        void accept(String value);
    }
}
