package dev.floodgate.spring;

import java.util.List;
import org.springframework.boot.context.event.ApplicationEnvironmentPreparedEvent;
import org.springframework.boot.context.logging.LoggingApplicationListener;
import org.springframework.context.ApplicationEvent;
import org.springframework.context.event.GenericApplicationListener;
import org.springframework.core.ResolvableType;
import org.springframework.util.ClassUtils;

/**
 * Turns Floodgate on from {@code application.properties} alone: right after Spring Boot initialised logging, reads
 * the {@code floodgate.*} properties and, with {@code floodgate.enabled=true}, adds the filter to the Logback or
 * Log4j2 context in use (which keeps it across later re-initialisations). A bad value fails the startup with a
 * {@link FloodgatePropertyException}, which {@link FloodgateFailureAnalyzer} explains; so does
 * {@code floodgate.enabled=true} when the framework in use has no Floodgate adapter on the class path (the starter
 * brings {@code logback-floodgate}; an application on Log4j2 adds {@code log4j2-floodgate}).
 *
 * <p>Stateless; registered in {@code META-INF/spring.factories}.
 */
public final class FloodgateLoggingListener implements GenericApplicationListener {

    private static final String LOGBACK = "ch.qos.logback.classic.LoggerContext";
    private static final String LOG4J_CORE = "org.apache.logging.log4j.core.LoggerContext";
    private static final String LOGBACK_ADAPTER = "dev.floodgate.logback.FloodgateTurboFilter";
    private static final String LOG4J2_ADAPTER = "dev.floodgate.log4j2.FloodgateFilter";

    /** What {@link FloodgateFailureAnalyzer} recognises a missing adapter by. */
    static final String MISSING_ADAPTER = " is not on the class path";

    /** Creates the listener; Spring Boot does, from {@code META-INF/spring.factories}. */
    public FloodgateLoggingListener() {
        // stateless
    }

    @Override
    public boolean supportsEventType(ResolvableType eventType) {
        return ApplicationEnvironmentPreparedEvent.class.isAssignableFrom(eventType.toClass());
    }

    @Override
    public void onApplicationEvent(ApplicationEvent event) {
        if (!(event instanceof ApplicationEnvironmentPreparedEvent prepared)) {
            return;
        }
        FloodgateProperties properties = FloodgateProperties.read(prepared.getEnvironment());
        ClassLoader loader = getClass().getClassLoader();
        if (ClassUtils.isPresent(LOGBACK, loader)) {
            if (ClassUtils.isPresent(LOGBACK_ADAPTER, loader)) {
                Logback.apply(properties);
            } else if (properties.enabled() && Logback.inUse()) {
                throw missingAdapter("Logback", "logback-floodgate");
            }
        }
        if (ClassUtils.isPresent(LOG4J_CORE, loader)) {
            if (ClassUtils.isPresent(LOG4J2_ADAPTER, loader)) {
                Log4j2.apply(properties);
            } else if (properties.enabled() && Log4j2.inUse()) {
                throw missingAdapter("Log4j2", "log4j2-floodgate");
            }
        }
    }

    /**
     * The failure of {@code floodgate.enabled=true} in an application whose logging framework has no Floodgate
     * adapter on the class path: the starter brings logback-floodgate only, for Spring Boot's default Logback.
     */
    private static FloodgatePropertyException missingAdapter(String framework, String artifact) {
        return new FloodgatePropertyException(List.of(new FloodgatePropertyException.Problem(
                FloodgateProperties.ENABLED, "true", "the application logs through " + framework + ", and Floodgate's "
                        + "adapter for it, dev.floodgate:" + artifact + "," + MISSING_ADAPTER + ": add that "
                        + "dependency (the version the floodgate-bom manages, or the starter's own version)")));
    }

    /** Runs right after {@link LoggingApplicationListener}, which initialises logging on the same event. */
    @Override
    public int getOrder() {
        return LoggingApplicationListener.DEFAULT_ORDER + 1;
    }

    /** Logback's part, in its own class so that it is loaded only when Logback is there. */
    private static final class Logback {
        static boolean inUse() {
            return org.slf4j.LoggerFactory.getILoggerFactory() instanceof ch.qos.logback.classic.LoggerContext;
        }

        static void apply(FloodgateProperties properties) {
            if (org.slf4j.LoggerFactory.getILoggerFactory() instanceof ch.qos.logback.classic.LoggerContext c) {
                LogbackInstaller.apply(c, properties);
            }
        }
    }

    /** Log4j2's part, in its own class so that it is loaded only when log4j-core is there. */
    private static final class Log4j2 {
        static boolean inUse() {
            return org.apache.logging.log4j.LogManager.getContext(false)
                    instanceof org.apache.logging.log4j.core.LoggerContext;
        }

        static void apply(FloodgateProperties properties) {
            if (org.apache.logging.log4j.LogManager.getContext(false)
                    instanceof org.apache.logging.log4j.core.LoggerContext c) {
                Log4j2Installer.apply(c, properties);
            }
        }
    }
}
