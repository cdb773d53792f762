package dev.floodgate.redis;

import dev.floodgate.core.fleet.FleetConnection;
import dev.floodgate.core.fleet.FleetProvider;
import dev.floodgate.core.fleet.FleetSettings;
import dev.floodgate.core.fleet.FleetStatus;

/**
 * The Redis {@link FleetProvider}, registered for {@link java.util.ServiceLoader}: having floodgate-redis on the
 * classpath is what makes the {@code fleet} option work.
 *
 * <p>Thread-safe and stateless.
 */
public final class RedisFleetProvider implements FleetProvider {

    /** Creates the provider; {@link java.util.ServiceLoader} calls this. */
    public RedisFleetProvider() {
        // nothing to set up: each connection owns its client
    }

    @Override
    public FleetConnection connect(FleetSettings settings, FleetStatus status) {
        return RedisFleet.open(settings, status);
    }
}
