package dev.floodgate.examples.modulepath;

import java.lang.management.ManagementFactory;
import java.lang.module.ModuleDescriptor;
import java.util.Collection;
import java.util.Set;
import java.util.TreeSet;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * Floods one message template through Logback or Log4j2, each configured from its XML file ({@code logback.xml},
 * {@code log4j2.xml}) with a Floodgate filter, and prints what the module system and JMX say about Floodgate.
 *
 * <p>Run it on the module path, with one argument, {@code logback}, {@code log4j2} or {@code micrometer} (Logback,
 * measured by {@code floodgate-micrometer}; add {@code --add-modules dev.floodgate.micrometer}):
 *
 * <pre>
 * java --module-path &lt;the jars&gt;:target/classes \
 *      --module dev.floodgate.examples.modulepath/dev.floodgate.examples.modulepath.ModulePathApp logback
 * </pre>
 *
 * <p>It writes the log to standard output ({@code <level> <logger> - <message>}), with these lines of its own:
 * {@code module <name>: <module of the filter class>}, {@code exports <module>: <packages>}, one
 * {@code jmx <object name> counted=<n> suppressed=<n>} per Floodgate MXBean, with {@code micrometer}
 * {@code meter floodgate.events outcome=<outcome> count=<n>} per counter, and {@code flooded <n>} at the end,
 * after the framework stopped (and so wrote its last summaries).
 */
public final class ModulePathApp {

    /** How many times the template is logged. */
    static final int FLOOD = 1_000;

    private ModulePathApp() {
    }

    /**
     * Runs the flood through the framework {@code args[0]} names.
     *
     * @param args {@code logback}, {@code log4j2} or {@code micrometer}
     * @throws Exception if the MBean server or, in the {@code micrometer} run, the meters cannot be read
     */
    public static void main(String[] args) throws Exception {
        String framework = args.length == 1 ? args[0] : "";
        switch (framework) {
            case "logback":
                logback();
                break;
            case "log4j2":
                log4j2();
                break;
            case "micrometer":
                micrometer();
                break;
            default:
                throw new IllegalArgumentException("usage: ModulePathApp logback|log4j2|micrometer");
        }
        System.out.println("flooded " + FLOOD);
    }

    private static void logback() throws JMException {
        describe(ModulePathApp.class, dev.floodgate.logback.FloodgateTurboFilter.class);
        org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger("shop.Payments");
        for (int i = 0; i < FLOOD; i++) {
            log.error("Payment gateway timed out after {} ms for order {}", 3000, i);
        }
        printMBeans();
        ((ch.qos.logback.classic.LoggerContext) org.slf4j.LoggerFactory.getILoggerFactory()).stop();
    }

    /**
     * The Logback flood, measured by {@code floodgate-micrometer}: an automatic module that reads the core's
     * {@code dev.floodgate.core.internal}, exported to it by name. The JVM must resolve it
     * ({@code --add-modules dev.floodgate.micrometer}); this module reaches it reflectively (see module-info).
     */
    private static void micrometer() throws ReflectiveOperationException, JMException {
        Class<?> meterRegistry = Class.forName("io.micrometer.core.instrument.MeterRegistry");
        Object registry = Class.forName("io.micrometer.core.instrument.simple.SimpleMeterRegistry")
                .getConstructor().newInstance();
        Class<?> binder = Class.forName("dev.floodgate.micrometer.FloodgateMetrics");
        Object metrics = binder.getConstructor().newInstance();
        describe(ModulePathApp.class, binder);
        binder.getMethod("bindTo", meterRegistry).invoke(metrics, registry);
        org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger("shop.Payments");
        for (int i = 0; i < FLOOD; i++) {
            log.error("Payment gateway timed out after {} ms for order {}", 3000, i);
        }
        printMBeans();
        Object search = meterRegistry.getMethod("find", String.class).invoke(registry, "floodgate.events");
        Class<?> counter = Class.forName("io.micrometer.core.instrument.FunctionCounter");
        Class<?> meter = Class.forName("io.micrometer.core.instrument.Meter");
        Class<?> id = Class.forName("io.micrometer.core.instrument.Meter$Id");
        for (Object c : (Collection<?>) search.getClass().getMethod("functionCounters").invoke(search)) {
            Object meterId = meter.getMethod("getId").invoke(c);
            Object outcome = id.getMethod("getTag", String.class).invoke(meterId, "outcome");
            double count = (Double) counter.getMethod("count").invoke(c);
            System.out.println("meter floodgate.events outcome=" + outcome + " count=" + (long) count);
        }
        binder.getMethod("close").invoke(metrics);
        ((ch.qos.logback.classic.LoggerContext) org.slf4j.LoggerFactory.getILoggerFactory()).stop();
    }

    private static void log4j2() throws JMException {
        describe(ModulePathApp.class, dev.floodgate.log4j2.FloodgateFilter.class);
        org.apache.logging.log4j.Logger log = org.apache.logging.log4j.LogManager.getLogger("shop.Payments");
        for (int i = 0; i < FLOOD; i++) {
            log.error("Payment gateway timed out after {} ms for order {}", 3000, i);
        }
        printMBeans();
        org.apache.logging.log4j.LogManager.shutdown();
    }

    private static void describe(Class<?> app, Class<?> filter) {
        System.out.println("module " + app.getModule().getName() + ": " + filter.getModule().getName());
        Module core = dev.floodgate.core.FloodEngine.class.getModule();
        Set<String> exports = new TreeSet<>();
        for (ModuleDescriptor.Exports e : core.getDescriptor().exports()) {
            exports.add(e.source() + (e.isQualified() ? " to " + new TreeSet<>(e.targets()) : ""));
        }
        System.out.println("exports " + core.getName() + ": " + exports);
    }

    private static void printMBeans() throws JMException {
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        for (ObjectName name : new TreeSet<>(server.queryNames(new ObjectName("dev.floodgate:type=Filter,*"), null))) {
            System.out.println("jmx " + name + " counted=" + server.getAttribute(name, "EventsCounted")
                    + " suppressed=" + server.getAttribute(name, "EventsSuppressed"));
        }
    }
}
