package dev.floodgate.core.internal;

import dev.floodgate.core.FilterTotals;
import dev.floodgate.core.FingerprintStats;
import dev.floodgate.core.Option;
import dev.floodgate.core.fleet.FleetSettings;
import dev.floodgate.core.jmx.FingerprintRow;
import dev.floodgate.core.jmx.FloodgateFilterMXBean;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The MXBean of one registered filter; every attribute is read from the filter when asked.
 *
 * <p>Thread-safe: holds only the filter.
 */
final class FilterMBean implements FloodgateFilterMXBean {

    /** Most fingerprints listed by {@link #getTopFingerprints()}. */
    static final int TOP = 10;

    private final RegisteredFilter filter;

    FilterMBean(RegisteredFilter filter) {
        this.filter = filter;
    }

    @Override
    public String getFramework() {
        return filter.framework();
    }

    @Override
    public String getName() {
        return filter.name();
    }

    @Override
    public long getEventsCounted() {
        return filter.totals().counted();
    }

    @Override
    public long getEventsPassed() {
        return filter.totals().passed();
    }

    @Override
    public long getEventsSuppressed() {
        return filter.totals().suppressed();
    }

    @Override
    public long getSuppressedByFingerprint() {
        return filter.totals().suppressedByFingerprint();
    }

    @Override
    public long getSuppressedByCap() {
        return filter.totals().suppressedByCap();
    }

    @Override
    public long getSuppressedAsOther() {
        return filter.totals().suppressedAsOther();
    }

    @Override
    public long getSummaries() {
        FilterTotals t = filter.totals();
        return t.summaries();
    }

    @Override
    public int getFingerprintsTracked() {
        return filter.trackedFingerprints();
    }

    @Override
    public Map<String, String> getOptions() {
        Map<String, String> options = filter.options();
        String fleet = options.get(Option.FLEET.key());
        if (fleet == null) {
            return options;
        }
        Map<String, String> shown = new LinkedHashMap<>(options);
        shown.put(Option.FLEET.key(), FleetSettings.redact(fleet));
        return shown;
    }

    @Override
    public List<FingerprintRow> getTopFingerprints() {
        List<FingerprintRow> rows = new ArrayList<>();
        for (FingerprintStats s : filter.topFingerprints(TOP)) {
            rows.add(new FingerprintRow(s));
        }
        return rows;
    }
}
