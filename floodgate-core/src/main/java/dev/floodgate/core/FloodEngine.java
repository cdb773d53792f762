package dev.floodgate.core;

import dev.floodgate.core.base.Checks;
import dev.floodgate.core.fingerprint.Fingerprinter;
import dev.floodgate.core.fleet.FleetProvider;
import dev.floodgate.core.fleet.FleetSettings;
import dev.floodgate.core.fleet.FleetStatus;
import dev.floodgate.core.summary.SuppressionSummary;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.LongAdder;

/**
 * The framework-neutral Floodgate filter: fingerprints each call, limits each fingerprint, and turns what it
 * suppressed into periodic summaries. The Logback and Log4j2 adapters wrap one of these.
 *
 * <p>With a global cap ({@code cap}), an event passes only if its fingerprint's limiter and the cap both allow it;
 * the cap is asked only when the fingerprint's limiter would allow the event, and a refusal by the cap leaves the
 * fingerprint's limiter untouched, so neither consumes the other's budget. With a fleet limit ({@code fleet}), the
 * fingerprint's share of a fleet-wide budget, leased ahead of use ({@link FleetLease}), is a third such limit;
 * events of the fleet client's own loggers ({@code io.lettuce}, {@code io.netty}) are never asked of it, so the
 * client's messages about an outage cannot cause requests to the store.
 *
 * <p>Thread-safe. {@link #suppress} is the hot path: for the fingerprint that is flooding it reads the clock, finds
 * the gate by comparing keys and counts in a lock-free cell; any other call finds its gate through a Bloom filter
 * and a concurrent map, in a method compiled apart (see {@code decide}), as does every call whose fingerprint has
 * more parts than its template. It takes no lock for a refused call, and allocates nothing for it unless the
 * fingerprint includes the first frame of a throwable the thread has not read before (see {@code FrameMemo}).
 * {@link #summarizeIfDue()} and {@link #close()} are called from one scheduler thread or on stop. Invariant: every
 * event {@code suppress} counted appears in exactly one summary returned by {@code summarizeIfDue},
 * {@code summarize} or {@code close}.
 *
 * <p>Inspection ({@link #totals()}, {@link #topFingerprints(int)}) costs the hot path nothing: passed events are
 * counted where they are decided under their key's lock anyway, and suppressed ones are read from the counts the
 * summaries are made of. After {@link #close()}, {@code totals().suppressed()} equals the sum of the counts of every
 * summary this filter returned.
 */
public final class FloodEngine {

    /** Logger name for summaries that belong to no single fingerprint (other and forgotten messages). */
    public static final String SUMMARY_LOGGER = "dev.floodgate.Floodgate";
    /** Name of the marker carried by summary events; every Floodgate filter lets such events through. */
    public static final String SUMMARY_MARKER = "FLOODGATE_SUMMARY";

    /** Every 1,024th call a thread's stripe suppresses, a ticking clock is ticked (see {@link TickingClock}). */
    private static final long CLOCK_REFRESH_MASK = 1023L;

    /** The least time between two sweeps that a full ledger triggers on a logging thread. */
    private static final long FULL_SWEEP_SPACING_MILLIS = 1_000L;

    private final FloodgateConfig config;
    private final Clock clock;
    /** The clock if it only moves when ticked, so the fast path can tick it now and then; else null. */
    private final TickingClock ticking;
    private final Fingerprinter fingerprinter;
    private final KeyLedger<Subject> ledger;
    private final Subjects subjects = new Subjects();
    private final Gate<Void> cap;
    private final FleetBudget fleet;
    private final String limiterDescription;
    private final String capDescription;
    private final boolean dryRun;
    /** What {@link #suppress} returns for a refused call: true, but false in a dry run (read without a branch). */
    private final boolean drops;
    private final long summaryInterval;
    private final long summaryTolerance;
    private final Object summaryLock = new Object();
    /** Whether a template logged with arguments is its own fingerprint (up to the length limit). */
    private final boolean templatesAlone;
    /**
     * Whether the key of a template logged with arguments that is not its own key (longer than
     * {@link Fingerprinter#MAX_SAMPLE_CHARS}) was ever admitted; set before it is stored, never cleared. Until then a
     * template that is not found needs no length check to belong to an overflow gate.
     */
    private volatile boolean longTemplateAdmitted;
    private final boolean keyHasLogger;
    private final boolean keyHasLevel;
    private final LongAdder passed = new LongAdder();
    private long lastSummaryAt;

