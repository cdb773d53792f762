package dev.floodgate.log4j2;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
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

/**
 * A slow appender, {@code <Blocking name="..."/>}, whose slowness the test controls instead of a clock: each summary
 * append waits for a permit of {@link #summaryPermits}, and, once {@link #blockEvents} is set, each other append
 * waits for a permit of {@link #eventPermits}; {@link #summaryEntered} and {@link #eventEntered} get a permit as each
 * append begins. It counts what it wrote and which thread asked for each event append. Thread-safe; no lock of its
 * own between appends.
 */
@Plugin(name = "Blocking", category = Node.CATEGORY, elementType = Appender.ELEMENT_TYPE)
public final class BlockingAppender extends AbstractAppender {

    /** Permits for summary appends; none at first, so the first summary append blocks. */
    public final Semaphore summaryPermits = new Semaphore(0);
    /** Permits for event appends while {@link #blockEvents} is set. */
    public final Semaphore eventPermits = new Semaphore(0);
    /** Released as each summary append begins. */
    public final Semaphore summaryEntered = new Semaphore(0);
    /** Released as each event append begins. */
    public final Semaphore eventEntered = new Semaphore(0);
    /** Whether event appends wait for {@link #eventPermits}. */
    public volatile boolean blockEvents;

    private final LongAdder written = new LongAdder();
    private final LongAdder summarized = new LongAdder();
    private final Map<Thread, LongAdder> eventAppendsByThread = new ConcurrentHashMap<>();

    private BlockingAppender(String name, Filter filter) {
        super(name, filter, null, true, Property.EMPTY_ARRAY);
    }

    @PluginFactory
    public static BlockingAppender create(@PluginAttribute("name") String name,
            @PluginElement("Filter") Filter filter) {
        return new BlockingAppender(name, filter);
    }

    @Override
    public void append(LogEvent event) {
        if (Log4jHarness.isSummary(event)) {
            long count = Log4jHarness.suppressed(event);
            summaryEntered.release();
            summaryPermits.acquireUninterruptibly();
            summarized.add(count);
            return;
        }
        eventAppendsByThread.computeIfAbsent(Thread.currentThread(), k -> new LongAdder()).increment();
        eventEntered.release();
        if (blockEvents) {
            eventPermits.acquireUninterruptibly();
        }
        written.increment();
    }

    /** Returns how many events that are not summaries were written. */
    public long written() {
        return written.sum();
    }

    /** Returns the sum of the counts of the summaries written. */
    public long summarized() {
        return summarized.sum();
    }

    /** Returns how many event appends {@code thread} asked for. */
    public long eventAppendsOf(Thread thread) {
        LongAdder n = eventAppendsByThread.get(thread);
        return n == null ? 0 : n.sum();
    }
}
