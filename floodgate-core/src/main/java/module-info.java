/**
 * Floodgate's core: the limiters, their settings, the engine that fingerprints, limits and summarizes a stream of
 * logging calls ({@link dev.floodgate.core.FloodEngine}), the fleet limit's service provider interface and the
 * filters' MXBean. No dependencies beyond the JDK.
 *
 * <p>Exported: {@code dev.floodgate.core} (the engine's front door and the single-key limiters; the key ledger and
 * the rate algorithms' per-key state are package-private in it), {@code .summary}, {@code .fleet} and {@code .jmx}.
 * Not exported: {@code .fingerprint} (how a call becomes its key, reached through
 * {@link dev.floodgate.core.FloodEngine#fingerprint}) and {@code .base} (argument checks, durations and digests).
 * {@code .internal} holds what the adapters and Floodgate's own modules share (summary writing, the filter
 * registry); it is exported to those modules only.
 *
 * @uses dev.floodgate.core.fleet.FleetProvider the fleet limit's store, provided by {@code floodgate-redis}
 */
@SuppressWarnings("module") // the qualified exports name modules that are built after this one
module dev.floodgate.core {
    requires java.management;

    exports dev.floodgate.core;
    exports dev.floodgate.core.fleet;
    exports dev.floodgate.core.jmx;
    exports dev.floodgate.core.summary;

    exports dev.floodgate.core.internal to
            dev.floodgate.logback,
            dev.floodgate.log4j2,
            dev.floodgate.micrometer,
            dev.floodgate.spring;

    uses dev.floodgate.core.fleet.FleetProvider;
}
