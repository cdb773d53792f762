package dev.floodgate.micrometer;

import dev.floodgate.core.internal.FilterRegistry;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The Micrometer meters of every Floodgate filter, in every registry it is bound to, following the filters as
 * configurations start and stop them (no stale meters, no duplicates):
 * <ul>
 *   <li>{@code floodgate.events} (function counter; tags {@code outcome} = {@code passed} | {@code suppressed},
 *       {@code filter}, {@code framework} = {@code logback} | {@code log4j2});
 *   <li>{@code floodgate.fingerprints} (gauge: fingerprints tracked now);
 *   <li>{@code floodgate.summaries} (function counter: summary lines handed out to be written);
 *   <li>opt-in ({@link Builder#templateMeters(int)}): {@code floodgate.template.suppressed} (gauge per template of
 *       the noisiest ones, tag {@code template}, a safe value: control characters removed, cut to 100 characters).
 * </ul>
 *
 * <p>Thread-safe. Meters read the filters when a registry is scraped; nothing is added to the logging calls.
 * Filters are found through {@link FilterRegistry#global()}, where the Logback and Log4j2 adapters register them.
 */
public final class FloodgateMetrics implements MeterBinder, AutoCloseable {

    /** Most templates per filter that {@link Builder#templateMeters(int)} accepts: the hard cardinality limit. */
    public static final int MAX_TEMPLATE_METERS = 50;

    private final FilterRegistry filters;
    private final Tags tags;
    private final int templateMeters;
    private final List<FilterMeters> bindings = new ArrayList<>();

    private FloodgateMetrics(Builder b) {
        this.filters = FilterRegistry.global();
        this.tags = b.tags;
        this.templateMeters = b.templateMeters;
    }

    /** Creates meters for the filters of the global registry, without per-template meters. */
    public FloodgateMetrics() {
        this(builder());
    }

    /** {@return a builder with the defaults of {@link #FloodgateMetrics()}} */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Registers the meters of every live filter in {@code registry}, and of every filter that starts later; removes
     * those of a filter when it stops. A closed registry gets nothing.
     */
    @Override
    public void bindTo(MeterRegistry registry) {
        Objects.requireNonNull(registry, "registry");
        if (registry.isClosed()) {
            return;
        }
        FilterMeters binding = new FilterMeters(registry, tags, templateMeters, filters);
        synchronized (bindings) {
            bindings.add(binding);
        }
        filters.addListener(binding);
    }

    /**
     * Refreshes the per-template meters of every bound registry from the filters' top fingerprints; does nothing
     * when they are off. Call it on a schedule (the Spring Boot starter does, every 10 seconds).
     */
    public void refreshTemplates() {
        for (FilterMeters b : snapshot()) {
            b.refreshTemplates();
        }
    }

    private List<FilterMeters> snapshot() {
        synchronized (bindings) {
            return new ArrayList<>(bindings);
        }
    }

    /** Stops following the filters and removes every meter this binder registered. */
    @Override
    public void close() {
        for (FilterMeters b : snapshot()) {
            filters.removeListener(b);
            b.removeAll();
        }
        synchronized (bindings) {
            bindings.clear();
        }
    }

    /** Options of {@link FloodgateMetrics}. Not thread-safe. */
    public static final class Builder {
        private Tags tags = Tags.empty();
        private int templateMeters;

        private Builder() {
        }

        /**
         * Adds tags to every meter.
         *
         * @param extra the tags added to every meter
         * @return this builder
         */
        public Builder tags(Iterable<Tag> extra) {
            this.tags = this.tags.and(extra);
            return this;
        }

        /**
         * Turns on per-template meters for the {@code count} templates per filter that suppress most; 0 (the
         * default) turns them off.
         *
         * @param count how many templates per filter get meters of their own; 0 for none
         * @return this builder
         * @throws IllegalArgumentException if {@code count} is not between 0 and {@value #MAX_TEMPLATE_METERS}
         */
        public Builder templateMeters(int count) {
            if (count < 0 || count > MAX_TEMPLATE_METERS) {
                throw new IllegalArgumentException("templateMeters must be between 0 and " + MAX_TEMPLATE_METERS
                        + ", was " + count);
            }
            this.templateMeters = count;
            return this;
        }

        /** {@return the binder} */
        public FloodgateMetrics build() {
            return new FloodgateMetrics(this);
        }
    }
}
