package dev.floodgate.core.fleet;

/**
 * Connects filters to a fleet-wide budget store; registered in
 * {@code META-INF/services/dev.floodgate.core.fleet.FleetProvider} and found with {@link java.util.ServiceLoader},
 * through the core's class loader first, then the thread's context class loader.
 *
 * <p>Implementations are thread-safe.
 */
public interface FleetProvider {

    /**
     * Opens a connection for one filter. Returns at once: connecting happens in the background, and until it
     * succeeds every {@link FleetConnection#take} is answered {@link FleetReply#unavailable()}.
     *
     * @param settings the validated fleet settings
     * @param status where the connection reports outages and recoveries (the framework's status API)
     * @return the filter's connection, usable at once
     */
    FleetConnection connect(FleetSettings settings, FleetStatus status);
}
