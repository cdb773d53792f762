package dev.floodgate.logback;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.filter.Filter;
import ch.qos.logback.core.spi.ContextAwareBase;
import ch.qos.logback.core.spi.FilterAttachableImpl;
import ch.qos.logback.core.spi.FilterReply;
import dev.floodgate.core.summary.SuppressionSummary;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * An appender that throws on every {@code failEvery}-th event its filters let through (counted over all events,
 * summaries included), as a network appender does when its server is down; the exception reaches the caller of
 * {@code doAppend}, unlike an {@code AppenderBase}, which catches it. Counts what it did write: events that are not
 * summaries, and the counts of the summaries.
 *
 * <p>Thread-safe and lock-free.
 */
public final class FailingAppender extends ContextAwareBase implements Appender<ILoggingEvent> {

    private final FilterAttachableImpl<ILoggingEvent> filters = new FilterAttachableImpl<>();
    private final AtomicLong appends = new AtomicLong();
    private final LongAdder written = new LongAdder();
    private final LongAdder summarized = new LongAdder();
    private final LongAdder summaries = new LongAdder();
    private final LongAdder failed = new LongAdder();
    private final LongAdder carried = new LongAdder();
    private volatile int failEvery = 3;
    private volatile String name;
    private volatile boolean started;

    /** Sets how often an append fails: 1 is every time. */
    public void setFailEvery(int value) {
        this.failEvery = value;
    }

    @Override
    public void doAppend(ILoggingEvent event) {
        if (!started || filters.getFilterChainDecision(event) == FilterReply.DENY) {
            return;
        }
        long n = appends.incrementAndGet();
        if (n % failEvery == 0) {
            failed.increment();
            throw new IllegalStateException("append " + n + " failed (this appender fails every " + failEvery + ")");
        }
        if (TestContext.isSummary(event)) {
            summaries.increment();
            summarized.add((Long) TestContext.field(event, SuppressionSummary.FIELD_SUPPRESSED));
            if (event.getFormattedMessage().contains("carried over")) {
                carried.add((Long) TestContext.field(event, SuppressionSummary.FIELD_CARRIED));
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

    @Override
    public String getName() {
        return name;
    }

    @Override
    public void setName(String name) {
        this.name = name;
    }

    @Override
    public void start() {
        started = true;
    }

    @Override
    public void stop() {
        started = false;
    }

    @Override
    public boolean isStarted() {
        return started;
    }

    @Override
    public void addFilter(Filter<ILoggingEvent> newFilter) {
        filters.addFilter(newFilter);
    }

    @Override
    public void clearAllFilters() {
        filters.clearAllFilters();
    }

    @Override
    public List<Filter<ILoggingEvent>> getCopyOfAttachedFiltersList() {
        return filters.getCopyOfAttachedFiltersList();
    }

    @Override
    public FilterReply getFilterChainDecision(ILoggingEvent event) {
        return filters.getFilterChainDecision(event);
    }
}
