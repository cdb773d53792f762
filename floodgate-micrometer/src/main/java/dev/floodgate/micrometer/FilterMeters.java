package dev.floodgate.micrometer;

import dev.floodgate.core.FilterTotals;
import dev.floodgate.core.internal.FilterRegistry;
import dev.floodgate.core.internal.RegisteredFilter;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The meters of the live filters in one {@link MeterRegistry}: registered when a filter starts, removed when it
 * stops, so the registry holds exactly one set per live filter.
 *
 * <p>Thread-safe: the filter registry calls it under its lock; the maps are guarded by this.
 */
final class FilterMeters implements FilterRegistry.Listener {

    private final MeterRegistry registry;
    private final Tags tags;
    private final int templateMeters;
    private final FilterRegistry filters;
    private final Map<RegisteredFilter, List<Meter>> meters = new IdentityHashMap<>();
    private final Map<RegisteredFilter, TemplateMeters> templates = new IdentityHashMap<>();

    FilterMeters(MeterRegistry registry, Tags tags, int templateMeters, FilterRegistry filters) {
        this.registry = registry;
        this.tags = tags;
        this.templateMeters = templateMeters;
        this.filters = filters;
    }

    @Override
    public synchronized void started(RegisteredFilter filter) {
        if (registry.isClosed()) {
            filters.removeListener(this);
            return;
        }
        Tags t = tags.and("filter", filter.name(), "framework", filter.framework());
        List<Meter> list = new ArrayList<>();
        list.add(FunctionCounter.builder("floodgate.events", filter, f -> f.totals().passed())
                .description("Events that reached a Floodgate filter's limiter, by outcome").baseUnit("events")
                .tags(t).tag("outcome", "passed").register(registry));
        list.add(FunctionCounter.builder("floodgate.events", filter, f -> suppressed(f.totals()))
                .description("Events that reached a Floodgate filter's limiter, by outcome").baseUnit("events")
                .tags(t).tag("outcome", "suppressed").register(registry));
        list.add(Gauge.builder("floodgate.fingerprints", filter, RegisteredFilter::trackedFingerprints)
                .description("Fingerprints a Floodgate filter tracks now").strongReference(true).tags(t)
                .register(registry));
        list.add(FunctionCounter.builder("floodgate.summaries", filter, f -> f.totals().summaries())
                .description("Summary lines a Floodgate filter handed out to be written").baseUnit("summaries")
                .tags(t).register(registry));
        meters.put(filter, list);
        if (templateMeters > 0) {
            templates.put(filter, new TemplateMeters(registry, t, filter, templateMeters));
        }
    }

    private static double suppressed(FilterTotals totals) {
        return totals.suppressed();
    }

    @Override
    public synchronized void stopped(RegisteredFilter filter) {
        List<Meter> list = meters.remove(filter);
        if (list != null) {
            for (Meter m : list) {
                registry.remove(m);
            }
        }
        TemplateMeters t = templates.remove(filter);
        if (t != null) {
            t.remove();
        }
    }

    synchronized void refreshTemplates() {
        if (registry.isClosed()) {
            return;
        }
        for (TemplateMeters t : templates.values()) {
            t.refresh();
        }
    }

    synchronized void removeAll() {
        for (RegisteredFilter f : new ArrayList<>(meters.keySet())) {
            stopped(f);
        }
    }
}
