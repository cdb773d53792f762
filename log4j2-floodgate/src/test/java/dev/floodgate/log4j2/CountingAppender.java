package dev.floodgate.log4j2;

import dev.floodgate.core.summary.SuppressionSummary;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.LongAdder;
import org.apache.logging.log4j.core.Appender;
import org.apache.logging.log4j.core.Filter;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Node;
import org.apache.logging.log4j.core.config.Property;
import org.apache.logging.log4j.core.config.plugins.Plugin;
import org.apache.logging.log4j.core.config.plugins.PluginAttribute;
import org.apache.logging.log4j.core.config.plugins.PluginElement;
import org.apache.logging.log4j.core.config.plugins.PluginFactory;
import org.apache.logging.log4j.message.MapMessage;

/**
 * A test appender, {@code <Counting name="..."/>}, that keeps no events, only counts: written events by message
 * template, and summary counts by fingerprint ({@code <other>} and {@code <forgotten>} for the shared scopes). For
 * floods too large to keep. With {@code byTemplate="false"} it keeps only totals (written events, and summary counts
 * by scope: {@code <fingerprint>}, {@code <other>}, {@code <forgotten>}), so that a flood of unique messages takes no
 * memory here. Thread-safe and lock-free; it keeps no reference to events or (reusable) messages, but for immutable
 * copies of the summary events with {@code keepSummaries="true"}.
 */
@Plugin(name = "Counting", category = Node.CATEGORY, elementType = Appender.ELEMENT_TYPE)
public final class CountingAppender extends AbstractAppender {

    private final Map<String, LongAdder> written = new ConcurrentHashMap<>();
    private final Map<String, LongAdder> summarized = new ConcurrentHashMap<>();
    private final LongAdder summaries = new LongAdder();
    private final LongAdder afterStop = new LongAdder();
    private final boolean byTemplate;
    private final boolean keepSummaries;
    private final List<LogEvent> summaryEvents = new CopyOnWriteArrayList<>();

    private CountingAppender(String name, Filter filter, boolean byTemplate, boolean keepSummaries) {
        super(name, filter, null, true, Property.EMPTY_ARRAY);
        this.byTemplate = byTemplate;
        this.keepSummaries = keepSummaries;
    }

    @PluginFactory
    public static CountingAppender create(@PluginAttribute("name") String name,
            @PluginElement("Filter") Filter filter,
            @PluginAttribute(value = "byTemplate", defaultBoolean = true) boolean byTemplate,
            @PluginAttribute(value = "keepSummaries", defaultBoolean = false) boolean keepSummaries) {
        return new CountingAppender(name, filter, byTemplate, keepSummaries);
    }

    @Override
    @SuppressWarnings("deprecation") // Message.getFormat(): the template of a written event
    public void append(LogEvent event) {
        if (!isStarted()) {
            afterStop.increment();
            return;
        }
        if (Log4jHarness.isSummary(event)) {
            summaries.increment();
            if (keepSummaries) {
                summaryEvents.add(event.toImmutable());
            }
            Map<String, ?> fields = ((MapMessage<?, ?>) event.getMessage()).getData();
            String fingerprint = (String) fields.get(SuppressionSummary.FIELD_FINGERPRINT);
            long count = ((Number) fields.get(SuppressionSummary.FIELD_SUPPRESSED)).longValue();
            if (!byTemplate && !fingerprint.equals("<other>") && !fingerprint.equals("<forgotten>")) {
                fingerprint = "<fingerprint>";
            }
            summarized.computeIfAbsent(fingerprint, k -> new LongAdder()).add(count);
        } else {
            written.computeIfAbsent(byTemplate ? event.getMessage().getFormat() : "", k -> new LongAdder())
                    .increment();
        }
    }

    /** Returns the summary events kept ({@code keepSummaries="true"}), in the order they were written. */
    public List<LogEvent> summaryEvents() {
        return summaryEvents;
    }

    /** Returns how many events of {@code template} were written. */
    public long written(String template) {
        LongAdder n = written.get(template);
        return n == null ? 0 : n.sum();
    }

    /** Returns the count of the summaries of {@code fingerprint}. */
    public long summarized(String fingerprint) {
        LongAdder n = summarized.get(fingerprint);
        return n == null ? 0 : n.sum();
    }

    /** Returns the number of written events that are not summaries. */
    public long writtenTotal() {
        return written.values().stream().mapToLong(LongAdder::sum).sum();
    }

    /** Returns the sum of the counts of all summaries. */
    public long summarizedTotal() {
        return summarized.values().stream().mapToLong(LongAdder::sum).sum();
    }

    /** Returns the number of summary events. */
    public long summaries() {
        return summaries.sum();
    }

    /** Returns how many events arrived once the appender had stopped. */
    public long afterStop() {
        return afterStop.sum();
    }
}