    /*
     * Totals: what the summaries returned so far told, by limit, guarded by summaryLock; what the gates hold and no
     * summary told yet is added when asked (KeyLedger.inspect), which can miss a count racing with an eviction but
     * never counts one twice. The reported suppressed totals never go down: each is the largest seen so far, and
     * after close, when nothing is pending, exactly the sum of the summaries.
     */
    private long toldByFingerprint;
    private long toldByCap;
    private long toldAsOther;
    private long toldByFleet;
    private long summaryCount;
    private long shownByFingerprint;
    private long shownByCap;
    private long shownAsOther;
    private long shownByFleet;
    /** Suppressed per key in the period the last summaries told; replaced by each summary. */
    private Map<Object, Long> lastPeriod = new HashMap<>();

    /**
     * Creates a filter without a fleet limit's status reports: a configuration with {@code fleet} reports nothing
     * about outages.
     *
     * @param config the options
     * @param clock the clock every decision and summary reads
     * @throws NullPointerException if an argument is null
     * @throws IllegalStateException if the configuration has a fleet limit but no provider is on the classpath
     */
    public FloodEngine(FloodgateConfig config, Clock clock) {
        this(config, clock, SILENT);
    }

    /**
     * Creates a filter; a fleet limit, if configured, starts connecting in the background and reports its outages
     * and recoveries to {@code status}.
     *
     * @param config the options
     * @param clock the clock every decision and summary reads
     * @param status where the fleet connection reports outages and recoveries
     * @throws NullPointerException if an argument is null
     * @throws IllegalStateException if the configuration has a fleet limit but no provider is on the classpath
     */
    public FloodEngine(FloodgateConfig config, Clock clock, FleetStatus status) {
        Objects.requireNonNull(status, "status");
        this.config = Objects.requireNonNull(config, "config");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.ticking = clock instanceof TickingClock ? (TickingClock) clock : null;
        this.fingerprinter = config.fingerprinter();
        this.templatesAlone = fingerprinter.keysTemplatesAlone();
        long resolution = clock.resolutionMillis();
        this.ledger = new KeyLedger<>(KeyLimiterFactory.of(config.limiter(), resolution), config.maxKeys(),
                FULL_SWEEP_SPACING_MILLIS);
        this.cap = config.cap() == null ? null
                : Gate.standalone(KeyLimiterFactory.of(config.cap(), resolution).newKeyLimiter());
        this.limiterDescription = config.limiter().describe();
        this.capDescription = config.cap() == null ? null : config.cap().describe();
        this.fleet = config.fleet() == null ? null : openFleet(config.fleet(), clock, status);
        this.dryRun = config.dryRun();
        this.drops = !dryRun;
        this.summaryInterval = config.summaryIntervalMillis();
        this.summaryTolerance = Math.min(summaryInterval / 4, 1_000L);
        this.lastSummaryAt = housekeepingMillis();
        this.keyHasLogger = config.includesLogger();
        this.keyHasLevel = config.includesLevel();
    }

    private static final FleetStatus SILENT = new FleetStatus() {
        @Override
        public void warn(String message) {
            // no status API to report to
        }

        @Override
        public void info(String message) {
            // no status API to report to
        }
    };

    private static FleetBudget openFleet(FleetSettings settings, Clock clock, FleetStatus status) {
        FleetProvider provider = FleetProviders.find();
        if (provider == null) {
            throw new IllegalStateException("fleet: \"" + settings.redactedUri() + "\" needs the floodgate-redis "
                    + "module (dev.floodgate:floodgate-redis) on the classpath");
        }
        return new FleetBudget(settings, provider.connect(settings, status), clock);
    }

