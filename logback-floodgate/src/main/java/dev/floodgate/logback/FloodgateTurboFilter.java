package dev.floodgate.logback;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.turbo.TurboFilter;
import ch.qos.logback.core.Context;
import ch.qos.logback.core.spi.FilterReply;
import dev.floodgate.core.Clock;
import dev.floodgate.core.Fingerprint;
import dev.floodgate.core.Option;
import java.util.List;
import org.slf4j.Marker;

/**
 * Floodgate as a Logback turbo filter: limits every logger of the context before a logging event is even built,
 * and every {@code summaryInterval} logs what it dropped ("Suppressed 12,345 messages like …") through the logger
 * and at the level of the dropped messages.
 *
 * <pre>{@code
 * <configuration>
 *   <turboFilter class="dev.floodgate.logback.FloodgateTurboFilter">
 *     <summaryInterval>30 seconds</summaryInterval>
 *   </turboFilter>
 *   ...
 * </configuration>
 * }</pre>
 *
 * <p>Each setter takes the option of the same name ({@link Option}) as text and only stores it; {@link #start()}
 * validates them all, reports every bad one as an ERROR status naming the setting and the value, and then leaves the
 * filter stopped, so that it lets every event through. {@code decide} never throws: a failure lets the event through
 * and is reported as a WARN status (a few times, then "further messages suppressed").
 *
 * <p>Decisions: an {@code isXxxEnabled()} probe and a call below its logger's effective level return NEUTRAL at
 * once and are not counted. A call below {@code minLevel}, with an exempt marker, of a logger that is not limited,
 * or a summary is NEUTRAL and not counted. Any other call is counted once (the SLF4J fluent API included); when its
 * fingerprint is over its limit it is dropped (DENY), otherwise NEUTRAL, never ACCEPT.
 *
 * <p>Thread-safe. {@code decide} takes no lock and, with the default fingerprint, allocates nothing. Summaries are
 * written on the context's scheduled executor and, on {@link #stop()}, by the stopping thread — when the context is
 * reset or stopped (reconfiguration, {@code scan} reload, shutdown hook) that happens before the appenders stop.
 * Memory: bounded by {@code maxKeys} fingerprints.
 */
public final class FloodgateTurboFilter extends TurboFilter implements OptionSetters {

    private final FilterState state = new FilterState(FloodgateTurboFilter.class);

    /** Creates a filter with every default; set options, the context, and then {@link #start()} it. */
    public FloodgateTurboFilter() {
    }

    @Override
    public void setContext(Context context) {
        super.setContext(context);
        state.listen(context);
    }

    /**
     * Validates the settings and starts limiting; does nothing if already started. On a bad setting, reports each
     * problem as an ERROR status and stays stopped.
     */
    @Override
    public void start() {
        ActiveFloodgate.SummaryTarget target = ActiveFloodgate::callAppenders;
        state.start(this, element(), getName() == null ? "FloodgateTurboFilter" : getName(), target, super::start,
                place(), target);
        String fluentWarning = LogbackVersion.turboFluentWarning();
        if (fluentWarning != null && isStarted()) {
            addWarn(element() + ": " + fluentWarning);
        }
    }

    /**
     * Stops limiting, cancels the scheduled summaries and writes the summaries of everything dropped and not yet
     * reported; idempotent.
     */
    @Override
    public void stop() {
        state.stop(super::stop);
    }

    @Override
    public FilterReply decide(Marker marker, Logger logger, Level level, String format, Object[] params,
            Throwable t) {
        ActiveFloodgate a = state.active();
        if (format == null || a == null) {
            return FilterReply.NEUTRAL;
        }
        try {
            if (a.below(level, logger) || (marker != null && a.exempt(marker))) {
                return FilterReply.NEUTRAL;
            }
            // SLF4J's rule: a trailing throwable argument, when the call has no throwable, is the call's throwable.
            int n = params == null ? 0 : params.length;
            boolean hasArguments = n > 1 || (n == 1 && (t != null || !(params[0] instanceof Throwable)));
            Throwable thrown = a.keysThrowables() ? thrown(params, n, t) : t;
            if (hasArguments && Fingerprint.isGeneric(format)) {
                return a.decideCounted(logger.getName(), level, ActiveFloodgate.rendered(format, params), false,
                        thrown);
            }
            return a.decideCounted(logger.getName(), level, format, hasArguments, thrown);
        } catch (RuntimeException e) {
            return a.failed(e);
        }
    }

    /**
     * Decides on a call of the SLF4J fluent API ({@code log.atError().setMessage(...).log()}), exactly as on the
     * classic call; Logback 1.5.21 and later call this instead of the classic {@code decide} for such a call, so it is
     * counted once. Its {@code atError()} probe was not counted. Logback's level check has already been made by
     * then and is not repeated after a NEUTRAL reply, so the event is counted whatever its logger's level.
     */
    @Override
    public FilterReply decide(Logger logger, org.slf4j.event.LoggingEvent event) {
        ActiveFloodgate a = state.active();
        if (a == null) {
            return FilterReply.NEUTRAL;
        }
        try {
            String format = event.getMessage();
            List<Marker> markers = event.getMarkers();
            if (format == null || (markers != null && a.exempt(markers))) {
                return FilterReply.NEUTRAL;
            }
            List<Object> params = event.getArguments();
            int arguments = params == null ? 0 : params.size();
            Throwable thrown = event.getThrowable();
            if (thrown == null && arguments > 0 && params.get(arguments - 1) instanceof Throwable) {
                thrown = (Throwable) params.get(arguments - 1);
                arguments--;
            }
            if (arguments > 0 && Fingerprint.isGeneric(format)) {
                return a.decide(logger.getName(), Level.convertAnSLF4JLevel(event.getLevel()),
                        ActiveFloodgate.rendered(format, params.toArray()), false, thrown);
            }
            return a.decide(logger.getName(), Level.convertAnSLF4JLevel(event.getLevel()), format, arguments > 0,
                    thrown);
        } catch (RuntimeException e) {
            return a.failed(e);
        }
    }

    /**
     * Returns the call's throwable: {@code t}, or else a trailing throwable argument. Only looked for when the
     * fingerprint includes the throwable, so that {@link #decide} reads as little of {@code params} as it can: the
     * less code it compiles to, the likelier the JIT inlines it into Logback's call, which lets Logback's argument
     * array be optimised away.
     */
    private static Throwable thrown(Object[] params, int n, Throwable t) {
        return t == null && n > 0 && params[n - 1] instanceof Throwable ? (Throwable) params[n - 1] : t;
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

    /**
     * Returns where this filter sits, for a reload: its name if it has one, else its position among the Floodgate
     * turbo filters of the context (in the order of the configuration).
     */
    private String place() {
        if (getName() != null) {
            return "turbo filter named " + getName();
        }
        if (!(getContext() instanceof LoggerContext)) {
            return null;
        }
        int index = 0;
        for (TurboFilter f : ((LoggerContext) getContext()).getTurboFilterList()) {
            if (f == this) {
                break;
            }
            if (f instanceof FloodgateTurboFilter) {
                index++;
            }
        }
        return "turbo filter #" + (index + 1);
    }

    private String element() {
        return getName() == null ? "FloodgateTurboFilter" : "FloodgateTurboFilter [" + getName() + "]";
    }

    @Override
    public void setOption(Option option, String value) {
        state.put(option, value);
    }
}
