package dev.floodgate.log4j2;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.logging.log4j.core.Appender;
import org.apache.logging.log4j.core.Filter;
import org.apache.logging.log4j.core.Layout;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Node;
import org.apache.logging.log4j.core.config.Property;
import org.apache.logging.log4j.core.config.plugins.Plugin;
import org.apache.logging.log4j.core.config.plugins.PluginAttribute;
import org.apache.logging.log4j.core.config.plugins.PluginElement;
import org.apache.logging.log4j.core.config.plugins.PluginFactory;

/**
 * A test appender that keeps {@code event.toImmutable()} of every event, the layout's text when it has a layout,
 * and every event that arrived after it began to stop.
 */
@Plugin(name = "List", category = Node.CATEGORY, elementType = Appender.ELEMENT_TYPE)
public final class ListAppender extends AbstractAppender {

    private final List<LogEvent> events = new ArrayList<>();
    private final List<String> texts = new ArrayList<>();
    private final List<LogEvent> afterStop = new ArrayList<>();

    private ListAppender(String name, Filter filter, Layout<?> layout) {
        super(name, filter, layout, true, Property.EMPTY_ARRAY);
    }

    @PluginFactory
    public static ListAppender create(@PluginAttribute("name") String name, @PluginElement("Filter") Filter filter,
            @PluginElement("Layout") Layout<?> layout) {
        return new ListAppender(name, filter, layout);
    }

    @Override
    public synchronized void append(LogEvent event) {
        LogEvent copy = event.toImmutable();
        if (!isStarted()) {
            afterStop.add(copy);
            return;
        }
        events.add(copy);
        notifyAll();
        if (getLayout() != null) {
            texts.add(new String(getLayout().toByteArray(copy), StandardCharsets.UTF_8));
        }
    }

    @Override
    public boolean stop(long timeout, TimeUnit timeUnit) {
        synchronized (this) {
            setStopping();
        }
        return super.stop(timeout, timeUnit);
    }

    /**
     * Waits until an event matching {@code condition} has arrived, at most {@code timeoutMillis}.
     *
     * @return whether one arrived
     */
    public synchronized boolean await(java.util.function.Predicate<LogEvent> condition, long timeoutMillis)
            throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        while (events.stream().noneMatch(condition)) {
            long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
            if (left <= 0) {
                return false;
            }
            wait(left);
        }
        return true;
    }

    /** Returns a copy of the events received while running. */
    public synchronized List<LogEvent> events() {
        return new ArrayList<>(events);
    }

    /** Returns the layout's text of each event received while running. */
    public synchronized List<String> texts() {
        return new ArrayList<>(texts);
    }

    /** Returns the events that arrived once the appender had begun to stop. */
    public synchronized List<LogEvent> afterStop() {
        return new ArrayList<>(afterStop);
    }
}