    /**
     * Returns the time for summaries and inspection: the clock's, but without waking a resting ticking clock, so that
     * the summary task and monitoring keep no clock ticking while nothing is logged.
     */
    private long housekeepingMillis() {
        return ticking != null ? ticking.millisWithoutWaking() : clock.millis();
    }

    /** Returns whether events of this logger are never asked of the fleet limit: the fleet client's own. */
    private static boolean fleetClientLogger(String loggerName) {
        return loggerName != null && (loggerName.startsWith("io.lettuce.") || loggerName.startsWith("io.netty."));
    }

    /** {@return the configuration} */
    public FloodgateConfig config() {
        return config;
    }

    /** {@return the clock the filter reads; a filter that continues this one after a reload keeps it} */
    public Clock clock() {
        return clock;
    }

    /**
     * Counts one logging call and returns whether to drop it. In a dry run nothing is dropped, but the calls that
     * would have been are counted.
     *
     * @param template the unformatted message; not null
     * @param hasArguments whether the call passed arguments for the template (not counting a trailing throwable)
     * @param loggerName the logger's name
     * @param level the framework's level object
     * @param thrown the call's throwable, or null
     * @return true to drop the call
     */
    public boolean suppress(String template, boolean hasArguments, String loggerName, Object level,
            Throwable thrown) {
        Objects.requireNonNull(template, "template");
        if (!templatesAlone) {
            // A key of more parts is found in decide, so that its code is not compiled into the framework's call.
            return decide(template, hasArguments, null, loggerName, level, thrown, clock.millis());
        }
        Object probe = hasArguments ? template : fingerprinter.probe(template, false, loggerName, level, thrown);
        long now = clock.millis();
        if (refusedByRecent(probe, now)) {
            return drops;
        }
        return decide(hasArguments ? template : null, hasArguments, probe, loggerName, level, thrown, now);
    }

    /**
     * Returns the fingerprint of one logging call, for a caller that needs it for more than the decision (to count
     * events per fingerprint, say): decide the call with {@link #suppress(Fingerprint, String, Object)}, so that the
     * message is fingerprinted (and masked) once. Allocates unless the filter holds the fingerprint already; the
     * adapters' hot path, {@link #suppress(String, boolean, String, Object, Throwable)}, never calls it.
     *
     * @param template the unformatted message; not null
     * @param hasArguments whether the call passed arguments for the template (not counting a trailing throwable);
     *     only a message without arguments has its variable tokens masked
     * @param loggerName the logger's name
     * @param level the framework's level object
     * @param thrown the call's throwable, or null
     * @return the call's fingerprint, which only this filter accepts
     * @throws NullPointerException if {@code template} is null
     */
    public Fingerprint fingerprint(String template, boolean hasArguments, String loggerName, Object level,
            Throwable thrown) {
        Objects.requireNonNull(template, "template");
        Object probe = fingerprinter.probe(template, hasArguments, loggerName, level, thrown);
        Gate<Subject> gate = ledger.find(probe);
        Object key;
        if (gate != null) {
            key = gate.key();
            if (key != probe) {
                fingerprinter.learn(probe, key);
            }
        } else {
            key = fingerprinter.freeze(probe);
            if (hasArguments && !(key instanceof String)) {
                // Conservatively early: from now on a template not found by itself may be this stored digest.
                longTemplateAdmitted = true;
            }
        }
        return new Fingerprint(key, fingerprinter);
    }

