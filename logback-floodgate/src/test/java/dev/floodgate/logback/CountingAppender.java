package dev.floodgate.logback;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.UnsynchronizedAppenderBase;
import dev.floodgate.core.summary.SuppressionSummary;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.LongAdder;

/**
 * An appender that keeps no events, only counts: written events by message template, and summary counts by
 * fingerprint ({@code <other>} and {@code <forgotten>} for the shared scopes). For floods too large to keep.
 *
 * <p>With {@code <byTemplate>false</byTemplate>} it keeps only totals (written events, and summary counts by scope:
 * {@code <fingerprint>}, {@code <other>}, {@code <forgotten>}), so that a flood of unique messages takes no memory
 * here.
 *
 * <p>Thread-safe and lock-free, so it adds no lock of its own to the threads it counts.
 */
public final class CountingAppender extends UnsynchronizedAppenderBase<ILoggingEvent> {

    private final Map<String, LongAdder> written = new ConcurrentHashMap<>();
    private final Map<String, LongAdder> summarized = new ConcurrentHashMap<>();
    private final LongAdder summaries = new LongAdder();
    private final LongAdder afterStop = new LongAdder();
    private final List<ILoggingEvent> summaryEvents = new CopyOnWriteArrayList<>();
    private volatile boolean keepSummaries;
    private volatile boolean byTemplate = true;

    /** Sets whether counts are kept per template and fingerprint (the default) or only as totals. */
    public void setByTemplate(boolean value) {
        this.byTemplate = value;
    }

    /** Sets whether the summary events themselves are kept (for tests with few summaries). */
    public void setKeepSummaries(boolean value) {
        this.keepSummaries = value;
    }

    @Override
    protected void append(ILoggingEvent event) {
        if (TestContext.isSummary(event)) {
            summaries.increment();
            if (keepSummaries) {
                summaryEvents.add(event);
            }
            String fingerprint = (String) TestContext.field(event, SuppressionSummary.FIELD_FINGERPRINT);
            long count = (Long) TestContext.field(event, SuppressionSummary.FIELD_SUPPRESSED);
            if (!byTemplate && !fingerprint.equals("<other>") && !fingerprint.equals("<forgotten>")) {
                fingerprint = "<fingerprint>";
            }
            summarized.computeIfAbsent(fingerprint, k -> new LongAdder()).add(count);
        } else {
            written.computeIfAbsent(byTemplate ? event.getMessage() : "", k -> new LongAdder()).increment();
        }
    }

    @Override
    public void doAppend(ILoggingEvent event) {
        if (!isStarted()) {
            afterStop.increment();
        }
        super.doAppend(event);
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

    /** Returns the summary events kept (see {@link #setKeepSummaries}), in the order they were written. */
    public List<ILoggingEvent> summaryEvents() {
        return summaryEvents;
    }

    /** Returns how many events arrived while the appender was not started (they are lost). */
    public long afterStop() {
        return afterStop.sum();
    }
}
