package dev.floodgate.logback;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.util.LogbackMDCAdapter;
import ch.qos.logback.classic.turbo.TurboFilter;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.filter.Filter;
import ch.qos.logback.core.joran.spi.JoranException;
import ch.qos.logback.core.read.ListAppender;
import ch.qos.logback.core.spi.AppenderAttachable;
import ch.qos.logback.core.status.Status;
import dev.floodgate.core.FloodEngine;
import dev.floodgate.core.summary.SuppressionSummary;
import java.lang.reflect.Method;
import java.net.URL;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.slf4j.Marker;
import org.slf4j.event.KeyValuePair;
import org.slf4j.spi.MDCAdapter;

/**
 * A private {@link LoggerContext} configured from a test's XML resource
 * {@code dev/floodgate/logback/<TestClass>-<case>.xml}, with helpers to reach its filters and list appenders.
 */
final class TestContext implements AutoCloseable {

    final LoggerContext context = new LoggerContext();
    private final Class<?> testClass;

    private TestContext(Class<?> testClass, Map<String, String> properties) {
        this.testClass = testClass;
        context.setName(testClass.getSimpleName());
        giveMdcAdapter(context);
        properties.forEach(context::putProperty);
    }

    /**
     * Gives {@code context} its own MDC adapter where Logback has {@code setMDCAdapter} (a context made with
     * {@code new} has none until then); an older Logback of the compatibility matrix lacks the method and uses SLF4J's
     * static MDC, so there is nothing to set.
     */
    static void giveMdcAdapter(LoggerContext context) {
        Method setter;
        try {
            setter = LoggerContext.class.getMethod("setMDCAdapter", MDCAdapter.class);
        } catch (NoSuchMethodException olderLogback) {
            return;
        }
        try {
            setter.invoke(context, new LogbackMDCAdapter());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("LoggerContext.setMDCAdapter failed", e);
        }
    }

    /** Configures a new context from the XML of {@code testClass} and {@code caseName}. */
    static TestContext configure(Class<?> testClass, String caseName) {
        return configure(testClass, caseName, Map.of());
    }

    /** Configures a new context, with context properties for {@code ${name}} substitution in the XML. */
    static TestContext configure(Class<?> testClass, String caseName, Map<String, String> properties) {
        TestContext t = new TestContext(testClass, properties);
        t.load(caseName);
        return t;
    }

    /** Configures a new context from an XML file, which Logback then watches if it says {@code scan="true"}. */
    static TestContext configureFile(Class<?> testClass, java.io.File file) {
        TestContext t = new TestContext(testClass, Map.of());
        JoranConfigurator configurator = new JoranConfigurator();
        configurator.setContext(t.context);
        try {
            configurator.doConfigure(file);
        } catch (JoranException e) {
            throw new IllegalStateException(e);
        }
        return t;
    }