    /**
     * Counts one call whose fingerprint the caller took with {@link #fingerprint}, and returns whether to drop it;
     * decides as {@link #suppress(String, boolean, String, Object, Throwable)} decides the call.
     *
     * @param fingerprint the call's fingerprint, taken by this filter
     * @param loggerName the logger's name
     * @param level the framework's level object
     * @return true to drop the call
     * @throws NullPointerException if {@code fingerprint} is null
     * @throws IllegalArgumentException if another filter took {@code fingerprint}
     */
    public boolean suppress(Fingerprint fingerprint, String loggerName, Object level) {
        Object key = Fingerprint.keyOf(fingerprint, fingerprinter);
        long now = clock.millis();
        if (refusedByRecent(key, now)) {
            return drops;
        }
        return decide(null, false, key, loggerName, level, null, now);
    }

    /**
     * Refuses the call on the lock-free path of the gate that most recently started refusing, if {@code probe} is
     * that gate's very key: a flood's every call. This is all that {@link #suppress} compiles into the framework's
     * call besides the call of {@link #decide}.
     */
    private boolean refusedByRecent(Object probe, long now) {
        Gate<Subject> recent = ledger.recent();
        return recent.key() == probe && refusedFast(recent, now);
    }

    /** Refuses the call on {@code gate}'s lock-free path if it can, now and then ticking a ticking clock. */
    private boolean refusedFast(Gate<Subject> gate, long now) {
        long before = gate.refuseFast(now);
        if (before == Gate.NOT_REFUSED) {
            return false;
        }
        if ((before & CLOCK_REFRESH_MASK) == CLOCK_REFRESH_MASK && ticking != null) {
            ticking.tick();
        }
        return true;
    }

    /**
     * The rest of a call that {@link #suppress} did not refuse: finds the call's gate (the ledger's Bloom filter, then
     * its map), refuses on its lock-free path if it can, and else decides under its lock, admitting the key if it is
     * new.
     *
     * <p>Three kinds of call come here:
     * <ul>
     *   <li>{@code probe} null: the fingerprint is a key of more parts than the template, found here from
     *       {@code template} and {@code hasArguments}: first the most recent gate's key, if it is certainly the
     *       call's (a flood of it), else the call's probe. Both compile into this method, not into the framework's
     *       call, which they would make too large for its callers to inline.
     *   <li>{@code template} null: {@code probe} is the call's fingerprint.
     *   <li>both, {@code probe} being {@code template}: a call with arguments whose template may be its own
     *       fingerprint. It is looked up by its template first, without reading the template's length: a template
     *       stored as itself is never longer than {@link Fingerprinter#MAX_SAMPLE_CHARS}, so one found is the call's
     *       fingerprint; and one not found, at a full ledger, belongs to its logger's overflow gate unless it is longer
     *       and its key is a stored digest, which is possible only once such a key was admitted. Only when that
     *       refuses nothing is the fingerprint taken as usual.
     * </ul>
     *
     * <p>Compiled size: this method is one method of more than HotSpot's {@code FreqInlineSize} (325 bytes of
     * bytecode), so the JIT never inlines it into the framework's call, and what it calls (the map, the admission,
     * the lock path) stays out of that call's compiled code too. The framework's call then compiles small whatever
     * the workload, below {@code InlineSmallCode}, so its callers inline it whichever of them is compiled first, and
     * Logback's array of the arguments never escapes (src/docs/performance-decisions.md, "Compiled size").
     */
    private boolean decide(String template, boolean hasArguments, Object probe, String loggerName, Object level,
            Throwable thrown, long now) {
        Object key = probe;
        Gate<Subject> gate;
        if (key == null) {
            Gate<Subject> recent = ledger.recent();
            if (fingerprinter.isKeyOf(recent.key(), template, hasArguments, loggerName, level, thrown)
                    && refusedFast(recent, now)) {
                return drops;
            }
            key = fingerprinter.probe(template, hasArguments, loggerName, level, thrown);
        } else if (template != null) {
            gate = ledger.find(template);
            if (gate == null && !longTemplateAdmitted) {
                gate = ledger.overflowWhileFull(loggerName);
            }
            if (gate != null && refusedFast(gate, now)) {
                return drops;
            }
            key = fingerprinter.probe(template, true, loggerName, level, thrown);
        }
        gate = ledger.find(key);
        if (gate != null) {
            if (gate.key() != key) {
                fingerprinter.learn(key, gate.key());
            }
        } else {
            gate = ledger.overflowWhileFull(loggerName);
        }
        if (gate != null && refusedFast(gate, now)) {
            return drops;
        }
        Gate<Subject> known = ledger.isOverflow(gate) ? null : gate;
        gate = known;
        while (true) {
            if (gate == null) {
                gate = ledger.overflowIfFull(now, loggerName);
            }
            if (gate == null) {
                Object frozen = fingerprinter.freeze(key);
                if (hasArguments && !(frozen instanceof String)) {
                    longTemplateAdmitted = true;
                }
                Subject subject = fleet == null ? subjects.of(loggerName, level)
                        : new Subject(loggerName, level, new FleetLease(fleet, fingerprinter.fleetName(frozen)));
                gate = ledger.admit(frozen, subject, loggerName, now);
                if (gate == null) {
                    return false;
                }
                fingerprinter.learn(key, gate.key());
            }
            if (gate != known && gate.refuseFast(now) != Gate.NOT_REFUSED) {
                return drops;
            }
            Subject subject = gate.attachment();
            FleetLease lease = subject == null || fleetClientLogger(loggerName) ? null : subject.lease;
            Gate.Outcome outcome = gate.decide(now, cap, lease);
            if (outcome == Gate.Outcome.RETIRED) {
                gate = null;
                continue;
            }
            if (gate.refusesRepeatsAt(now)) {
                ledger.remember(gate);
            }
            if (outcome == Gate.Outcome.PASSED) {
                passed.increment();
                return false;
            }
            return drops;
        }
    }

