package dev.floodgate.logback;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.UnsynchronizedAppenderBase;
import dev.floodgate.core.summary.SuppressionSummary;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.LongAdder;

/**
 * A slow appender whose slowness the test controls instead of a clock: each summary append waits for a permit of
 * {@link #summaryPermits}, and, once {@link #blockEvents} is set, each other append waits for a permit of
 * {@link #eventPermits}; {@link #summaryEntered} and {@link #eventEntered} get a permit as each append begins. It
 * counts what it wrote and which thread asked for each event append.
 *
 * <p>Thread-safe. Like most appenders it adds no lock of its own between appends.
 */
public final class BlockingAppender extends UnsynchronizedAppenderBase<ILoggingEvent> {

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
    private final Map<Level, LongAdder> writtenByLevel = new ConcurrentHashMap<>();
    private final LongAdder summarized = new LongAdder();
    private final Map<Thread, LongAdder> eventAppendsByThread = new ConcurrentHashMap<>();

    @Override
    protected void append(ILoggingEvent event) {
        if (TestContext.isSummary(event)) {
            summaryEntered.release();
            summaryPermits.acquireUninterruptibly();
            summarized.add((Long) TestContext.field(event, SuppressionSummary.FIELD_SUPPRESSED));
            return;
        }
        eventAppendsByThread.computeIfAbsent(Thread.currentThread(), k -> new LongAdder()).increment();
        eventEntered.release();
        if (blockEvents) {
            eventPermits.acquireUninterruptibly();
        }
        written.increment();
        writtenByLevel.computeIfAbsent(event.getLevel(), k -> new LongAdder()).increment();
    }

    /** Returns how many events that are not summaries were written. */
    public long written() {
        return written.sum();
    }

    /** Returns how many events of {@code level} that are not summaries were written. */
    public long written(Level level) {
        LongAdder n = writtenByLevel.get(level);
        return n == null ? 0 : n.sum();
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
