package dev.floodgate.logback;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.IThrowableProxy;
import ch.qos.logback.classic.spi.ThrowableProxy;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.Context;
import ch.qos.logback.core.filter.Filter;
import ch.qos.logback.core.spi.AppenderAttachable;
import ch.qos.logback.core.spi.FilterReply;
import dev.floodgate.core.Clock;
import dev.floodgate.core.Fingerprint;
import dev.floodgate.core.Option;
import java.util.Iterator;
import java.util.List;
import org.slf4j.Marker;

/**
 * Floodgate as the filter of one appender: that appender drops the repeats of a flood while the others keep
 * everything — "the file keeps everything, but the console / Slack / e-mail appender must not flood". Every
 * {@code summaryInterval} it writes what it dropped ("Suppressed 12,345 messages like …") to that appender only,
 * as an event of the logger and at the level of the dropped messages.
 *
 * <pre>{@code
 * <appender name="CONSOLE" class="ch.qos.logback.core.ConsoleAppender">
 *   <filter class="dev.floodgate.logback.FloodgateFilter">
 *     <summaryInterval>1 minute</summaryInterval>
 *   </filter>
 *   <encoder><pattern>%d %-5level %logger - %msg%n</pattern></encoder>
 * </appender>
 * }</pre>
 *
 * <p>Each setter takes the option of the same name ({@link Option}) as text and only stores it; {@link #start()}
 * validates them all, reports every bad one as an ERROR status naming the setting and the value, and then leaves the
 * filter stopped, so that it lets every event through. {@code decide} never throws: a failure lets the event through
 * and is reported as a WARN status (a few times, then "further messages suppressed").
 *
 * <p>An event below {@code minLevel}, with an exempt marker, of a logger that is not limited, or a summary is
 * NEUTRAL and not counted; any other event is counted and, when its fingerprint is over its limit, dropped (DENY),
 * otherwise NEUTRAL, never ACCEPT. Each appender's filter counts only the events that reach that appender.
 *
 * <p>Thread-safe. {@code decide} takes no lock and, with the default fingerprint, allocates nothing. Summaries are
 * written on the context's scheduled executor and, on {@link #stop()}, by the stopping thread — when the context is
 * reset or stopped (reconfiguration, {@code scan} reload, shutdown hook) that happens before the appenders stop.
 * Memory: bounded by {@code maxKeys} fingerprints.
 */
public final class FloodgateFilter extends Filter<ILoggingEvent> implements OptionSetters {

    private final FilterState state = new FilterState(FloodgateFilter.class);
    private volatile Appender<ILoggingEvent> appender;

    /** Creates a filter with every default; set options, the context, and then {@link #start()} it. */
    public FloodgateFilter() {
    }

    @Override
    public void setContext(Context context) {
        super.setContext(context);
        state.listen(context);
    }

    /**
     * Sets the appender that this filter belongs to, where its summaries go. Logback's configurator calls it with
     * the enclosing appender; code that adds the filter to an appender by hand may call it too, and otherwise the
     * appender is found by looking for this filter among the appenders of the context's loggers (also those nested
     * in an appender such as {@code AsyncAppender}). Anything but an {@link Appender} is ignored.
     *
     * @param parent the enclosing appender
     */
    @SuppressWarnings("unchecked")
    public void setParent(Object parent) {
        if (parent instanceof Appender) {
            this.appender = (Appender<ILoggingEvent>) parent;
        }
    }

    /**
     * Validates the settings and starts limiting; does nothing if already started. On a bad setting, reports each
     * problem as an ERROR status and stays stopped.
     */
    @Override
    public void start() {
        Appender<ILoggingEvent> known = appender;
        state.start(this, element(), getName() == null ? "FloodgateFilter" : getName(),
                (logger, event) -> ActiveFloodgate.append(appender(), event), super::start, place(known),
                () -> place(appender()), (logger, event) -> byName(appender().getName()).doAppend(event));
    }

    /**
     * Stops limiting, cancels the scheduled summaries and writes the summaries of everything dropped and not yet
     * reported to the appender; idempotent.
     */
    @Override
    public void stop() {
        state.stop(super::stop);
    }

    @Override
    public FilterReply decide(ILoggingEvent event) {
        if (state.awaitsPlace()) {
            state.placeLate();
        }
        ActiveFloodgate a = state.active();
        if (a == null) {
            return FilterReply.NEUTRAL;
        }
        try {
            String message = event.getMessage();
            List<Marker> markers = event.getMarkerList();
            if (message == null || (markers != null && a.exempt(markers))) {
                return FilterReply.NEUTRAL;
            }
            Object[] arguments = event.getArgumentArray();
            boolean hasArguments = arguments != null && arguments.length > 0;
            if (hasArguments && Fingerprint.isGeneric(message)) {
                // a template of placeholders alone: the rendered message is what is limited
                return a.decide(event.getLoggerName(), event.getLevel(), event.getFormattedMessage(), false,
                        thrown(event.getThrowableProxy()));
            }
            return a.decide(event.getLoggerName(), event.getLevel(), message, hasArguments,
                    thrown(event.getThrowableProxy()));
        } catch (RuntimeException e) {
            return a.failed(e);
        }
    }

