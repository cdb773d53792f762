package dev.floodgate.micrometer;

import dev.floodgate.core.FingerprintStats;
import dev.floodgate.core.internal.RegisteredFilter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tags;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The opt-in per-template gauges of one filter: {@code floodgate.template.suppressed}, the events suppressed in the
 * summary period under way, for the {@code limit} templates that suppressed most, tagged {@code template} with a
 * safe value ({@link TagValues}). Each refresh replaces the set, so at most {@code limit} series exist per filter
 * at any time; templates that leave the top are removed.
 *
 * <p>Not thread-safe; guarded by {@link FilterMeters}.
 */
final class TemplateMeters {

    private final MultiGauge gauge;
    private final RegisteredFilter filter;
    private final int limit;

    TemplateMeters(MeterRegistry registry, Tags tags, RegisteredFilter filter, int limit) {
        this.gauge = MultiGauge.builder("floodgate.template.suppressed")
                .description("Events suppressed in the summary period under way, for the noisiest templates")
                .baseUnit("events").tags(tags).register(registry);
        this.filter = filter;
        this.limit = limit;
    }

    void refresh() {
        Map<String, Long> byTag = new LinkedHashMap<>();
        for (FingerprintStats s : filter.topFingerprints(limit)) {
            byTag.merge(TagValues.safe(s.fingerprint()), s.suppressedThisPeriod(), Long::sum);
        }
        List<MultiGauge.Row<?>> rows = new ArrayList<>();
        for (Map.Entry<String, Long> e : byTag.entrySet()) {
            rows.add(MultiGauge.Row.of(Tags.of("template", e.getKey()), e.getValue()));
        }
        gauge.register(rows, true);
    }

    void remove() {
        gauge.register(new ArrayList<>(), true);
    }
}
