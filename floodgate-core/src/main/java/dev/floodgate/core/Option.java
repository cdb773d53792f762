package dev.floodgate.core;

import dev.floodgate.core.base.Checks;
import dev.floodgate.core.base.Durations;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * The table of every setting of a Floodgate filter, the one place where an option is defined: its camelCase name
 * (the Logback element, the Log4j2 attribute, the Spring property in kebab case, the README row), its type, its
 * default as it would be written in XML, its range or its words, and its one-line doc. The messages for bad values
 * follow from the type and the range, and name the option and the value.
 *
 * <p>What reads the table: {@link FloodgateConfig} validates each value against it; the Logback setters and the
 * Log4j2 builder's attributes are declared one per option and tests hold them to the table; the Spring Boot
 * starter's properties, its configuration metadata and the README's option table are generated from it and checked
 * by tests. Rules that span options (which limiter uses {@code count}, a cell's count per period) stay in
 * {@link FloodgateConfig}'s reader and in the settings builders.
 */
public enum Option {
    /** Rate algorithm per fingerprint. */
    LIMITER(Type.CHOICE, "limiter", "attrition",
            "rate algorithm per fingerprint: attrition (adaptive), window (at most count per period) or cell (GCRA)",
            "attrition", "window", "cell"),
    /** Number of timeframes in the attrition window. */
    WINDOW_SIZE(Type.NUMBER, "windowSize", "5", 1, AttritionSettings.MAX_WINDOW_SIZE,
            "number of timeframes the limiter remembers"),
    /** Length of one timeframe. */
    TIMEFRAME(Type.DURATION, "timeframe", "5 seconds", 1, AttritionSettings.MAX_TIMEFRAME_MILLIS,
            "length of one timeframe; the allowance is granted per timeframe"),
    /** Per-timeframe allowance at attrition 0. */
    TIMEFRAME_SPILLOVER_THRESHOLD(Type.NUMBER, "timeframeSpilloverThreshold", "8", 1, AttritionSettings.MAX_THRESHOLD,
            "messages per timeframe a fingerprint may always log while it behaves"),
    /** Burst allowance per window at attrition 0. */
    SPILLOVER_THRESHOLD(Type.NUMBER, "spilloverThreshold", "16", 0, AttritionSettings.MAX_THRESHOLD,
            "messages per window that pass in a burst while attrition is 0"),
    /** Logarithm base of the allowance. */
    ATTRITION_LOGARITHM_BASE(Type.NUMBER, "attritionLogarithmBase", "2", 2,
            AttritionSettings.MAX_ATTRITION_LOGARITHM_BASE,
            "how fast the allowance shrinks under sustained flooding: with 2 it goes 8, 4, 2, 1; with 10 much slower"),
    /** Fastest attrition growth, negated. */
    INVERSE_ATTRITION_DELTA_MIN(Type.NUMBER, "inverseAttritionDeltaMin", "-1",
            AttritionSettings.MIN_INVERSE_ATTRITION_DELTA_MIN, -1,
            "negated: the most attrition may grow per timeframe"),
    /** Floor of attrition. */
    ATTRITION_MIN(Type.NUMBER, "attritionMin", "0", 0, AttritionSettings.MAX_THRESHOLD,
            "floor of the attrition score; above 0 the burst allowance never applies"),
    /** Events per period for the window and cell limiters; its range is the chosen limiter's. */
    COUNT(Type.NUMBER, "count", "10", "window and cell: events allowed per period"),
    /** Period of the window and cell limiters. */
    PERIOD(Type.DURATION, "period", "1 minute", 1, WindowSettings.MAX_PERIOD_MILLIS,
            "window and cell: the period count applies to"),
    /** Burst of the cell limiter. */
    BURST(Type.NUMBER, "burst", "9", 0, CellRateSettings.MAX_BURST,
            "cell: how many events beyond the rate a quiet fingerprint may send at once"),
    /** Global cap kind. */
    CAP(Type.CHOICE, "cap", "none", "a second limit over all fingerprints together: none, window or cell",
            "none", "window", "cell"),
    /** Events per period of the global cap; its range is the chosen cap's. */
    CAP_COUNT(Type.NUMBER, "capCount", "500", "global cap: events allowed per capPeriod through this filter"),
    /** Period of the global cap. */
    CAP_PERIOD(Type.DURATION, "capPeriod", "1 second", 1, WindowSettings.MAX_PERIOD_MILLIS,
            "global cap: the period capCount applies to"),
    /** Burst of a cell global cap. */
    CAP_BURST(Type.NUMBER, "capBurst", "0", 0, CellRateSettings.MAX_BURST,
            "global cap of kind cell: extra events allowed at once"),
    /** Redis URI of the fleet limit. */
    FLEET(Type.TEXT, "fleet", "", "Redis URI (redis://, rediss://, redis-sentinel://; comma-separated redis:// URIs for "
            + "a cluster) of a per-fingerprint budget shared by every process; needs floodgate-redis; empty: none"),
    /** Events per period of the fleet limit. */
    FLEET_COUNT(Type.NUMBER, "fleetCount", "10", 1, CellRateSettings.MAX_COUNT,
            "fleet limit: events allowed per fleetPeriod across all processes, by GCRA"),
    /** Period of the fleet limit. */
    FLEET_PERIOD(Type.DURATION, "fleetPeriod", "1 minute", 1, CellRateSettings.MAX_PERIOD_MILLIS,
            "fleet limit: the period fleetCount applies to"),
    /** Burst of the fleet limit. */
    FLEET_BURST(Type.NUMBER, "fleetBurst", "9", 0, CellRateSettings.MAX_BURST,
            "fleet limit: how many events beyond the rate a quiet fingerprint may send at once across all processes"),
    /** Redis key prefix of the fleet limit. */
    FLEET_PREFIX(Type.TEXT, "fleetPrefix", "", "fleet limit: Redis key prefix; processes share a budget only with the same "
            + "prefix; empty: floodgate:APP: with APP the main class or jar of the JVM"),
    /** Bound on fingerprints. */
    MAX_KEYS(Type.NUMBER, "maxKeys", "10000", 1, KeyLedger.MAX_MAX_KEYS,
            "most fingerprints tracked at once; beyond it new ones share one limiter, reported as other messages"),
    /** Logger name in the fingerprint. */
    INCLUDE_LOGGER(Type.BOOLEAN, "includeLogger", "false", "make the logger name part of the fingerprint"),
    /** Level in the fingerprint. */
    INCLUDE_LEVEL(Type.BOOLEAN, "includeLevel", "false", "make the level part of the fingerprint"),
    /** Throwable class in the fingerprint. */
    INCLUDE_THROWABLE(Type.BOOLEAN, "includeThrowable", "false", "make the throwable's class part of the fingerprint"),
    /** Throwable class and first frame in the fingerprint. */
    INCLUDE_THROWABLE_FRAME(Type.BOOLEAN, "includeThrowableFrame", "false",
            "make the throwable's class and first stack frame part of the fingerprint"),
    /** Masking of variable tokens. */
    MASK_TOKENS(Type.BOOLEAN, "maskTokens", "true",
            "group messages logged without arguments by masking numbers, times, dates, durations, hex, UUIDs, IPs"
                    + " and quoted strings"),
    /** Marker names that exempt an event. */
    EXEMPT_MARKERS(Type.NAMES, "exemptMarkers", "FLOODGATE_EXEMPT", "comma-separated marker names that are never limited"),
    /** Level below which nothing is limited. */
    MIN_LEVEL(Type.LEVEL, "minLevel", "TRACE", "events below this level are never limited"),
    /** Logger prefixes that are limited. */
    LOGGERS(Type.NAMES, "loggers", "", "comma-separated logger name prefixes to limit; empty limits all loggers"),
    /** Logger prefixes that are never limited. */
    EXCLUDE_LOGGERS(Type.NAMES, "excludeLoggers", "", "comma-separated logger name prefixes that are never limited"),
    /** Period of summaries. */
    SUMMARY_INTERVAL(Type.DURATION, "summaryInterval", "30 seconds", 100L, 86_400_000L, "how often suppressed counts are logged"),
    /** Bound on summary lines per interval. */
    MAX_SUMMARY_LINES(Type.NUMBER, "maxSummaryLines", "100", 3, 1_000_000,
            "most summary lines per interval; the largest counts get a line each, the rest share one"),
    /** Level of summaries. */
    SUMMARY_LEVEL(Type.LEVEL, "summaryLevel", "", "level of summary lines; empty logs each at the level of its messages"),
    /** Count without dropping. */
    DRY_RUN(Type.BOOLEAN, "dryRun", "false", "drop nothing; summaries say what would have been suppressed");

    /** How an option's value is written, and so how it is checked. */
    public enum Type {
        /** A whole number, within the option's range if it has one. */
        NUMBER,
        /** A duration ({@code 5 seconds}, {@code 250ms}, {@code PT5S}) of whole milliseconds within the range. */
        DURATION,
        /** {@code true} or {@code false}, in any case. */
        BOOLEAN,
        /** Comma-separated names, none empty; the empty list only where it is the default. */
        NAMES,
        /** A level name; empty only where it is the default. The adapter checks it against its framework. */
        LEVEL,
        /** One of the option's {@link #choices() words}. */
        CHOICE,
        /** Free text, such as a URI, checked by the code that uses it. */
        TEXT;

        /** {@return the type as the README names it} */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    private final Type type;
    private final String key;
    private final String defaultValue;
    private final long min;
    private final long max;
    private final String doc;
    private final List<String> choices;

    /** An option without a range of its own: not a number or duration, or one whose range depends on another. */
    Option(Type type, String key, String defaultValue, String doc, String... choices) {
        this(type, key, defaultValue, Long.MIN_VALUE, Long.MAX_VALUE, doc, choices);
    }

    /** A number, or a duration in milliseconds, that must lie in {@code [min, max]}. */
    Option(Type type, String key, String defaultValue, long min, long max, String doc, String... choices) {
        this.type = type;
        this.key = key;
        this.defaultValue = defaultValue;
        this.min = min;
        this.max = max;
        this.doc = doc;
        // the levels both frameworks share; an adapter checks a name against its own
        this.choices = type == Type.LEVEL ? List.of("TRACE", "DEBUG", "INFO", "WARN", "ERROR") : List.of(choices);
    }

    /** {@return how the value is written} */
    public Type type() {
        return type;
    }

    /** {@return the name used in XML and in the README} */
    public String key() {
        return key;
    }

    /** {@return the default as it would be written in XML; empty when the option is unset by default} */
    public String defaultValue() {
        return defaultValue;
    }

    /**
     * {@return one sentence on what the option means, ending with its range in parentheses if it has one, such as
     * {@code (1–1000)} or {@code (100ms–1d)}}
     */
    public String meaning() {
        return bounded() ? doc + " (" + range() + ")" : doc;
    }

    /** {@return the words a {@link Type#CHOICE} or {@link Type#LEVEL} option accepts; empty for other types} */
    public List<String> choices() {
        return choices;
    }

    /**
     * {@return the option named {@code key}, or null}
     *
     * @param key the name used in XML and in the README
     */
    public static Option byKey(String key) {
        for (Option o : values()) {
            if (o.key.equals(key)) {
                return o;
            }
        }
        return null;
    }

    /** {@return whether the table gives this number or duration a range} */
    boolean bounded() {
        return min != Long.MIN_VALUE || max != Long.MAX_VALUE;
    }

    /** {@return the least accepted value, in milliseconds for a duration; valid if {@link #bounded()}} */
    long min() {
        return min;
    }

    /** {@return the greatest accepted value, in milliseconds for a duration; valid if {@link #bounded()}} */
    long max() {
        return max;
    }

    private String range() {
        if (type == Type.DURATION) {
            return Durations.format(min) + "–" + Durations.format(max);
        }
        return min < 0 ? min + " to " + max : min + "–" + max;
    }

    /**
     * Checks {@code value} as the type and range of this option require; an empty value where the default is empty
     * stands for "unset" and passes.
     *
     * @throws IllegalArgumentException naming the option and the value
     */
    void check(String value) {
        switch (type) {
            case NUMBER:
                number(value);
                break;
            case DURATION:
                duration(value);
                break;
            case BOOLEAN:
                bool(value);
                break;
            case NAMES:
                names(value);
                break;
            case LEVEL:
                level(value);
                break;
            case CHOICE:
                choice(value);
                break;
            default:
                break;
        }
    }

    /** {@return a {@link Type#NUMBER} value, within the range if there is one} */
    long number(String value) {
        long n;
        try {
            n = Long.parseLong(value.startsWith("+") ? value.substring(1) : value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + ": \"" + value + "\" is not a whole number");
        }
        return bounded() ? Checks.inRange(key, n, min, max) : n;
    }

    /** {@return a {@link Type#DURATION} value, a whole number of milliseconds within the range} */
    Duration duration(String value) {
        Duration d = Durations.parse(key, value);
        Checks.wholeMillis(key, d, min, max);
        return d;
    }

    /** {@return a {@link Type#BOOLEAN} value} */
    boolean bool(String value) {
        if ("true".equalsIgnoreCase(value)) {
            return true;
        }
        if ("false".equalsIgnoreCase(value)) {
            return false;
        }
        throw new IllegalArgumentException(key + ": \"" + value + "\" is not true or false");
    }

    /** {@return a {@link Type#NAMES} value, trimmed; empty only if that is the default} */
    String[] names(String value) {
        if (value.isEmpty() && defaultValue.isEmpty()) {
            return new String[0];
        }
        String[] parts = value.split(",", -1);
        for (int i = 0; i < parts.length; i++) {
            parts[i] = parts[i].trim();
            if (parts[i].isEmpty()) {
                throw new IllegalArgumentException(key + ": \"" + value + "\" has an empty name");
            }
        }
        return parts;
    }

    /** {@return a {@link Type#LEVEL} name as written, or null if it is empty and that is the default} */
    String level(String value) {
        if (!value.isEmpty()) {
            return value;
        }
        if (defaultValue.isEmpty()) {
            return null;
        }
        throw new IllegalArgumentException(key + ": must name a level, was empty");
    }

    /** {@return a {@link Type#CHOICE} value, one of {@link #choices()}} */
    String choice(String value) {
        if (!choices.contains(value)) {
            throw new IllegalArgumentException(notAChoice(value));
        }
        return value;
    }

    /** {@return the message for a word that is not one of {@link #choices()}} */
    String notAChoice(String value) {
        String noun = type == Type.LEVEL ? "level" : key;
        int last = choices.size() - 1;
        return key + ": \"" + value + "\" is not a " + noun + "; use "
                + String.join(", ", choices.subList(0, last)) + " or " + choices.get(last);
    }
}
