package dev.floodgate.spring;

import dev.floodgate.core.Option;
import dev.floodgate.log4j2.FloodgateFilter;
import dev.floodgate.log4j2.FloodgateFilterBuilder;
import java.beans.PropertyChangeEvent;
import java.beans.PropertyChangeListener;
import java.util.Map;
import java.util.WeakHashMap;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.config.Configuration;

/**
 * Keeps a context-wide {@code <Floodgate>} filter, set from the properties, in a Log4j2 context: adds it to the
 * configuration now and to every configuration that replaces it (Spring Boot's logging re-initialisation,
 * {@code monitorInterval} reloads), and removes it when the properties turn it off.
 *
 * <p>Thread-safe: changes run under this object's lock.
 */
final class Log4j2Installer implements PropertyChangeListener {

    private static final Map<LoggerContext, Log4j2Installer> INSTALLED = new WeakHashMap<>();

    private final LoggerContext context;
    private FloodgateProperties properties;
    private FloodgateFilter filter;
    private Configuration filtered;

    private Log4j2Installer(LoggerContext context) {
        this.context = context;
    }

    /** Applies {@code properties} to {@code context}: adds, replaces or removes the filter. */
    static void apply(LoggerContext context, FloodgateProperties properties) {
        Log4j2Installer installer;
        synchronized (INSTALLED) {
            installer = INSTALLED.get(context);
            if (installer == null) {
                if (!properties.enabled()) {
                    return;
                }
                installer = new Log4j2Installer(context);
                INSTALLED.put(context, installer);
                context.addPropertyChangeListener(installer);
            }
        }
        installer.apply(properties);
    }

    private synchronized void apply(FloodgateProperties p) {
        Configuration now = context.getConfiguration();
        if (p.equals(properties) && filter != null && filtered == now) {
            return;
        }
        properties = p;
        remove();
        install(now);
    }

    private void install(Configuration configuration) {
        if (properties == null || !properties.enabled() || configuration == null) {
            return;
        }
        FloodgateFilterBuilder b = FloodgateFilter.newBuilder().setConfiguration(configuration);
        for (Map.Entry<Option, String> e : properties.options().entrySet()) {
            b.setOption(e.getKey(), e.getValue());
        }
        FloodgateFilter f = b.build();
        configuration.addFilter(f);
        f.start();
        filter = f;
        filtered = configuration;
    }

    private void remove() {
        if (filter != null && filtered != null) {
            filtered.removeFilter(filter);
            filter.stop();
        }
        filter = null;
        filtered = null;
    }

    /** Adds the filter to a configuration that replaced the one it was in; the old one stopped it. */
    @Override
    public synchronized void propertyChange(PropertyChangeEvent event) {
        if (LoggerContext.PROPERTY_CONFIG.equals(event.getPropertyName())
                && event.getNewValue() instanceof Configuration c && c != filtered) {
            filter = null;
            filtered = null;
            install(c);
        }
    }
}
