package dev.floodgate.benchmarks;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.turbo.TurboFilter;
import ch.qos.logback.classic.util.LogbackMDCAdapter;
import ch.qos.logback.core.helpers.NOPAppender;

/** A private Logback context for a benchmark: the root logger at INFO into a NOP appender, and an optional filter. */
final class NopLogbackContext {

    private NopLogbackContext() {
    }

    /**
     * Starts a context named {@code name} with {@code turbo} (if not null) as its turbo filter, which this starts.
     *
     * @return the started context
     */
    static LoggerContext start(String name, TurboFilter turbo) {
        LoggerContext context = new LoggerContext();
        context.setName(name);
        // SLF4J's provider sets this on the default context; a private context needs it for appenders that copy MDC
        context.setMDCAdapter(new LogbackMDCAdapter());
        NOPAppender<ILoggingEvent> nop = new NOPAppender<>();
        nop.setContext(context);
        nop.start();
        Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        root.setLevel(Level.INFO);
        root.addAppender(nop);
        if (turbo != null) {
            turbo.setContext(context);
            turbo.start();
            context.addTurboFilter(turbo);
        }
        context.start();
        return context;
    }
}
