package dev.floodgate.core.internal;

import java.lang.management.ManagementFactory;
import java.util.IdentityHashMap;
import java.util.Map;
import javax.management.InstanceAlreadyExistsException;
import javax.management.InstanceNotFoundException;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.MalformedObjectNameException;
import javax.management.ObjectName;

/**
 * Registers one MXBean per live filter in an MBean server (the platform's by default), and unregisters it when the
 * filter stops.
 *
 * <p>Thread-safe as a {@link FilterListener}: a registry calls it under its lock.
 */
public final class FilterMBeans implements FilterListener {

    /** The domain of every Floodgate MBean. */
    public static final String DOMAIN = "dev.floodgate";

    private final MBeanServer server;
    /** The MBeans this listener registered, so it never unregisters one of another copy; guarded by itself. */
    private final Map<RegisteredFilter, ObjectName> registered = new IdentityHashMap<>();

    /** Creates a listener for the platform MBean server, which it looks up on first use. */
    public FilterMBeans() {
        this(null);
    }

    /** Creates a listener for {@code server}; null means the platform MBean server. */
    public FilterMBeans(MBeanServer server) {
        this.server = server;
    }

    /**
     * Returns the name of a filter's MXBean: {@code dev.floodgate:type=Filter,framework=<framework>,name=<quoted
     * name>}.
     */
    public static ObjectName objectName(String framework, String name) {
        try {
            return new ObjectName(DOMAIN + ":type=Filter,framework=" + ObjectName.quote(framework) + ",name="
                    + ObjectName.quote(name));
        } catch (MalformedObjectNameException e) {
            throw new IllegalArgumentException("no MBean name for " + framework + " " + name + ": " + e, e);
        }
    }

    private MBeanServer server() {
        return server != null ? server : ManagementFactory.getPlatformMBeanServer();
    }

    /** Registers the filter's MXBean. @throws IllegalStateException if its name is taken or JMX refuses it */
    @Override
    public void started(RegisteredFilter filter) {
        ObjectName name = objectName(filter.framework(), filter.name());
        try {
            server().registerMBean(new FilterMBean(filter), name);
            synchronized (registered) {
                registered.put(filter, name);
            }
        } catch (InstanceAlreadyExistsException e) {
            throw new IllegalStateException("JMX: the MBean name " + name + " is taken (by another copy of "
                    + "Floodgate in this JVM?); this filter has no MBean", e);
        } catch (JMException e) {
            throw new IllegalStateException("JMX: cannot register " + name + ": " + e, e);
        }
    }

    /** Unregisters the filter's MXBean, if it has one. */
    @Override
    public void stopped(RegisteredFilter filter) {
        ObjectName name;
        synchronized (registered) {
            name = registered.remove(filter);
        }
        if (name == null) {
            return; // its registration failed and was reported then
        }
        try {
            server().unregisterMBean(name);
        } catch (InstanceNotFoundException e) {
            // Someone else unregistered it; nothing is left behind.
        } catch (JMException e) {
            throw new IllegalStateException("JMX: cannot unregister " + name + ": " + e, e);
        }
    }
}
