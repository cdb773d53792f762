package dev.floodgate.core.internal;

import dev.floodgate.core.FilterTotals;
import dev.floodgate.core.FingerprintStats;
import dev.floodgate.core.FloodEngine;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * One Floodgate filter as monitoring sees it, identified by its framework and name: the filters started under that
 * identity now (usually one; briefly two while a configuration replaces another), plus the totals of those that
 * stopped, so that its counters keep growing across reconfigurations.
 *
 * <p>Thread-safe. Reading takes this object's lock and the filters' inspection locks, never their hot path's.
 */
public final class RegisteredFilter {

    private final String framework;
    private final String name;
    private final List<FloodEngine> members = new CopyOnWriteArrayList<>();
    /** Totals of the members that stopped; guarded by this. */
    private FilterTotals retired = FilterTotals.ZERO;
    /**
     * The final totals of stopped members by engine, held weakly: a reload can hand a stopped member's engine to the
     * filter that replaces it, which then counts it again, so its retired share is taken back; guarded by this.
     */
    private final Map<FloodEngine, FilterTotals> retiredEngines = new WeakHashMap<>();
    /** The last totals returned, so that they never go down while a member is handed over; guarded by this. */
    private FilterTotals shown = FilterTotals.ZERO;

    RegisteredFilter(String framework, String name) {
        this.framework = framework;
        this.name = name;
    }

    /** Returns the logging framework: {@code logback} or {@code log4j2}. */
    public String framework() {
        return framework;
    }

    /** Returns the filter's name, unique within its framework in this registry. */
    public String name() {
        return name;
    }

    /** Returns whether a filter with this identity is started now. */
    public boolean isLive() {
        return !members.isEmpty();
    }

    /** Returns the totals since the first filter of this identity started, across reconfigurations. */
    public synchronized FilterTotals totals() {
        FilterTotals sum = retired;
        for (FloodEngine f : distinctMembers()) {
            sum = sum.plus(f.totals());
        }
        shown = max(shown, sum);
        return shown;
    }

    private static FilterTotals max(FilterTotals a, FilterTotals b) {
        return new FilterTotals(Math.max(a.passed(), b.passed()),
                Math.max(a.suppressedByFingerprint(), b.suppressedByFingerprint()),
                Math.max(a.suppressedByCap(), b.suppressedByCap()),
                Math.max(a.suppressedAsOther(), b.suppressedAsOther()),
                Math.max(a.suppressedByFleet(), b.suppressedByFleet()), Math.max(a.summaries(), b.summaries()));
    }

    /** Returns the number of fingerprints the started filters track now. */
    public int trackedFingerprints() {
        int n = 0;
        for (FloodEngine f : distinctMembers()) {
            n += f.trackedFingerprints();
        }
        return n;
    }

    /** Returns the options in force of the newest started filter; empty when none is started. */
    public Map<String, String> options() {
        List<FloodEngine> now = new ArrayList<>(members);
        return now.isEmpty() ? Collections.emptyMap() : now.get(now.size() - 1).config().options();
    }

    /**
     * Returns the {@code limit} fingerprints that suppressed most now, over the started filters.
     *
     * @throws IllegalArgumentException if {@code limit} is negative
     */
    public List<FingerprintStats> topFingerprints(int limit) {
        List<FingerprintStats> all = new ArrayList<>();
        for (FloodEngine f : distinctMembers()) {
            all.addAll(f.topFingerprints(limit));
        }
        all.sort(java.util.Comparator.comparingLong(FingerprintStats::suppressedThisPeriod)
                .thenComparingLong(FingerprintStats::suppressedLastPeriod).reversed());
        return all.size() <= limit ? all : new ArrayList<>(all.subList(0, limit));
    }

    /**
     * Adds a started filter's engine; an engine that a reload handed over is counted once, however many filters
     * hold it, and no longer as retired.
     */
    synchronized void add(FloodEngine filter) {
        FilterTotals back = retiredEngines.remove(filter);
        if (back != null) {
            retired = retired.minus(back);
        }
        members.add(filter);
    }

    /** Removes a stopped filter and keeps its engine's final totals, once no other member holds that engine. */
    synchronized void remove(FloodEngine filter) {
        if (members.remove(filter) && !members.contains(filter)) {
            FilterTotals last = filter.totals();
            retired = retired.plus(last);
            retiredEngines.put(filter, last);
        }
    }

    /** The members' engines, each once (two filters hold one engine while a reload hands it over). */
    private Set<FloodEngine> distinctMembers() {
        Set<FloodEngine> out = Collections.newSetFromMap(new IdentityHashMap<>());
        out.addAll(members);
        return out;
    }

    @Override
    public String toString() {
        return "RegisteredFilter[" + framework + " " + name + (isLive() ? ", live" : ", stopped") + "]";
    }
}
