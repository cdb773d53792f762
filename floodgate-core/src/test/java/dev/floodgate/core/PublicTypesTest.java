package dev.floodgate.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Keeps the core's exported API small, read from the compiled classes: the public top-level types of the packages
 * the module exports to everyone, and none of the engine's machinery among them.
 */
class PublicTypesTest {

    /**
     * The most public types the exported packages hold: the engine's front door and what it returns, the single-key
     * limiters with their settings and decisions, the clocks, the summary, the MXBean and the fleet's service
     * provider interface.
     */
    private static final int MAX_PUBLIC_TYPES = 27;

    @Test
    void exportedPackages_holdAtMostTheBoundOfPublicTypes() {
        Set<String> types = exportedPublicTypes();

        assertThat(types).hasSizeLessThanOrEqualTo(MAX_PUBLIC_TYPES);
    }

    @Test
    void exportedPackages_showNoneOfTheEnginesMachinery() {
        Set<String> types = exportedPublicTypes();

        assertThat(types).doesNotContain("dev.floodgate.core.Gate", "dev.floodgate.core.KeyLedger",
                "dev.floodgate.core.Tally", "dev.floodgate.core.KeyLimiter", "dev.floodgate.core.AttritionActor",
                "dev.floodgate.core.FleetLease", "dev.floodgate.core.fingerprint.Fingerprinter");
        assertThat(CompiledCore.exportedPackages()).doesNotContain("dev.floodgate.core.fingerprint",
                "dev.floodgate.core.base", "dev.floodgate.core.internal");
    }

    @Test
    void publicTypes_ofTheEnginesPackage_includeTheFrontDoor() {
        assertThat(CompiledCore.publicTypes("dev.floodgate.core"))
                .contains("dev.floodgate.core.FloodEngine", "dev.floodgate.core.Fingerprint")
                .doesNotContain("dev.floodgate.core.Gate");
    }

    private static Set<String> exportedPublicTypes() {
        Set<String> types = new TreeSet<>();
        for (String exported : CompiledCore.exportedPackages()) {
            types.addAll(CompiledCore.publicTypes(exported));
        }
        return types;
    }
}
