package dev.floodgate.log4j2;

import dev.floodgate.core.ManualClock;
import dev.floodgate.core.summary.SuppressionSummary;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.logging.log4j.core.Filter;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.Logger;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.async.AsyncLoggerContext;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.ConfigurationSource;
import org.apache.logging.log4j.core.config.xml.XmlConfiguration;
import org.apache.logging.log4j.core.filter.Filterable;
import org.apache.logging.log4j.message.MapMessage;

/**
 * A private {@link LoggerContext} started from {@code <TestClass>-<case>.xml} beside the test class (or another
 * configuration format, where the case names its extension: {@code contextWide.properties}), with the
 * {@link TestClock} named after the test class reset and the status messages captured.
 */
final class Log4jHarness implements AutoCloseable {

    final LoggerContext context;
    final StatusCapture status;
    final ManualClock clock;

    private Log4jHarness(Class<?> testClass, String testCase, Map<String, String> properties, boolean async) {
        this.status = StatusCapture.start();
        this.clock = TestClock.reset(testClass.getSimpleName());
        String name = testClass.getSimpleName() + "-" + testCase;
        if (async) {
            this.context = new AsyncLoggerContext(name, null, uri(testClass, testCase));
            this.context.start();
        } else if (properties.isEmpty()) {
            this.context = new LoggerContext(name, null, uri(testClass, testCase));
            this.context.start();
        } else {
            this.context = new LoggerContext(name);
            this.context.start(parse(context, xml(testClass, testCase, properties)));
        }
    }

    static Log4jHarness start(Class<?> testClass, String testCase) {
        return new Log4jHarness(testClass, testCase, Map.of(), false);
    }

    /**
     * Starts an {@link AsyncLoggerContext} (every logger asynchronous, as with Log4j's
     * {@code AsyncLoggerContextSelector}) from {@code <TestClass>-<case>.xml}.
     */
    static Log4jHarness startAsync(Class<?> testClass, String testCase) {
        return new Log4jHarness(testClass, testCase, Map.of(), true);
    }

    /** The placeholder {@code @OPTIONS@}, whose value is inserted as written: XML attributes made by the test. */
    static final String RAW_OPTIONS = "OPTIONS";

    /**
     * Starts a context from {@code <TestClass>-<case>.xml} with each {@code @name@} in the XML replaced by the
     * XML-escaped value of {@code name} in {@code properties} ({@value #RAW_OPTIONS}: as written).
     */
    static Log4jHarness start(Class<?> testClass, String testCase, Map<String, String> properties) {
        return new Log4jHarness(testClass, testCase, properties, false);
    }

    /** Returns the text of {@code <TestClass>-<case>.xml} with its {@code @name@} placeholders replaced. */
    static String xml(Class<?> testClass, String testCase, Map<String, String> properties) {
        String text;
        try (InputStream in = uri(testClass, testCase).toURL().openStream()) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        for (Map.Entry<String, String> p : properties.entrySet()) {
            boolean raw = p.getKey().equals(RAW_OPTIONS);
            text = text.replace("@" + p.getKey() + "@", raw ? p.getValue() : escape(p.getValue()));
        }
        return text;
    }

    /** Parses XML text into a configuration of {@code context}. */
    static Configuration parse(LoggerContext context, String xml) {
        try {
            ConfigurationSource source = new ConfigurationSource(
                    new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
            return new XmlConfiguration(context, source);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Returns {@code value} escaped for an XML attribute or text. */
    static String escape(String value) {
        StringBuilder sb = new StringBuilder(value.length());
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '&':
                    sb.append("&amp;");
                    break;
                case '<':
                    sb.append("&lt;");
                    break;
                case '>':
                    sb.append("&gt;");
                    break;
                case '"':
                    sb.append("&quot;");
                    break;
                default:
                    sb.append(c);
            }
        }
        return sb.toString();
    }

    /** The resource {@code <TestClass>-<case>.xml}, or {@code <TestClass>-<case>} if the case names its extension. */
    static URI uri(Class<?> testClass, String testCase) {
        String resource = testClass.getSimpleName() + "-" + testCase + (testCase.contains(".") ? "" : ".xml");
        URL url = testClass.getResource(resource);
        if (url == null) {
            throw new IllegalArgumentException("no test resource " + resource);
        }
        try {
            return url.toURI();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    Logger logger(String name) {
        return context.getLogger(name);
    }

    Configuration configuration() {
        return context.getConfiguration();
    }

    ListAppender list(String name) {
        return configuration().getAppender(name);
    }

    CountingAppender counting(String name) {
        return configuration().getAppender(name);
    }

    /** Returns the context-wide Floodgate filter. */
    FloodgateFilter contextFilter() {
        return floodgate(configuration().getFilter());
    }

    /** Returns the Floodgate filter on appender {@code name}. */
    FloodgateFilter appenderFilter(String name) {
        return floodgate(((Filterable) configuration().getAppender(name)).getFilter());
    }

    /** Returns the Floodgate filter on the logger config {@code name}. */
    FloodgateFilter loggerFilter(String name) {
        return floodgate(configuration().getLoggerConfig(name).getFilter());
    }

    /** Returns the only Floodgate filter of the configuration, wherever it sits. */
    FloodgateFilter onlyFloodgate() {
        List<FloodgateFilter> members = ConfigurationFloodgates.of(configuration()).members();
        if (members.size() != 1) {
            throw new IllegalStateException("expected one Floodgate filter, found " + members);
        }
        return members.get(0);
    }

    /** Runs the summary task of every Floodgate filter of the configuration, as the scheduler would. */
    void writeDueSummaries() {
        for (FloodgateFilter f : ConfigurationFloodgates.of(configuration()).members()) {
            f.writeDueSummaries();
        }
    }

    private static FloodgateFilter floodgate(Filter filter) {
        if (filter instanceof FloodgateFilter) {
            return (FloodgateFilter) filter;
        }
        throw new IllegalStateException("not a Floodgate filter: " + filter);
    }

    /** Returns the messages of events without the summary marker. */
    static List<String> lines(List<LogEvent> events) {
        return events.stream().filter(e -> !isSummary(e)).map(e -> e.getMessage().getFormattedMessage())
                .collect(Collectors.toList());
    }

    /** Returns the text of the summary events. */
    static List<String> summaries(List<LogEvent> events) {
        return events.stream().filter(Log4jHarness::isSummary).map(e -> e.getMessage().getFormattedMessage())
                .collect(Collectors.toList());
    }

    /** Returns the sum of the {@code floodgate.suppressed} fields of the summary events. */
    static long suppressedIn(List<LogEvent> events) {
        long sum = 0;
        for (LogEvent e : events) {
            if (isSummary(e)) {
                sum += suppressed(e);
            }
        }
        return sum;
    }

    /** Returns the {@code floodgate.suppressed} field of a summary event. */
    static long suppressed(LogEvent summary) {
        Object value = ((MapMessage<?, ?>) summary.getMessage()).getData().get(SuppressionSummary.FIELD_SUPPRESSED);
        return ((Number) value).longValue();
    }

    static boolean isSummary(LogEvent e) {
        return e.getMarker() != null && e.getMarker().getName().equals("FLOODGATE_SUMMARY");
    }

    @Override
    public void close() {
        try {
            context.stop();
        } finally {
            status.stop();
        }
    }
}
