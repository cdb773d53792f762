package dev.floodgate.core;

import dev.floodgate.core.fleet.FleetConnection;
import dev.floodgate.core.fleet.FleetSettings;

/**
 * One filter's side of the fleet limit: the connection to the shared store that its fingerprints' leases draw on.
 *
 * <p>Thread-safe. Memory: the connection; each tracked fingerprint holds its own lease.
 */
final class FleetBudget {

    private final FleetSettings settings;
    private final FleetConnection connection;
    private final Clock clock;
    private final String description;
    /** Set when an event was decided without a lease because the store did not answer; cleared by summaries. */
    private volatile boolean unavailableSinceSummary;

    FleetBudget(FleetSettings settings, FleetConnection connection, Clock clock) {
        this.settings = settings;
        this.connection = connection;
        this.clock = clock;
        this.description = settings.describe();
    }

    FleetSettings settings() {
        return settings;
    }

    FleetConnection connection() {
        return connection;
    }

    long nowMillis() {
        return clock.millis();
    }

    /** Returns how summaries name the fleet limit, e.g. {@code 10/1m, burst 9}. */
    String description() {
        return description;
    }

    void noteUnavailable() {
        if (!unavailableSinceSummary) {
            unavailableSinceSummary = true;
        }
    }

    /** Returns whether the store failed to answer since the last call, and starts a new period. */
    boolean takeUnavailable() {
        boolean was = unavailableSinceSummary;
        if (was) {
            unavailableSinceSummary = false;
        }
        return was;
    }

    void close() {
        connection.close();
    }
}
