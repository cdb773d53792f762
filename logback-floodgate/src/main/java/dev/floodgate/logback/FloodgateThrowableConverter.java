package dev.floodgate.logback;

import ch.qos.logback.classic.pattern.ThrowableProxyConverter;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.IThrowableProxy;
import ch.qos.logback.core.CoreConstants;
import dev.floodgate.core.internal.TraceMemory;
import dev.floodgate.core.internal.TraceShape;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Logback's {@code %ex} that prints each stack trace in full once per interval: a repeat of a trace within the
 * interval prints as one line naming the full trace (its id, frame count and time) and the class and message of each
 * throwable of its cause chain. A trace is identified by its {@link TraceShape}: the class and first frame of each
 * throwable, never a message, so a different exception, cause or first frame prints in full.
 *
 * <p>Registered with {@code <conversionRule conversionWord="fgEx"
 * class="dev.floodgate.logback.FloodgateThrowableConverter"/>} ({@code converterClass=} before Logback 1.5.7) and used as {@code %fgEx}, with {@code %ex}'s options (the depth: {@code full}, {@code short} or a number, then
 * evaluator names or frames to skip) and {@code interval=<duration>} (default
 * {@link TraceMemory#DEFAULT_INTERVAL}, 30 seconds). Being a {@code ThrowableHandlingConverter}, it keeps
 * {@code PatternLayout} from appending its own {@code %ex}. It also serves as logstash-logback-encoder's
 * {@code <throwableConverter>}, where {@link #setInterval} sets the interval.
 *
 * <p>Thread-safe: {@link #start} runs before the layout converts any event; a repeat's {@code convert} takes no lock
 * ({@link TraceMemory}). Each converter has its own memory (at most {@value TraceMemory#DEFAULT_MAX_TRACES} traces),
 * so each appender's output holds every trace in full once per interval. A bad interval is reported as a WARN status,
 * and the converter then prints every trace in full, as {@code %ex} does.
 */
public final class FloodgateThrowableConverter extends ThrowableProxyConverter {

    private static final String INTERVAL = "interval";

    private String interval;
    private TraceMemory memory;

    /** Creates a converter; Logback calls it for each pattern or encoder that uses it. */
    public FloodgateThrowableConverter() {
    }

    /**
     * Sets the interval, e.g. {@code 30s}, {@code 1 minute} or {@code PT30S}, as a nested {@code <interval>} element
     * sets it; an {@code interval=} option of the pattern takes precedence. Read by {@link #start}.
     *
     * @param interval the interval's text, parsed and checked by {@link #start}
     */
    public void setInterval(String interval) {
        this.interval = interval;
    }

    /** Reads the {@code interval=} option, passes the others to {@code %ex}'s, and starts. */
    @Override
    public void start() {
        String text = interval;
        List<String> options = getOptionList();
        if (options != null) {
            List<String> exOptions = new ArrayList<>(options.size());
            for (String option : options) {
                String value = intervalOption(option);
                if (value != null) {
                    text = value;
                } else {
                    exOptions.add(option);
                }
            }
            setOptionList(exOptions);
        }
        memory = null;
        try {
            Duration d = TraceMemory.interval(INTERVAL, text);
            memory = new TraceMemory(d, TraceMemory.DEFAULT_MAX_TRACES);
        } catch (IllegalArgumentException e) {
            addWarn(getClass().getSimpleName() + ": " + e.getMessage() + "; every stack trace now prints in full. "
                    + "Set e.g. %fgEx{full, interval=30s}");
        }
        super.start();
    }

    private static String intervalOption(String option) {
        int eq = option.indexOf('=');
        if (eq < 0 || !option.substring(0, eq).trim().equals(INTERVAL)) {
            return null;
        }
        return option.substring(eq + 1).trim();
    }

    /** Returns the event's trace in full, headed by its id, or the one line that references it. */
    @Override
    public String convert(ILoggingEvent event) {
        IThrowableProxy throwable = event.getThrowableProxy();
        TraceMemory m = memory;
        if (throwable == null || m == null) {
            return super.convert(event);
        }
        TraceMemory.Sighting sighting = m.recall(throwable, ThrowableProxyAnatomy.INSTANCE, event.getTimeStamp());
        if (sighting.isFull()) {
            String trace = super.convert(event);
            if (trace.isEmpty()) {
                return trace;
            }
            StringBuilder sb = new StringBuilder(trace.length() + 20);
            sighting.appendHeader(sb);
            return sb.append(trace).toString();
        }
        StringBuilder sb = new StringBuilder(160);
        sighting.appendReference(sb, throwable, ThrowableProxyAnatomy.INSTANCE);
        return sb.append(CoreConstants.LINE_SEPARATOR).toString();
    }
}