    /**
     * Configures a new context from a case's XML with the comment {@code <!--OPTIONS-->} replaced by
     * {@code optionsXml}: real XML through Joran, for options whose element names vary.
     */
    static TestContext configureWithOptions(Class<?> testClass, String caseName, String optionsXml) {
        String xml;
        try (java.io.InputStream in = resource(testClass, caseName).openStream()) {
            xml = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        TestContext t = new TestContext(testClass, Map.of());
        JoranConfigurator configurator = new JoranConfigurator();
        configurator.setContext(t.context);
        try {
            configurator.doConfigure(new java.io.ByteArrayInputStream(
                    xml.replace("<!--OPTIONS-->", optionsXml).getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        } catch (JoranException e) {
            throw new IllegalStateException(e);
        }
        return t;
    }

    /** Returns the URL of a case's XML. */
    static URL resource(Class<?> testClass, String caseName) {
        String name = testClass.getSimpleName() + "-" + caseName + ".xml";
        URL url = testClass.getResource(name);
        if (url == null) {
            throw new IllegalArgumentException("no test resource " + name);
        }
        return url;
    }

    /** Loads another case's XML into this context, without resetting it first. */
    void load(String caseName) {
        JoranConfigurator configurator = new JoranConfigurator();
        configurator.setContext(context);
        try {
            configurator.doConfigure(resource(testClass, caseName));
        } catch (JoranException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Resets the context, as a reconfiguration does, and loads another case's XML. */
    void reconfigure(String caseName) {
        context.reset();
        load(caseName);
    }

    Logger logger(String name) {
        return context.getLogger(name);
    }

    /** Returns the only Floodgate turbo filter. */
    FloodgateTurboFilter turboFilter() {
        List<FloodgateTurboFilter> found = new ArrayList<>();
        for (TurboFilter listed : context.getTurboFilterList()) {
            TurboFilter f = listed instanceof DecisionCounter ? ((DecisionCounter) listed).filter() : listed;
            if (f instanceof FloodgateTurboFilter) {
                found.add((FloodgateTurboFilter) f);
            }
        }
        if (found.size() != 1) {
            throw new IllegalStateException("expected one FloodgateTurboFilter, found " + found);
        }
        return found.get(0);
    }

    /** Returns the Floodgate filter of the appender named {@code appenderName}. */
    FloodgateFilter filter(String appenderName) {
        for (Filter<ILoggingEvent> f : appender(appenderName).getCopyOfAttachedFiltersList()) {
            if (f instanceof FloodgateFilter) {
                return (FloodgateFilter) f;
            }
        }
        throw new IllegalStateException("no FloodgateFilter on appender " + appenderName);
    }

    /** Returns the list appender named {@code name}. */
    ListAppender<ILoggingEvent> list(String name) {
        return (ListAppender<ILoggingEvent>) appender(name);
    }

    /** Returns the appender named {@code name}, attached to any logger or nested in another appender. */
    Appender<ILoggingEvent> appender(String name) {
        for (Logger logger : context.getLoggerList()) {
            Appender<ILoggingEvent> found = find(logger.iteratorForAppenders(), name);
            if (found != null) {
                return found;
            }
        }
        throw new IllegalArgumentException("no appender " + name);
    }

    @SuppressWarnings("unchecked")
    private static Appender<ILoggingEvent> find(Iterator<Appender<ILoggingEvent>> it, String name) {
        while (it.hasNext()) {
            Appender<ILoggingEvent> a = it.next();
            if (name.equals(a.getName())) {
                return a;
            }
            if (a instanceof AppenderAttachable) {
                Appender<ILoggingEvent> nested = find(((AppenderAttachable<ILoggingEvent>) a).iteratorForAppenders(),
                        name);
                if (nested != null) {
                    return nested;
                }
            }
        }
        return null;
    }

    /**
     * Returns the status messages at WARN or above, as "LEVEL text" lines, but for the warning that a turbo filter
     * gives on a Logback before 1.5.21 (the compatibility matrix runs there; {@code FloodgateBehaviourTest} checks it).
     */
    List<String> problems() {
        String known = LogbackVersion.turboFluentWarning();
        return context.getStatusManager().getCopyOfStatusList().stream()
                .filter(s -> s.getLevel() >= Status.WARN)
                .filter(s -> known == null || s.getLevel() != Status.WARN || !s.getMessage().endsWith(": " + known))
                .map(s -> (s.getLevel() == Status.ERROR ? "ERROR " : "WARN ") + s.getMessage())
                .collect(Collectors.toList());
    }

    /** Returns the status messages at ERROR. */
    List<String> errors() {
        return context.getStatusManager().getCopyOfStatusList().stream()
                .filter(s -> s.getLevel() == Status.ERROR)
                .map(Status::getMessage)
                .collect(Collectors.toList());
    }

    @Override
    public void close() {
        context.stop();
    }

    // ---- reading what reached an appender ----

    /** Returns whether {@code event} is a Floodgate summary. */
    static boolean isSummary(ILoggingEvent event) {
        List<Marker> markers = event.getMarkerList();
        return markers != null && markers.stream().anyMatch(m -> FloodEngine.SUMMARY_MARKER.equals(m.getName()));
    }

    /** Returns the formatted messages of the events that are not summaries. */
    static List<String> messages(List<ILoggingEvent> events) {
        return events.stream().filter(e -> !isSummary(e)).map(ILoggingEvent::getFormattedMessage)
                .collect(Collectors.toList());
    }

    /** Returns the summary events. */
    static List<ILoggingEvent> summaries(List<ILoggingEvent> events) {
        return events.stream().filter(TestContext::isSummary).collect(Collectors.toList());
    }

    /** Returns a summary's structured field. */
    static Object field(ILoggingEvent summary, String key) {
        for (KeyValuePair kv : summary.getKeyValuePairs()) {
            if (kv.key.equals(key)) {
                return kv.value;
            }
        }
        throw new IllegalArgumentException("no field " + key + " in " + summary.getKeyValuePairs());
    }

    /** Returns the total count of the summaries among {@code events}. */
    static long suppressed(List<ILoggingEvent> events) {
        return summaries(events).stream().mapToLong(e -> (Long) field(e, SuppressionSummary.FIELD_SUPPRESSED)).sum();
    }

    /** A copy of a list appender's events, taken under the appender's lock. */
    static List<ILoggingEvent> events(ListAppender<ILoggingEvent> list) {
        synchronized (list) {
            return new ArrayList<>(list.list);
        }
    }
}