    /**
     * {@return the summaries of the period that ended now, if a summary interval has passed since the last ones
     * (with a little tolerance for scheduler jitter) or the clock stepped back behind them; forgets idle fingerprints
     * first}
     */
    public List<SuppressionSummary> summarizeIfDue() {
        long now = housekeepingMillis();
        synchronized (summaryLock) {
            // A clock that stepped back ends the period at once: waiting for it to catch up would hold every
            // summary back by the size of the step.
            if (now >= lastSummaryAt && now - lastSummaryAt < summaryInterval - summaryTolerance) {
                return new ArrayList<>();
            }
            return summarize(now);
        }
    }

    /** {@return the summaries of the period that ended now, whether or not an interval has passed} */
    public List<SuppressionSummary> summarize() {
        long now = housekeepingMillis();
        synchronized (summaryLock) {
            return summarize(now);
        }
    }

    private List<SuppressionSummary> summarize(long now) {
        ledger.sweep(now);
        return summaries(ledger.drain(now), now);
    }

    /**
     * Stops counting and returns everything still untold. Later calls to {@link #suppress} drop nothing and count
     * nothing.
     *
     * @return the summaries still untold; empty if nothing was suppressed since the last ones
     */
    public List<SuppressionSummary> close() {
        long now = housekeepingMillis();
        synchronized (summaryLock) {
            List<SuppressionSummary> out = summaries(ledger.close(now), now);
            if (fleet != null) {
                fleet.close();
            }
            return out;
        }
    }

    /** {@return whether {@link #close()} was called} */
    public boolean isClosed() {
        return ledger.isClosed();
    }

    /** {@return the number of fingerprints tracked now} */
    public int trackedFingerprints() {
        return ledger.size();
    }

