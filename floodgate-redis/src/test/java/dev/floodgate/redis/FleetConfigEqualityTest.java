package dev.floodgate.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.floodgate.core.FloodgateConfig;
import dev.floodgate.core.Option;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A reloaded filter continues its predecessor only if the configurations are equal (core's
 * FloodgateConfigEqualityTest); the fleet options parse only with this module present, so they are checked here.
 */
class FleetConfigEqualityTest {

    @ParameterizedTest
    @CsvSource({"fleet, redis://other-host:6379", "fleetCount, 11", "fleetPeriod, 2 minutes", "fleetBurst, 8",
        "fleetPrefix, other:"})
    void equals_oneFleetOptionChanged_isFalse(String option, String value) {
        Map<String, String> base = new HashMap<>(Map.of(Option.FLEET.key(), "redis://localhost:6379"));
        Map<String, String> changed = new HashMap<>(base);
        changed.put(option, value);

        assertThat(FloodgateConfig.parse(changed)).isNotEqualTo(FloodgateConfig.parse(base));
    }

    @ParameterizedTest
    @CsvSource({"fleetPeriod, 1 minute, PT60S", "fleetCount, 10, 10"})
    void equals_sameFleetValuesWrittenDifferently_isTrue(String option, String one, String other) {
        Map<String, String> a = Map.of(Option.FLEET.key(), "redis://localhost:6379", option, one);
        Map<String, String> b = Map.of(Option.FLEET.key(), "redis://localhost:6379", option, other);

        assertThat(FloodgateConfig.parse(a)).isEqualTo(FloodgateConfig.parse(b))
                .hasSameHashCodeAs(FloodgateConfig.parse(b));
    }
}
