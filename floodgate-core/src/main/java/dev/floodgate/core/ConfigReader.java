package dev.floodgate.core;

import dev.floodgate.core.base.Checks;
import dev.floodgate.core.base.Durations;
import dev.floodgate.core.fleet.FleetSettings;
import java.time.Duration;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Reads the raw option strings of one filter into typed values for {@link FloodgateConfig}, collecting one message per
 * problem instead of stopping at the first, each naming the option and the value.
 *
 * <p>Each value is checked against the {@link Option} table (type, range, words); this class adds only the rules
 * that span options: which limiter, cap or fleet limit uses which option, and the names in the messages of the
 * settings builders it calls. An option that no such rule uses is checked by the table alone, so a new plain option
 * needs no code here.
 *
 * <p>Not thread-safe; one per parse. Invariant: an option that is absent or null takes its default, and
 * {@link #read()} returns true only if it added no problem.
 */
final class ConfigReader {

    private static final Option[] ATTRITION_OPTIONS = {Option.WINDOW_SIZE, Option.TIMEFRAME,
        Option.TIMEFRAME_SPILLOVER_THRESHOLD, Option.SPILLOVER_THRESHOLD, Option.ATTRITION_LOGARITHM_BASE,
        Option.INVERSE_ATTRITION_DELTA_MIN, Option.ATTRITION_MIN};

    private static final Option[] FLEET_OPTIONS = {Option.FLEET_COUNT, Option.FLEET_PERIOD, Option.FLEET_BURST,
        Option.FLEET_PREFIX};

    /** The options whose use depends on the limiter, the cap or the fleet; {@link #read()} checks them there. */
    private static final Set<Option> LIMITER_OPTIONS = EnumSet.of(Option.LIMITER, Option.COUNT, Option.PERIOD,
            Option.BURST, Option.CAP, Option.CAP_COUNT, Option.CAP_PERIOD, Option.CAP_BURST, Option.FLEET);

    static {
        LIMITER_OPTIONS.addAll(List.of(ATTRITION_OPTIONS));
        LIMITER_OPTIONS.addAll(List.of(FLEET_OPTIONS));
    }

    private final Map<Option, String> values = new EnumMap<>(Option.class);
    private final List<String> problems;
    private final int problemsBefore;
    private final Map<String, String> raw;
    private AttritionSettings attrition;
    private LimiterSettings limiter;
    private LimiterSettings cap;
    private FleetSettings fleet;

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
        apply(Option.WINDOW_SIZE, o -> b.windowSize((int) number(o)));
        apply(Option.TIMEFRAME, o -> b.timeframe(duration(o)));
        apply(Option.TIMEFRAME_SPILLOVER_THRESHOLD, o -> b.timeframeSpilloverThreshold(number(o)));
        apply(Option.SPILLOVER_THRESHOLD, o -> b.spilloverThreshold(number(o)));
        apply(Option.ATTRITION_LOGARITHM_BASE, o -> b.attritionLogarithmBase((int) number(o)));
        apply(Option.INVERSE_ATTRITION_DELTA_MIN, o -> b.inverseAttritionDeltaMin(number(o)));
        apply(Option.ATTRITION_MIN, o -> b.attritionMin(number(o)));
        attrition = b.build();
        limiter = attrition;
        cap = null;
        apply(Option.LIMITER, o -> limiter = limiter(o.choice(text(o))));
        apply(Option.CAP, o -> cap = cap(o.choice(text(o))));
        apply(Option.FLEET, o -> fleet = fleet(text(o)));
        for (Option o : Option.values()) {
            if (!LIMITER_OPTIONS.contains(o)) {
                apply(o, p -> p.check(text(p)));
            }
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

    /** The limiter's words are {@link Option#LIMITER}'s choices. */
    private LimiterSettings limiter(String kind) {
        switch (kind) {
            case "attrition":
                onlyFor(kind, Option.COUNT, Option.PERIOD, Option.BURST);
                return attrition;
            case "window":
                onlyFor(kind, Option.BURST);
                onlyFor(kind, ATTRITION_OPTIONS);
                return window(Option.COUNT, Option.PERIOD);
            default:
                onlyFor(kind, ATTRITION_OPTIONS);
                return cell(Option.COUNT, Option.PERIOD, Option.BURST);
        }
    }

    /** The cap's words are {@link Option#CAP}'s choices. */
    private LimiterSettings cap(String kind) {
        switch (kind) {
            case "none":
                onlyFor(kind, Option.CAP_COUNT, Option.CAP_PERIOD, Option.CAP_BURST);
                return null;
            case "window":
                onlyFor(kind, Option.CAP_BURST);
                return window(Option.CAP_COUNT, Option.CAP_PERIOD);
            default:
                return cell(Option.CAP_COUNT, Option.CAP_PERIOD, Option.CAP_BURST);
        }
    }

    private FleetSettings fleet(String uri) {
        if (uri.isEmpty()) {
            for (Option o : FLEET_OPTIONS) {
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

    /** The window's own range of {@code count} applies (the table gives count none: it depends on the limiter). */
    private WindowSettings window(Option count, Option period) {
        WindowSettings.Builder w = WindowSettings.builder();
        apply(count, o -> named(o, Option.COUNT, () -> w.count(narrow(o, number(o)))));
        apply(period, o -> w.period(duration(o)));
        return w.build();
    }

    private CellRateSettings cell(Option count, Option period, Option burst) {
        CellRateSettings.Builder c = CellRateSettings.builder();
        apply(count, o -> named(o, Option.COUNT, () -> c.count(number(o))));
        apply(period, o -> c.period(duration(o)));
        apply(burst, o -> c.burst(number(o)));
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

    /** {@return {@code n} as an int; a value beyond one is out of every limiter's range} */
    private int narrow(Option option, long n) {
        if (n < Integer.MIN_VALUE || n > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(option.key() + ": \"" + text(option) + "\" is out of range");
        }
        return (int) n;
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

    private void apply(Option option, Step step) {
        try {
            step.accept(option);
        } catch (IllegalArgumentException e) {
            problems.add(e.getMessage());
        }
    }

    /** {@return the value in force, trimmed, as written or as the default} */
    String text(Option option) {
        return values.get(option);
    }

    /** The typed values below are checked against the table; {@link #read()} has checked every one in force. */
    long number(Option option) {
        return option.number(text(option));
    }

    Duration duration(Option option) {
        return option.duration(text(option));
    }

    boolean bool(Option option) {
        return option.bool(text(option));
    }

    String[] names(Option option) {
        return option.names(text(option));
    }

    /** A step of {@link #read()} that may throw {@link IllegalArgumentException}. */
    @FunctionalInterface
    private interface Step {
        void accept(Option option);
    }
}
