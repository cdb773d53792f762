package dev.floodgate.log4j2;

import dev.floodgate.core.summary.SuppressionSummary;
import java.util.concurrent.atomic.AtomicLong;
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
 * A test appender, {@code <Failing name="..." failEvery="3"/>}, that throws on every {@code failEvery}-th event it is
 * given (summaries included), as a network appender does when its server is down; with {@code ignoreExceptions}
 * false, so that Log4j passes the exception on to whoever logged. Counts what it did write: events that are not
 * summaries, and the counts of the summaries. Thread-safe and lock-free.
 */
@Plugin(name = "Failing", category = Node.CATEGORY, elementType = Appender.ELEMENT_TYPE)
public final class FailingAppender extends AbstractAppender {

    private final AtomicLong appends = new AtomicLong();
    private final LongAdder written = new LongAdder();
    private final LongAdder summarized = new LongAdder();
    private final LongAdder summaries = new LongAdder();
    private final LongAdder failed = new LongAdder();
    private final LongAdder carried = new LongAdder();
    private final int failEvery;

    private FailingAppender(String name, Filter filter, int failEvery) {
        super(name, filter, null, false, Property.EMPTY_ARRAY);
        this.failEvery = failEvery;
    }

    @PluginFactory
    public static FailingAppender create(@PluginAttribute("name") String name,
            @PluginElement("Filter") Filter filter,
            @PluginAttribute(value = "failEvery", defaultInt = 3) int failEvery) {
        return new FailingAppender(name, filter, failEvery);
    }

    @Override
    public void append(LogEvent event) {
        long n = appends.incrementAndGet();
        if (n % failEvery == 0) {
            failed.increment();
            throw new IllegalStateException("append " + n + " failed (this appender fails every " + failEvery + ")");
        }
        if (Log4jHarness.isSummary(event)) {
            summaries.increment();
            Object count = ((MapMessage<?, ?>) event.getMessage()).getData().get(SuppressionSummary.FIELD_SUPPRESSED);
            summarized.add(((Number) count).longValue());
            Object carriedCount = ((MapMessage<?, ?>) event.getMessage()).getData().get(SuppressionSummary.FIELD_CARRIED);
            if (carriedCount != null && event.getMessage().getFormattedMessage().contains("carried over")) {
                carried.add(((Number) carriedCount).longValue());
            }
        } else {
            written.increment();
        }
    }

    /** Returns how many events that are not summaries were written. */
    public long written() {
        return written.sum();
    }

    /** Returns the sum of the counts of the summaries written. */
    public long summarized() {
        return summarized.sum();
    }

    /** Returns how many summaries were written. */
    public long summaries() {
        return summaries.sum();
    }

    /** Returns the sum of the carried counts of the summaries written that say they carry counts. */
    public long carried() {
        return carried.sum();
    }

    /** Returns how many appends failed. */
    public long failed() {
        return failed.sum();
    }
}
