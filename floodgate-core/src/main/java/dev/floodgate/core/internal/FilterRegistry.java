package dev.floodgate.core.internal;

import dev.floodgate.core.FloodEngine;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * Where started Floodgate filters announce themselves to monitoring (Micrometer, JMX, the Spring Boot endpoint):
 * each adapter registers its filter when it starts and closes the registration when it stops, after its last
 * summaries.
 *
 * <p>Thread-safe; registration and listeners run under one lock, in order, so a listener sees a filter added before
 * it sees it removed. Listeners must not register filters. Memory: one {@link RegisteredFilter} per identity ever
 * started, of which at most {@value #MAX_STOPPED} stopped ones are kept (for their totals, if they start again).
 */
public final class FilterRegistry {

    /** The system property that turns the MXBeans of the global registry off: {@code -Dfloodgate.jmx=false}. */
    public static final String JMX_PROPERTY = "floodgate.jmx";
    /** Most stopped identities kept for their totals; beyond it the oldest is forgotten. */
    public static final int MAX_STOPPED = 1_000;

    private static final FilterRegistry GLOBAL = createGlobal();

    /** A {@link FilterListener} by its older name, which the Micrometer binder implements. */
    public interface Listener extends FilterListener {
    }

    private final Object lock = new Object();
    private final Map<String, RegisteredFilter> byIdentity = new LinkedHashMap<>();
    private final List<FilterListener> listeners = new CopyOnWriteArrayList<>();

    /** Creates an empty registry; adapters use {@link #global()}. */
    public FilterRegistry() {
        // empty
    }

    private static FilterRegistry createGlobal() {
        FilterRegistry registry = new FilterRegistry();
        if (!"false".equalsIgnoreCase(System.getProperty(JMX_PROPERTY, "true").trim())) {
            registry.addListener(new FilterMBeans());
        }
        return registry;
    }

    /** Returns the registry of this class loader, which the adapters use. */
    public static FilterRegistry global() {
        return GLOBAL;
    }

    /**
     * Registers a started filter. A listener that fails is reported to {@code problems}, and the filter works on.
     *
     * @param framework {@code logback} or {@code log4j2}
     * @param name the filter's name, or a stable name from where it sits; filters of one framework and name share
     *     one identity (and its counters)
     * @param filter the started filter
     * @param problems where to report a monitoring problem (the framework's status API)
     * @return the registration, to close when the filter stopped and wrote its last summaries
     * @throws NullPointerException if an argument is null
     */
    public Registration register(String framework, String name, FloodEngine filter, Consumer<String> problems) {
        Objects.requireNonNull(framework, "framework");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(filter, "filter");
        Objects.requireNonNull(problems, "problems");
        synchronized (lock) {
            String identity = framework + '\u0000' + name;
            RegisteredFilter line = byIdentity.remove(identity);
            if (line == null) {
                line = new RegisteredFilter(framework, name);
            }
            byIdentity.put(identity, line);
            boolean wasLive = line.isLive();
            line.add(filter);
            if (!wasLive) {
                for (FilterListener l : listeners) {
                    notify(l, line, true, problems);
                }
            }
            forgetOldStopped();
            return new Registration(line, filter, problems);
        }
    }

    private void unregister(Registration r) {
        synchronized (lock) {
            r.line.remove(r.filter);
            if (!r.line.isLive()) {
                for (FilterListener l : listeners) {
                    notify(l, r.line, false, r.problems);
                }
            }
        }
    }

    private static void notify(FilterListener l, RegisteredFilter line, boolean started,
            Consumer<String> problems) {
        try {
            if (started) {
                l.started(line);
            } else {
                l.stopped(line);
            }
        } catch (RuntimeException | LinkageError e) {
            problems.accept("monitoring of filter \"" + line.name() + "\": " + e.getMessage()
                    + "; the filter works on without it");
        }
    }

    private void forgetOldStopped() {
        int stopped = 0;
        for (RegisteredFilter f : byIdentity.values()) {
            stopped += f.isLive() ? 0 : 1;
        }
        Iterator<RegisteredFilter> it = byIdentity.values().iterator();
        while (stopped > MAX_STOPPED && it.hasNext()) {
            if (!it.next().isLive()) {
                it.remove();
                stopped--;
            }
        }
    }

    /** Returns the identities with a started filter now, oldest first. */
    public List<RegisteredFilter> live() {
        synchronized (lock) {
            List<RegisteredFilter> out = new ArrayList<>();
            for (RegisteredFilter f : byIdentity.values()) {
                if (f.isLive()) {
                    out.add(f);
                }
            }
            return out;
        }
    }

    /**
     * Adds a listener and tells it, under the lock, of every identity live now, so that it misses none.
     *
     * @throws NullPointerException if {@code listener} is null
     */
    public void addListener(FilterListener listener) {
        Objects.requireNonNull(listener, "listener");
        synchronized (lock) {
            listeners.add(listener);
            for (RegisteredFilter f : byIdentity.values()) {
                if (f.isLive()) {
                    listener.started(f);
                }
            }
        }
    }

    /** Removes a listener; it hears nothing more. */
    public void removeListener(FilterListener listener) {
        synchronized (lock) {
            listeners.remove(listener);
        }
    }

    /** A started filter's place in the registry; closing it says the filter stopped. Closing twice does nothing. */
    public final class Registration implements AutoCloseable {
        private final RegisteredFilter line;
        private final FloodEngine filter;
        private final Consumer<String> problems;
        private boolean closed;

        Registration(RegisteredFilter line, FloodEngine filter, Consumer<String> problems) {
            this.line = line;
            this.filter = filter;
            this.problems = problems;
        }

        /** Returns the identity the filter was registered under. */
        public RegisteredFilter filter() {
            return line;
        }

        /** Takes the filter out of the registry; its totals stay with its identity. */
        @Override
        public void close() {
            synchronized (lock) {
                if (closed) {
                    return;
                }
                closed = true;
            }
            unregister(this);
        }
    }
}
