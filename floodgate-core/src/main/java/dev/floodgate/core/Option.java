package dev.floodgate.core;

/**
 * Every setting of a Floodgate filter: one camelCase name used by the Logback element, the Log4j2 attribute and the
 * README, with its default as it would be written in XML.
 */
public enum Option {
    /** Rate algorithm per fingerprint. */
    LIMITER(Type.CHOICE, "limiter", "attrition",
            "rate algorithm per fingerprint: attrition (adaptive), window (at most count per period) or cell (GCRA)"),
    /** Number of timeframes in the attrition window. */
    WINDOW_SIZE(Type.NUMBER, "windowSize", "5", "number of timeframes the limiter remembers (1–1000)"),
    /** Length of one timeframe. */
    TIMEFRAME(Type.DURATION, "timeframe", "5 seconds", "length of one timeframe; the allowance is granted per timeframe"),
    /** Per-timeframe allowance at attrition 0. */
    TIMEFRAME_SPILLOVER_THRESHOLD(Type.NUMBER, "timeframeSpilloverThreshold", "8",
            "messages per timeframe a fingerprint may always log while it behaves"),
    /** Burst allowance per window at attrition 0. */
    SPILLOVER_THRESHOLD(Type.NUMBER, "spilloverThreshold", "16",
            "messages per window that pass in a burst while attrition is 0"),
    /** Logarithm base of the allowance. */
    ATTRITION_LOGARITHM_BASE(Type.NUMBER, "attritionLogarithmBase", "2",
            "how fast the allowance shrinks under sustained flooding (2 = 8, 4, 2, 1; 10 = much slower)"),
    /** Fastest attrition growth, negated. */
    INVERSE_ATTRITION_DELTA_MIN(Type.NUMBER, "inverseAttritionDeltaMin", "-1",
            "negated: the most attrition may grow per timeframe (-1 to -1000000)"),
    /** Floor of attrition. */
    ATTRITION_MIN(Type.NUMBER, "attritionMin", "0", "floor of the attrition score; above 0 the burst allowance never applies"),
    /** Events per period for the window and cell limiters. */
    COUNT(Type.NUMBER, "count", "10", "window and cell: events allowed per period"),
    /** Period of the window and cell limiters. */
    PERIOD(Type.DURATION, "period", "1 minute", "window and cell: the period count applies to"),
    /** Burst of the cell limiter. */
    BURST(Type.NUMBER, "burst", "9", "cell: how many events beyond the rate a quiet fingerprint may send at once"),
    /** Global cap kind. */
    CAP(Type.CHOICE, "cap", "none", "a second limit over all fingerprints together: none, window or cell"),
    /** Events per period of the global cap. */
    CAP_COUNT(Type.NUMBER, "capCount", "500", "global cap: events allowed per capPeriod through this filter"),
    /** Period of the global cap. */
    CAP_PERIOD(Type.DURATION, "capPeriod", "1 second", "global cap: the period capCount applies to"),
    /** Burst of a cell global cap. */
    CAP_BURST(Type.NUMBER, "capBurst", "0", "global cap of kind cell: extra events allowed at once"),
    /** Redis URI of the fleet limit. */
    FLEET(Type.TEXT, "fleet", "", "Redis URI (redis://, rediss://, redis-sentinel://; comma-separated redis:// URIs for "
            + "a cluster) of a per-fingerprint budget shared by every process; needs floodgate-redis; empty: none"),
    /** Events per period of the fleet limit. */
    FLEET_COUNT(Type.NUMBER, "fleetCount", "10", "fleet limit: events allowed per fleetPeriod across all processes (GCRA)"),
    /** Period of the fleet limit. */
    FLEET_PERIOD(Type.DURATION, "fleetPeriod", "1 minute", "fleet limit: the period fleetCount applies to"),
    /** Burst of the fleet limit. */
    FLEET_BURST(Type.NUMBER, "fleetBurst", "9", "fleet limit: how many events beyond the rate a quiet fingerprint may "
            + "send at once across all processes"),
    /** Redis key prefix of the fleet limit. */
    FLEET_PREFIX(Type.TEXT, "fleetPrefix", "", "fleet limit: Redis key prefix; processes share a budget only with the same "
            + "prefix; empty: floodgate:APP: with APP the main class or jar of the JVM"),
    /** Bound on fingerprints. */
    MAX_KEYS(Type.NUMBER, "maxKeys", "10000",
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
    SUMMARY_INTERVAL(Type.DURATION, "summaryInterval", "30 seconds", "how often suppressed counts are logged"),
    /** Bound on summary lines per interval. */
    MAX_SUMMARY_LINES(Type.NUMBER, "maxSummaryLines", "100",
            "most summary lines per interval (3–1000000); the largest counts get a line each, the rest share one"),
    /** Level of summaries. */
    SUMMARY_LEVEL(Type.LEVEL, "summaryLevel", "", "level of summary lines; empty logs each at the level of its messages"),
    /** Count without dropping. */
    DRY_RUN(Type.BOOLEAN, "dryRun", "false", "drop nothing; summaries say what would have been suppressed");

    /** How an option's value is written. */
    public enum Type {
        /** A whole number. */
        NUMBER,
        /** A duration: {@code 5 seconds}, {@code 250ms}, {@code PT5S}. */
        DURATION,
        /** {@code true} or {@code false}. */
        BOOLEAN,
        /** Comma-separated names. */
        NAMES,
        /** A level name of the framework. */
        LEVEL,
        /** One of the words the option lists. */
        CHOICE,
        /** Free text, such as a URI. */
        TEXT;

        /** {@return the type as the README names it} */
        public String label() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    private final Type type;
    private final String key;
    private final String defaultValue;
    private final String meaning;

    Option(Type type, String key, String defaultValue, String meaning) {
        this.type = type;
        this.key = key;
        this.defaultValue = defaultValue;
        this.meaning = meaning;
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

    /** {@return one sentence on what the option means} */
    public String meaning() {
        return meaning;
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
}