    private static Throwable thrown(IThrowableProxy proxy) {
        return proxy instanceof ThrowableProxy ? ((ThrowableProxy) proxy).getThrowable() : null;
    }

    /**
     * Sets the clock of the limiter; the default, a {@link dev.floodgate.core.TickingClock} over
     * {@link Clock#monotonic()} that ticks itself while it is read, is right for production. For tests
     * and for replaying recorded logs; in XML a nested {@code <clock class="..."/>} names a {@link Clock} class with
     * a public no-argument constructor. Takes effect at the next {@link #start()}; null restores the default.
     *
     * @param clock the clock; null restores the default
     */
    public void setClock(Clock clock) {
        state.setClock(clock);
    }

    /** Returns the clock set for the next start, or null for the default. */
    Clock clock() {
        return state.clock();
    }

    /** Returns the started Floodgate, or null when stopped. */
    ActiveFloodgate active() {
        return state.active();
    }

    /** Writes the summaries of the period that ended, if one did, as the scheduled task does. */
    void summarizeIfDue() {
        state.summarizeIfDue();
    }

    /** Returns the appender of this filter: the one set, or else the one found in the context and remembered. */
    Appender<ILoggingEvent> appender() {
        Appender<ILoggingEvent> known = appender;
        if (known != null) {
            return known;
        }
        if (getContext() instanceof LoggerContext) {
            for (Logger logger : ((LoggerContext) getContext()).getLoggerList()) {
                Appender<ILoggingEvent> found = find(logger.iteratorForAppenders());
                if (found != null) {
                    appender = found;
                    return found;
                }
            }
        }
        throw new IllegalStateException("this filter is not attached to an appender of the context");
    }

    private Appender<ILoggingEvent> find(Iterator<Appender<ILoggingEvent>> appenders) {
        while (appenders.hasNext()) {
            Appender<ILoggingEvent> candidate = appenders.next();
            if (candidate.getCopyOfAttachedFiltersList().contains(this)) {
                return candidate;
            }
            if (candidate instanceof AppenderAttachable) {
                @SuppressWarnings("unchecked")
                Iterator<Appender<ILoggingEvent>> nested =
                        ((AppenderAttachable<ILoggingEvent>) candidate).iteratorForAppenders();
                Appender<ILoggingEvent> found = find(nested);
                if (found != null) {
                    return found;
                }
            }
        }
        return null;
    }

    /**
     * Returns where this filter sits, for a reload: the name of its appender and its own name if it has one, else its
     * position among the Floodgate filters of that appender; null if the appender is not known yet.
     */
    private String place(Appender<ILoggingEvent> known) {
        if (known == null || known.getName() == null) {
            return null;
        }
        String where = "filter of appender " + known.getName();
        if (getName() != null) {
            return where + " named " + getName();
        }
        int index = 0;
        for (Filter<ILoggingEvent> f : known.getCopyOfAttachedFiltersList()) {
            if (f == this) {
                break;
            }
            if (f instanceof FloodgateFilter) {
                index++;
            }
        }
        return where + " #" + (index + 1);
    }

    /** Returns the started appender of the context named {@code name}: where a removed filter's counts go. */
    private Appender<ILoggingEvent> byName(String name) {
        if (getContext() instanceof LoggerContext) {
            for (Logger logger : ((LoggerContext) getContext()).getLoggerList()) {
                Appender<ILoggingEvent> found = find(logger.iteratorForAppenders(), name);
                if (found != null && found.isStarted()) {
                    return found;
                }
            }
        }
        throw new IllegalStateException("the appender " + name + " is not in the configuration any more");
    }

    private static Appender<ILoggingEvent> find(Iterator<Appender<ILoggingEvent>> appenders, String name) {
        while (appenders.hasNext()) {
            Appender<ILoggingEvent> candidate = appenders.next();
            if (name != null && name.equals(candidate.getName())) {
                return candidate;
            }
            if (candidate instanceof AppenderAttachable) {
                @SuppressWarnings("unchecked")
                Iterator<Appender<ILoggingEvent>> nested =
                        ((AppenderAttachable<ILoggingEvent>) candidate).iteratorForAppenders();
                Appender<ILoggingEvent> found = find(nested, name);
                if (found != null) {
                    return found;
                }
            }
        }
        return null;
    }

    private String element() {
        return getName() == null ? "FloodgateFilter" : "FloodgateFilter [" + getName() + "]";
    }

    @Override
    public void setOption(Option option, String value) {
        state.put(option, value);
    }
}
