package dev.floodgate.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** A reloaded filter continues its predecessor only if the configurations are equal: every option must count. */
class FloodgateConfigEqualityTest {

    /** A value other than the default for each option, and what it needs to be valid. */
    private static final Map<Option, String[]> CHANGED = new EnumMap<>(Option.class);

    static {
        CHANGED.put(Option.LIMITER, new String[] {"window"});
        CHANGED.put(Option.WINDOW_SIZE, new String[] {"6"});
        CHANGED.put(Option.TIMEFRAME, new String[] {"6 seconds"});
        CHANGED.put(Option.TIMEFRAME_SPILLOVER_THRESHOLD, new String[] {"9"});
        CHANGED.put(Option.SPILLOVER_THRESHOLD, new String[] {"17"});
        CHANGED.put(Option.ATTRITION_LOGARITHM_BASE, new String[] {"3"});
        CHANGED.put(Option.INVERSE_ATTRITION_DELTA_MIN, new String[] {"-2"});
        CHANGED.put(Option.ATTRITION_MIN, new String[] {"1"});
        CHANGED.put(Option.COUNT, new String[] {"11", "limiter", "cell"});
        CHANGED.put(Option.PERIOD, new String[] {"2 minutes", "limiter", "cell"});
        CHANGED.put(Option.BURST, new String[] {"8", "limiter", "cell"});
        CHANGED.put(Option.CAP, new String[] {"window"});
        CHANGED.put(Option.CAP_COUNT, new String[] {"501", "cap", "window"});
        CHANGED.put(Option.CAP_PERIOD, new String[] {"2 seconds", "cap", "window"});
        CHANGED.put(Option.CAP_BURST, new String[] {"1", "cap", "cell"});
        CHANGED.put(Option.MAX_KEYS, new String[] {"10001"});
        CHANGED.put(Option.INCLUDE_LOGGER, new String[] {"true"});
        CHANGED.put(Option.INCLUDE_LEVEL, new String[] {"true"});
        CHANGED.put(Option.INCLUDE_THROWABLE, new String[] {"true"});
        CHANGED.put(Option.INCLUDE_THROWABLE_FRAME, new String[] {"true"});
        CHANGED.put(Option.MASK_TOKENS, new String[] {"false"});
        CHANGED.put(Option.EXEMPT_MARKERS, new String[] {"AUDIT"});
        CHANGED.put(Option.MIN_LEVEL, new String[] {"INFO"});
        CHANGED.put(Option.LOGGERS, new String[] {"com.acme"});
        CHANGED.put(Option.EXCLUDE_LOGGERS, new String[] {"com.acme"});
        CHANGED.put(Option.SUMMARY_INTERVAL, new String[] {"31 seconds"});
        CHANGED.put(Option.SUMMARY_LEVEL, new String[] {"WARN"});
        CHANGED.put(Option.DRY_RUN, new String[] {"true"});
        CHANGED.put(Option.MAX_SUMMARY_LINES, new String[] {"101"});
    }

    @ParameterizedTest
    @EnumSource(Option.class)
    void equals_oneOptionChanged_isFalse(Option option) {
        // The fleet options parse only with floodgate-redis on the class path; its FleetConfigEqualityTest runs
        // this same check for them.
        Assumptions.assumeTrue(!option.key().startsWith("fleet") || FleetProviders.find() != null,
                "fleet options are checked in floodgate-redis");
        String[] change = CHANGED.get(option);
        assertThat(change).as("a changed value for %s in this test", option.key()).isNotNull();
        Map<String, String> base = new HashMap<>();
        for (int i = 1; i < change.length; i += 2) {
            base.put(change[i], change[i + 1]);
        }
        Map<String, String> changed = new HashMap<>(base);
        changed.put(option.key(), change[0]);

        assertThat(FloodgateConfig.parse(changed)).isNotEqualTo(FloodgateConfig.parse(base));
    }

    @Test
    void equals_sameValuesWrittenDifferently_isTrue() {
        FloodgateConfig a = FloodgateConfig.parse(Map.of("period", "5 seconds", "limiter", "cell"));
        FloodgateConfig b = FloodgateConfig.parse(Map.of("period", "PT5S", "limiter", "cell"));

        assertThat(a).isEqualTo(b).hasSameHashCodeAs(b);
    }
}
