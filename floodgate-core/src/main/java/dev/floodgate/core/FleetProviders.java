package dev.floodgate.core;

import dev.floodgate.core.fleet.FleetProvider;
import java.util.Iterator;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

/** Finds the {@link FleetProvider} on the classpath. Stateless. */
final class FleetProviders {

    private FleetProviders() {
    }

    /**
     * {@return the first provider that {@link ServiceLoader} finds through the core's class loader, then through the
     * thread's context class loader, or null if there is none (floodgate-redis is not on the classpath)}
     */
    static FleetProvider find() {
        FleetProvider found = first(FleetProviders.class.getClassLoader());
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        return found != null || context == null ? found : first(context);
    }

    private static FleetProvider first(ClassLoader loader) {
        try {
            Iterator<FleetProvider> it = ServiceLoader.load(FleetProvider.class, loader).iterator();
            return it.hasNext() ? it.next() : null;
        } catch (ServiceConfigurationError e) {
            return null;
        }
    }
}