    /**
     * {@return the running totals: exact for passed events and summaries, and for suppressed events exact up to the
     * last summaries plus what the fingerprints hold now} Takes the summary lock and each fingerprint's lock in
     * turn, never the hot path's.
     */
    public FilterTotals totals() {
        long now = housekeepingMillis();
        synchronized (summaryLock) {
            long byFingerprint = toldByFingerprint;
            long byCap = toldByCap;
            long asOther = toldAsOther;
            long byFleet = toldByFleet;
            for (Inspection<Subject> i : ledger.inspect(now, false)) {
                byCap += i.refusedByCap();
                byFleet += i.refusedByFleet();
                if (i.kind() == Refusals.Kind.OVERFLOW) {
                    asOther += i.refusedByKey();
                } else {
                    byFingerprint += i.refusedByKey();
                }
            }
            shownByFingerprint = Math.max(shownByFingerprint, byFingerprint);
            shownByCap = Math.max(shownByCap, byCap);
            shownAsOther = Math.max(shownAsOther, asOther);
            shownByFleet = Math.max(shownByFleet, byFleet);
            return new FilterTotals(passed.sum(), shownByFingerprint, shownByCap, shownAsOther, shownByFleet,
                    summaryCount);
        }
    }

    /**
     * {@return the {@code limit} tracked fingerprints that suppressed most in the summary period under way (then in
     * the last one), with their limiters' state: one consistent view, taken under the summary lock so that no
     * summary moves counts from one period to the other while it is taken}
     *
     * @param limit the most fingerprints to return, at least 0
     * @throws IllegalArgumentException if {@code limit} is negative
     */
    public List<FingerprintStats> topFingerprints(int limit) {
        Checks.inRange("limit", limit, 0, Integer.MAX_VALUE);
        long now = housekeepingMillis();
        List<FingerprintStats> all = new ArrayList<>();
        synchronized (summaryLock) {
            for (Inspection<Subject> i : ledger.inspect(now, true)) {
                if (i.kind() != Refusals.Kind.KEY || i.limiterState() == null) {
                    continue;
                }
                Subject s = i.attachment();
                long last = lastPeriod.getOrDefault(i.key(), 0L);
                all.add(new FingerprintStats(fingerprinter.describe(i.key()), keyHasLogger ? s.loggerName : null,
                        keyHasLevel && s.level != null ? s.level.toString() : null,
                        i.refused(), last, i.limiterState()));
            }
        }
        all.sort(Comparator.comparingLong(FingerprintStats::suppressedThisPeriod)
                .thenComparingLong(FingerprintStats::suppressedLastPeriod).reversed());
        return all.size() <= limit ? all : new ArrayList<>(all.subList(0, limit));
    }

    private List<SuppressionSummary> summaries(List<Tally<Subject>> tallies, long now) {
        long period = Math.max(0, now - lastSummaryAt);
        lastSummaryAt = now;
        boolean fleetUnavailable = fleet != null && fleet.takeUnavailable();
        String fleetDescription = fleet == null ? null : fleet.description();
        List<SuppressionSummary> out = new ArrayList<>(tallies.size());
        Map<Object, Long> told = new HashMap<>();
        for (Tally<Subject> t : tallies) {
            toldByCap += t.refusedByCap();
            toldByFleet += t.refusedByFleet();
            if (t.kind() == Refusals.Kind.OVERFLOW) {
                toldAsOther += t.refusedByKey();
            } else {
                toldByFingerprint += t.refusedByKey();
            }
            if (t.kind() == Refusals.Kind.KEY) {
                told.merge(t.key(), t.refused(), Long::sum);
            }
            SuppressionSummary.Builder b = SuppressionSummary.builder()
                    .suppressed(t.refusedByKey(), t.refusedByCap())
                    .between(t.firstAt(), t.lastAt())
                    .periodMillis(Math.max(period, t.lastAt() - t.firstAt()))
                    .limits(limiterDescription, capDescription, config.maxKeys())
                    .fleet(t.refusedByFleet(), fleetDescription, fleetUnavailable)
                    .dryRun(dryRun);
            if (t.kind() == Refusals.Kind.KEY) {
                Subject s = t.attachment();
                b.fingerprint(fingerprinter.describe(t.key()), s.loggerName, s.level);
            } else {
                b.scope(t.kind() == Refusals.Kind.OVERFLOW ? SuppressionSummary.Scope.OVERFLOW
                        : SuppressionSummary.Scope.FORGOTTEN);
            }
            out.add(b.build());
        }
        summaryCount += out.size();
        lastPeriod = told;
        return out;
    }
}
