package dev.floodgate.spring;

import dev.floodgate.core.FilterTotals;
import dev.floodgate.core.FingerprintStats;
import dev.floodgate.core.Option;
import dev.floodgate.core.fleet.FleetSettings;
import dev.floodgate.core.internal.FilterRegistry;
import dev.floodgate.core.internal.RegisteredFilter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;

/**
 * The {@code floodgate} actuator endpoint ({@code /actuator/floodgate}): every started Floodgate filter with its
 * totals, options in force and top fingerprints, as JSON.
 *
 * <p>Thread-safe: reads the filters when called; a filter stopping meanwhile is shown with what it had.
 */
@Endpoint(id = "floodgate")
public class FloodgateEndpoint {

    /** Most fingerprints listed per filter. */
    static final int TOP = 10;

    private final FilterRegistry registry;

    /** Creates the endpoint over every started Floodgate filter of this JVM. */
    public FloodgateEndpoint() {
        this.registry = FilterRegistry.global();
    }

    /** {@return every started filter} */
    @ReadOperation
    public Filters filters() {
        List<FilterView> out = new ArrayList<>();
        for (RegisteredFilter f : registry.live()) {
            FilterTotals t = f.totals();
            List<FingerprintView> top = new ArrayList<>();
            for (FingerprintStats s : f.topFingerprints(TOP)) {
                top.add(new FingerprintView(s.fingerprint(), s.loggerName(), s.level(), s.suppressedThisPeriod(),
                        s.suppressedLastPeriod(), s.limiterState()));
            }
            out.add(new FilterView(f.framework(), f.name(), new TotalsView(t.counted(), t.passed(), t.suppressed(),
                    t.suppressedByFingerprint(), t.suppressedByCap(), t.suppressedAsOther(), t.suppressedByFleet(),
                    t.summaries()), f.trackedFingerprints(), redacted(f.options()), top));
        }
        return new Filters(out);
    }

    /** Returns {@code options} with the password of the {@code fleet} URI hidden. */
    private static Map<String, String> redacted(Map<String, String> options) {
        String fleet = options.get(Option.FLEET.key());
        if (fleet == null || fleet.isEmpty()) {
            return options;
        }
        Map<String, String> out = new LinkedHashMap<>(options);
        out.put(Option.FLEET.key(), FleetSettings.redact(fleet));
        return out;
    }

    /** The endpoint's answer. */
    public record Filters(List<FilterView> filters) {
    }

    /** One filter. */
    public record FilterView(String framework, String name, TotalsView totals, int fingerprintsTracked,
            Map<String, String> options, List<FingerprintView> topFingerprints) {
    }

    /** A filter's totals since it first started; {@code suppressedByFleet}: refused by the fleet limit only. */
    public record TotalsView(long counted, long passed, long suppressed, long suppressedByFingerprint,
            long suppressedByCap, long suppressedAsOther, long suppressedByFleet, long summaries) {
    }

    /** One fingerprint. */
    public record FingerprintView(String fingerprint, String loggerName, String level, long suppressedThisPeriod,
            long suppressedLastPeriod, String limiterState) {
    }
}
