package dev.floodgate.core;

import dev.floodgate.core.base.Checks;

/**
 * The running totals of a Floodgate filter since it started: the events that reached its limiter, what passed, what
 * was suppressed by each limit, and the summaries it handed out.
 *
 * <p>Immutable. {@code counted() == passed() + suppressed()}; in a dry run "suppressed" means "would have been".
 */
public final class FilterTotals {

    /** Totals of a filter that has seen nothing. */
    public static final FilterTotals ZERO = new FilterTotals(0, 0, 0, 0, 0, 0);

    private final long passed;
    private final long suppressedByFingerprint;
    private final long suppressedByCap;
    private final long suppressedAsOther;
    private final long suppressedByFleet;
    private final long summaries;

    /**
     * Creates totals.
     *
     * @param passed events the limiter let through
     * @param suppressedByFingerprint events refused by their own fingerprint's limit (including fingerprints since
     *     forgotten)
     * @param suppressedByCap events the fingerprint's limit allowed but the global cap refused
     * @param suppressedAsOther events refused by the limiter shared by new fingerprints while {@code maxKeys} were
     *     tracked ("other messages")
     * @param suppressedByFleet events the local limits allowed but the fleet limit ({@code fleet}) refused
     * @param summaries summaries handed out to be written
     * @throws IllegalArgumentException if a count is negative
     */
    public FilterTotals(long passed, long suppressedByFingerprint, long suppressedByCap, long suppressedAsOther,
            long suppressedByFleet, long summaries) {
        this.passed = Checks.inRange("passed", passed, 0, Long.MAX_VALUE);
        this.suppressedByFingerprint = Checks.inRange("suppressedByFingerprint", suppressedByFingerprint, 0,
                Long.MAX_VALUE);
        this.suppressedByCap = Checks.inRange("suppressedByCap", suppressedByCap, 0, Long.MAX_VALUE);
        this.suppressedAsOther = Checks.inRange("suppressedAsOther", suppressedAsOther, 0, Long.MAX_VALUE);
        this.suppressedByFleet = Checks.inRange("suppressedByFleet", suppressedByFleet, 0, Long.MAX_VALUE);
        this.summaries = Checks.inRange("summaries", summaries, 0, Long.MAX_VALUE);
    }

    /** {@return the events that reached the limiter: passed plus suppressed} */
    public long counted() {
        return passed + suppressed();
    }

    /** {@return the events the limiter let through} */
    public long passed() {
        return passed;
    }

    /** {@return the events suppressed by any limit} */
    public long suppressed() {
        return suppressedByFingerprint + suppressedByCap + suppressedAsOther + suppressedByFleet;
    }

    /** {@return the events refused by their own fingerprint's limit} */
    public long suppressedByFingerprint() {
        return suppressedByFingerprint;
    }

    /** {@return the events refused by the global cap} */
    public long suppressedByCap() {
        return suppressedByCap;
    }

    /** {@return the events refused by the limiter shared by fingerprints beyond {@code maxKeys}} */
    public long suppressedAsOther() {
        return suppressedAsOther;
    }

    /** {@return the events the local limits allowed but the fleet limit refused} */
    public long suppressedByFleet() {
        return suppressedByFleet;
    }

    /** {@return the summaries handed out to be written} */
    public long summaries() {
        return summaries;
    }

    /**
     * {@return these totals with {@code other}'s added}
     *
     * @param other the totals to add, for example those of another filter
     */
    public FilterTotals plus(FilterTotals other) {
        return new FilterTotals(passed + other.passed, suppressedByFingerprint + other.suppressedByFingerprint,
                suppressedByCap + other.suppressedByCap, suppressedAsOther + other.suppressedAsOther,
                suppressedByFleet + other.suppressedByFleet, summaries + other.summaries);
    }

    /**
     * Returns these totals less {@code other}'s, which must be part of them.
     *
     * @param other totals included in these, for example those of a filter that stopped
     * @return the difference, count by count
     * @throws IllegalArgumentException if a count of {@code other} exceeds the same count here
     */
    public FilterTotals minus(FilterTotals other) {
        return new FilterTotals(passed - other.passed, suppressedByFingerprint - other.suppressedByFingerprint,
                suppressedByCap - other.suppressedByCap, suppressedAsOther - other.suppressedAsOther,
                suppressedByFleet - other.suppressedByFleet, summaries - other.summaries);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof FilterTotals)) {
            return false;
        }
        FilterTotals t = (FilterTotals) o;
        return passed == t.passed && suppressedByFingerprint == t.suppressedByFingerprint
                && suppressedByCap == t.suppressedByCap && suppressedAsOther == t.suppressedAsOther
                && suppressedByFleet == t.suppressedByFleet && summaries == t.summaries;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(passed) * 31 + Long.hashCode(suppressed()) * 17 + Long.hashCode(summaries);
    }

    @Override
    public String toString() {
        return "FilterTotals[passed=" + passed + ", suppressedByFingerprint=" + suppressedByFingerprint
                + ", suppressedByCap=" + suppressedByCap + ", suppressedAsOther=" + suppressedAsOther
                + ", suppressedByFleet=" + suppressedByFleet + ", summaries=" + summaries + "]";
    }
}
