package dev.floodgate.examples.springboot;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;
import dev.floodgate.core.FloodEngine;
import dev.floodgate.core.summary.SuppressionSummary;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.LoggerFactory;
import org.slf4j.Marker;
import org.slf4j.event.KeyValuePair;

/**
 * Records what reaches the root logger's appenders, and sums the suppressed counts that Floodgate's summaries
 * carry as key-value pairs. Thread-safe: summaries arrive on Logback's scheduler thread.
 */
final class RecordingAppender extends AppenderBase<ILoggingEvent> {

    private final List<String> messages = new ArrayList<>();
    private final List<String> summaries = new ArrayList<>();
    private long suppressed;

    /** Creates, starts and attaches a recorder to the root logger of Spring Boot's Logback context. */
    static RecordingAppender attachToRoot() {
        LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
        RecordingAppender recorder = new RecordingAppender();
        recorder.setContext(context);
        recorder.setName("recorder");
        recorder.start();
        context.getLogger(Logger.ROOT_LOGGER_NAME).addAppender(recorder);
        return recorder;
    }

    /** Detaches and stops the recorder. */
    void detach() {
        ((LoggerContext) getContext()).getLogger(Logger.ROOT_LOGGER_NAME).detachAppender(this);
        stop();
    }

    @Override
    protected synchronized void append(ILoggingEvent event) {
        List<Marker> markers = event.getMarkerList();
        boolean summary = markers != null && markers.stream().anyMatch(m -> m.contains(FloodEngine.SUMMARY_MARKER));
        if (!summary) {
            messages.add(event.getFormattedMessage());
            return;
        }
        summaries.add(event.getFormattedMessage());
        for (KeyValuePair kv : event.getKeyValuePairs()) {
            if (SuppressionSummary.FIELD_SUPPRESSED.equals(kv.key)) {
                suppressed += ((Number) kv.value).longValue();
            }
        }
        notifyAll();
    }

    /** Returns the messages recorded that are not summaries and start with {@code prefix}. */
    synchronized List<String> messagesStartingWith(String prefix) {
        List<String> out = new ArrayList<>();
        for (String m : messages) {
            if (m.startsWith(prefix)) {
                out.add(m);
            }
        }
        return out;
    }

    /** Returns the summary lines recorded. */
    synchronized List<String> summaries() {
        return new ArrayList<>(summaries);
    }

    /**
     * Waits until the summaries recorded report at least {@code count} suppressed messages, at most
     * {@code timeout}; returns the count they report.
     */
    synchronized long awaitSuppressed(long count, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        for (long left = timeout.toNanos(); suppressed < count && left > 0; left = deadline - System.nanoTime()) {
            wait(Math.max(1, left / 1_000_000));
        }
        return suppressed;
    }
}
