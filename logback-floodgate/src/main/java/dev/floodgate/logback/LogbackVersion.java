package dev.floodgate.logback;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.turbo.TurboFilter;
import ch.qos.logback.core.Context;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Whether the Logback on the class path is one the filters can run on: Logback 1.3.6, 1.4.6 or newer, the releases
 * that brought the configuration events a reload's handover listens for. On an older Logback a filter does not start
 * and says why, naming the version, instead of failing on a missing class at the first reload. Before 1.5.21 Logback
 * does not pass fluent-API calls to turbo filters; the turbo filter then says so when it starts. Whether a configurator
 * holds the context's configuration lock can be told without waiting only where that lock is a {@link ReentrantLock}
 * (1.5.7 and newer); before, it is a plain monitor.
 *
 * <p>Stateless; the answer is computed once, when the class is initialised.
 */
final class LogbackVersion {

    /** The oldest Logback of each line that the filters run on, as the status message names them. */
    static final String MINIMUM = "1.3.6 (or 1.4.6 on the 1.4 line, or any 1.5 or 1.6)";

    private static final String REQUIRED_CLASS = "ch.qos.logback.core.spi.ConfigurationEventListener";

    /** Null when this Logback is supported; else what is wrong, naming its version. */
    private static final String PROBLEM = problem();

    /** Null when this Logback passes fluent-API calls to turbo filters; else the warning, naming its version. */
    private static final String TURBO_FLUENT_WARNING = readTurboFluentWarning();

    /** {@code Context.getConfigurationLock()} as {@code (Context) -> ReentrantLock}; null where it returns a monitor. */
    private static final MethodHandle CONFIGURATION_LOCK = configurationLockHandle();

    private LogbackVersion() {
    }

    /** {@return null when the Logback on the class path is supported, else a message that names its version} */
    static String unsupported() {
        return PROBLEM;
    }

    /**
     * Returns the warning a turbo filter gives on this Logback, or null if there is nothing to warn of.
     *
     * @return the warning, naming the version, or null
     */
    static String turboFluentWarning() {
        return TURBO_FLUENT_WARNING;
    }

    /**
     * Returns whether some thread holds {@code context}'s configuration lock now (a configurator reading a
     * configuration), where this Logback can tell without waiting; false where its lock is a plain monitor, which
     * cannot be tested without taking it.
     *
     * @param context a Logback context
     * @return whether the lock is held, as far as this Logback can tell
     */
    static boolean configurationLocked(Context context) {
        if (CONFIGURATION_LOCK == null) {
            return false;
        }
        try {
            return ((ReentrantLock) CONFIGURATION_LOCK.invokeExact(context)).isLocked();
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException("Context.getConfigurationLock() failed", e);
        }
    }

    private static MethodHandle configurationLockHandle() {
        try {
            Method method = Context.class.getMethod("getConfigurationLock");
            if (method.getReturnType() != ReentrantLock.class) {
                return null;
            }
            return MethodHandles.publicLookup().unreflect(method)
                    .asType(MethodType.methodType(ReentrantLock.class, Context.class));
        } catch (NoSuchMethodException | IllegalAccessException e) {
            return null;
        }
    }

    private static String readTurboFluentWarning() {
        try {
            TurboFilter.class.getMethod("decide", Logger.class, org.slf4j.event.LoggingEvent.class);
            return null;
        } catch (NoSuchMethodException e) {
            return "Logback " + version() + " does not pass fluent-API calls (logger.atError()...log()) to turbo "
                    + "filters, so this one neither limits nor counts them; Logback 1.5.21 and newer do. Upgrade "
                    + "logback-classic, or put FloodgateFilter on the appenders instead";
        }
    }

    /**
     * Returns the version of logback-core: from its jar's manifest, else its module's descriptor.
     *
     * @return the version, or "(version unknown)"
     */
    static String version() {
        String version = Context.class.getPackage().getImplementationVersion();
        if (version == null && Context.class.getModule().getDescriptor() != null) {
            version = Context.class.getModule().getDescriptor().rawVersion().orElse(null);
        }
        return version == null ? "(version unknown)" : version;
    }

    private static String problem() {
        try {
            Class.forName(REQUIRED_CLASS, false, Context.class.getClassLoader());
            return null;
        } catch (ClassNotFoundException | LinkageError e) {
            return "Logback " + version() + " is too old for Floodgate: it needs Logback " + MINIMUM
                    + ", whose configuration events carry its state across a reload; "
                    + "upgrade logback-classic and logback-core";
        }
    }
}
