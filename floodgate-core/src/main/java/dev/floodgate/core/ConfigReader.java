package dev.floodgate.core;

import dev.floodgate.core.base.Checks;
import dev.floodgate.core.base.Durations;
import dev.floodgate.core.fleet.FleetSettings;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Reads the raw option strings of one filter into typed values for {@link FloodgateConfig}, collecting one message per
 * problem instead of stopping at the first, each naming the option and the value.
 *
 * <p>Not thread-safe; one per parse. Invariant: an option that is absent or null takes its default, and
 * {@link #read()} returns true only if it added no problem.
 */
final class ConfigReader {

    private static final Option[] ATTRITION_OPTIONS = {Option.WINDOW_SIZE, Option.TIMEFRAME,
        Option.TIMEFRAME_SPILLOVER_THRESHOLD, Option.SPILLOVER_THRESHOLD, Option.ATTRITION_LOGARITHM_BASE,
        Option.INVERSE_ATTRITION_DELTA_MIN, Option.ATTRITION_MIN};

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

    ConfigReader(Map<String, String> raw, List<String> problems) {
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
                FloodgateConfig.MIN_SUMMARY_INTERVAL_MILLIS, FloodgateConfig.MAX_SUMMARY_INTERVAL_MILLIS));
        apply(Option.MAX_SUMMARY_LINES, v -> maxSummaryLines = (int) Checks.inRange(Option.MAX_SUMMARY_LINES.key(),
                whole(Option.MAX_SUMMARY_LINES, v, Long.MIN_VALUE, Long.MAX_VALUE),
                FloodgateConfig.MIN_MAX_SUMMARY_LINES, FloodgateConfig.MAX_MAX_SUMMARY_LINES));
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

    /** {@return the attrition settings; valid after a successful {@link #read()}, as are the methods below} */
    AttritionSettings attrition() {
        return attrition;
    }

    LimiterSettings limiter() {
        return limiter;
    }

    /** {@return the cap's settings, or null for none} */
    LimiterSettings cap() {
        return cap;
    }

    /** {@return the fleet limit's settings, or null for none} */
    FleetSettings fleet() {
        return fleet;
    }

    int maxKeys() {
        return maxKeys;
    }

    long summaryIntervalMillis() {
        return summaryIntervalMillis;
    }

    int maxSummaryLines() {
        return maxSummaryLines;
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

    /** A step of {@link #read()} that may throw {@link IllegalArgumentException}. */
    @FunctionalInterface
    private interface ValueConsumer {
        void accept(String value);
    }
}
