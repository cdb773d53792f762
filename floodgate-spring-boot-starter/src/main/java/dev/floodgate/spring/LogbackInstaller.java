package dev.floodgate.spring;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.LoggerContextListener;
import dev.floodgate.core.Option;
import dev.floodgate.logback.FloodgateTurboFilter;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * Keeps a {@link FloodgateTurboFilter} named {@value #NAME}, set from the properties, in a Logback context: adds it
 * now and again after every reset of the context (Spring Boot's logging re-initialisation, a {@code scan} reload),
 * and removes it when the context stops or the properties turn it off.
 *
 * <p>Thread-safe: all changes run under the class's lock or in Logback's reset, which Logback serializes.
 */
final class LogbackInstaller implements LoggerContextListener {

    /** The filter's name, as meters and the endpoint show it. */
    static final String NAME = "floodgate";

    private static final Map<LoggerContext, LogbackInstaller> INSTALLED = new WeakHashMap<>();

    private final LoggerContext context;
    private volatile FloodgateProperties properties;
    private FloodgateTurboFilter filter;

    private LogbackInstaller(LoggerContext context) {
        this.context = context;
    }

    /** Applies {@code properties} to {@code context}: adds, replaces or removes the filter. */
    static void apply(LoggerContext context, FloodgateProperties properties) {
        synchronized (INSTALLED) {
            LogbackInstaller installer = INSTALLED.get(context);
            if (installer == null) {
                if (!properties.enabled()) {
                    return;
                }
                installer = new LogbackInstaller(context);
                INSTALLED.put(context, installer);
                context.addListener(installer);
            }
            if (properties.equals(installer.properties) && installer.filter != null && installer.filter.isStarted()
                    && context.getTurboFilterList().contains(installer.filter)) {
                return;
            }
            installer.properties = properties;
            installer.replace();
        }
    }

    private synchronized void replace() {
        remove();
        FloodgateProperties p = properties;
        if (p == null || !p.enabled()) {
            return;
        }
        FloodgateTurboFilter f = new FloodgateTurboFilter();
        f.setName(NAME);
        f.setContext(context);
        for (Map.Entry<Option, String> e : p.options().entrySet()) {
            f.setOption(e.getKey(), e.getValue());
        }
        f.start();
        if (f.isStarted()) {
            context.addTurboFilter(f);
            filter = f;
        }
    }

    private synchronized void remove() {
        FloodgateTurboFilter f = filter;
        filter = null;
        if (f != null) {
            context.getTurboFilterList().remove(f);
            f.stop();
        }
    }

    @Override
    public boolean isResetResistant() {
        return true;
    }

    @Override
    public void onStart(LoggerContext ctx) {
        // The filter is added on reset, which precedes every configuration.
    }

    /**
     * Adds the filter back: a reset removed every turbo filter (and stopped ours before the appenders). Not when the
     * reset is part of the context's stop, which detached the appenders for good: a filter added then would count
     * drops whose summaries have no appender to go to, and {@link #onStop} would remove it at once.
     */
    @Override
    public void onReset(LoggerContext ctx) {
        synchronized (this) {
            filter = null;
        }
        if (!inContextStop()) {
            replace();
        }
    }

    /** Returns whether the calling thread is inside {@code LoggerContext.stop()}; walks the stack, once per reset. */
    private static boolean inContextStop() {
        return StackWalker.getInstance().walk(frames -> frames.anyMatch(
                f -> f.getClassName().equals(LoggerContext.class.getName()) && f.getMethodName().equals("stop")));
    }

    @Override
    public void onStop(LoggerContext ctx) {
        remove();
        synchronized (INSTALLED) {
            INSTALLED.remove(ctx);
        }
    }

    @Override
    public void onLevelChange(ch.qos.logback.classic.Logger logger, Level level) {
        // Levels do not matter here.
    }
}
