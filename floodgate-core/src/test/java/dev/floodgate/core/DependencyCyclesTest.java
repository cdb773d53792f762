package dev.floodgate.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Keeps the core free of dependency cycles between its files and between its packages, read from the compiled
 * classes: a change that makes a class depend on one that depends on it, directly or around a loop, fails here.
 *
 * <p>Between files there is no cycle at all. Between packages, the one listed below is known; a listed cycle that
 * grows by a package is a new cycle.
 */
class DependencyCyclesTest {

    private static final Set<Set<String>> KNOWN_PACKAGE_CYCLES = Set.of(
            // FleetSettings, of the fleet's service provider interface, takes its rate as a CellRateSettings.
            Set.of("dev.floodgate.core", "dev.floodgate.core.fleet"));

    @Test
    void files_dependOnEachOtherInNoCycle() {
        Set<Set<String>> cycles = CompiledCore.cycles(CompiledCore.fileDependencies());

        assertThat(cycles).isEmpty();
    }

    @Test
    void packages_dependOnEachOtherOnlyInTheKnownCycles() {
        Set<Set<String>> cycles = CompiledCore.cycles(
                CompiledCore.packageDependencies(CompiledCore.fileDependencies()));

        assertThat(cycles).isSubsetOf(KNOWN_PACKAGE_CYCLES);
    }

    @Test
    void fileDependencies_readFromTheClassFiles_includeTheEnginesOwn() {
        Map<String, Set<String>> files = CompiledCore.fileDependencies();

        assertThat(files.get("dev.floodgate.core.FloodEngine"))
                .contains("dev.floodgate.core.KeyLedger", "dev.floodgate.core.Gate",
                        "dev.floodgate.core.fingerprint.Fingerprinter")
                .doesNotContain("dev.floodgate.core.FloodEngine");
    }

    @Test
    void cycles_ofALoopAroundThreeNodes_findsThemAsOne() {
        Map<String, Set<String>> graph = Map.of("a", Set.of("b"), "b", Set.of("c"), "c", Set.of("a", "d"),
                "d", Set.of());

        assertThat(CompiledCore.cycles(graph)).containsExactly(Set.of("a", "b", "c"));
    }
}
