package dev.floodgate.log4j2;

import dev.floodgate.core.internal.TraceMemory;
import dev.floodgate.core.internal.TraceShape;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.plugins.Plugin;
import org.apache.logging.log4j.core.pattern.ConverterKeys;
import org.apache.logging.log4j.core.pattern.LogEventPatternConverter;
import org.apache.logging.log4j.core.pattern.PatternConverter;
import org.apache.logging.log4j.core.pattern.ThrowablePatternConverter;
import org.apache.logging.log4j.status.StatusLogger;

/**
 * Log4j's {@code %ex} that prints each stack trace in full once per interval: a repeat of a trace within the interval
 * prints as one line naming the full trace (its id, frame count and time) and the class and message of each throwable
 * of its cause chain. A trace is identified by its {@link TraceShape}: the class and first frame of each throwable,
 * never a message, so a different exception, cause or first frame prints in full.
 *
 * <p>Used as {@code %fgEx} (or {@code %fgException}, {@code %fgThrowable}) with {@code %ex}'s options, e.g.
 * {@code %fgEx{short}} or {@code %fgEx{10}}, plus {@code {interval=<duration>}} (default
 * {@link TraceMemory#DEFAULT_INTERVAL}, 30 seconds): {@code %fgEx{full}{interval=10s}}. It handles the throwable, so
 * {@code PatternLayout} does not append its own {@code %ex}. The full trace is {@code %ex}'s, headed by the trace id.
 *
 * <p>Thread-safe; a repeat's {@code format} takes no lock ({@link TraceMemory}). Each use in a layout has its own memory (at most
 * {@value TraceMemory#DEFAULT_MAX_TRACES} traces), so each appender's output holds every trace in full once per
 * interval. A bad interval is reported as a WARN status, and the converter then prints every trace in full, as
 * {@code %ex} does.
 */
@Plugin(name = "FloodgateThrowablePatternConverter", category = PatternConverter.CATEGORY)
@ConverterKeys({"fgEx", "fgException", "fgThrowable"})
public final class FloodgateThrowablePatternConverter extends LogEventPatternConverter {

    private static final Logger LOGGER = StatusLogger.getLogger();
    private static final String INTERVAL = "interval";

    private final ThrowablePatternConverter fullTrace;
    private final TraceMemory memory;

    private FloodgateThrowablePatternConverter(ThrowablePatternConverter fullTrace, TraceMemory memory) {
        super("FloodgateThrowable", "throwable");
        this.fullTrace = fullTrace;
        this.memory = memory;
    }

    /**
     * Creates the converter of one {@code %fgEx} in a pattern; Log4j's pattern parser calls it.
     *
     * @param config  the configuration, passed on to {@code %ex}
     * @param options the pattern's options: {@code interval=<duration>} and {@code %ex}'s
     * @return the converter; with a bad interval, one that prints every trace in full
     */
    public static FloodgateThrowablePatternConverter newInstance(Configuration config, String[] options) {
        String text = null;
        List<String> exOptions = new ArrayList<>();
        if (options != null) {
            for (String option : options) {
                String value = intervalOption(option);
                if (value != null) {
                    text = value;
                } else {
                    exOptions.add(option);
                }
            }
        }
        TraceMemory memory = null;
        try {
            Duration interval = TraceMemory.interval(INTERVAL, text);
            memory = new TraceMemory(interval, TraceMemory.DEFAULT_MAX_TRACES);
        } catch (IllegalArgumentException e) {
            LOGGER.warn("Floodgate %fgEx: {}; every stack trace now prints in full. Set e.g. %fgEx{full}{interval=30s}",
                    e.getMessage());
        }
        return new FloodgateThrowablePatternConverter(
                ThrowablePatternConverter.newInstance(config, exOptions.toArray(new String[0])), memory);
    }

    private static String intervalOption(String option) {
        int eq = option == null ? -1 : option.indexOf('=');
        if (eq < 0 || !option.substring(0, eq).trim().equals(INTERVAL)) {
            return null;
        }
        return option.substring(eq + 1).trim();
    }

    /** Appends the event's trace in full, headed by its id, or the one line that references it. */
    @Override
    public void format(LogEvent event, StringBuilder toAppendTo) {
        Throwable thrown = event.getThrown();
        if (thrown == null || memory == null) {
            fullTrace.format(event, toAppendTo);
            return;
        }
        TraceMemory.Sighting sighting = memory.recall(thrown, TraceShape.THROWABLE, event.getTimeMillis());
        int start = toAppendTo.length();
        if (sighting.isFull()) {
            fullTrace.format(event, toAppendTo);
            int first = start;
            while (first < toAppendTo.length() && Character.isWhitespace(toAppendTo.charAt(first))) {
                first++;
            }
            if (first < toAppendTo.length()) {
                StringBuilder header = new StringBuilder(20);
                sighting.appendHeader(header);
                toAppendTo.insert(first, header);
            }
            return;
        }
        if (start > 0 && !Character.isWhitespace(toAppendTo.charAt(start - 1))) {
            toAppendTo.append(' ');
        }
        sighting.appendReference(toAppendTo, thrown, TraceShape.THROWABLE);
        toAppendTo.append(System.lineSeparator());
    }

    /** Returns true: this converter prints the event's throwable, so the layout adds no {@code %ex} of its own. */
    @Override
    public boolean handlesThrowable() {
        return true;
    }
}
