package dev.floodgate.cli;

import dev.floodgate.core.FloodgateConfig;
import dev.floodgate.core.Option;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Turns the filter options of a command line into a {@link FloodgateConfig}: every option goes, by name, to
 * {@link FloodgateConfig#parse(Map, List)}, which reports each problem naming the option and the value. Level
 * names, which the core leaves to each framework, are checked here.
 *
 * <p>Stateless.
 */
final class FilterOptions {

    private FilterOptions() {
    }

    /**
     * Returns the configuration.
     *
     * @throws UsageException listing every problem, one per line
     */
    static FloodgateConfig parse(Map<String, String> raw) throws UsageException {
        List<String> problems = new ArrayList<>();
        FloodgateConfig config = FloodgateConfig.parse(raw, problems);
        if (config != null) {
            if (Levels.optionRank(config.minLevel()) == Levels.UNKNOWN) {
                problems.add(FloodgateConfig.unknownLevel(Option.MIN_LEVEL, config.minLevel()));
            }
            if (config.summaryLevel() != null && Levels.optionRank(config.summaryLevel()) == Levels.UNKNOWN) {
                problems.add(FloodgateConfig.unknownLevel(Option.SUMMARY_LEVEL, config.summaryLevel()));
            }
        }
        if (!problems.isEmpty()) {
            throw new UsageException(problems);
        }
        return config;
    }

    /** Returns a boolean option's value, given or default; call only with options {@link #parse} accepted. */
    static boolean flag(Map<String, String> raw, Option option) {
        String v = raw.get(option.key());
        return Boolean.parseBoolean((v == null ? option.defaultValue() : v).trim());
    }

    /** Returns how events are fingerprinted, for people: {@code masked message + logger}. */
    static String describeFingerprint(Map<String, String> raw) {
        StringBuilder s = new StringBuilder(flag(raw, Option.MASK_TOKENS) ? "masked message" : "message");
        if (flag(raw, Option.INCLUDE_LOGGER)) {
            s.append(" + logger");
        }
        if (flag(raw, Option.INCLUDE_LEVEL)) {
            s.append(" + level");
        }
        if (flag(raw, Option.INCLUDE_THROWABLE_FRAME)) {
            s.append(" + throwable class and frame");
        } else if (flag(raw, Option.INCLUDE_THROWABLE)) {
            s.append(" + throwable class");
        }
        return s.toString();
    }
}
