package dev.floodgate.core;

/**
 * What one gate refused between two drains: counts by the limit that refused, and when.
 *
 * <p>Immutable. Never empty: a tally has refusals, and its first refusal is not after its last.
 *
 * @param <A> the attachment type of the ledger
 */
final class Tally<A> extends Refusals<A> {

    private final long firstAt;
    private final long lastAt;

    /**
     * Creates a tally of refusals by the key's limiter and the global cap.
     *
     * @throws IllegalArgumentException if a count is negative, both are zero, or {@code firstAt > lastAt}
     */
    public Tally(Kind kind, Object key, A attachment, long refusedByKey, long refusedByCap, long firstAt,
            long lastAt) {
        this(kind, key, attachment, refusedByKey, refusedByCap, 0, firstAt, lastAt);
    }

    /**
     * Creates a tally of refusals by the key's limiter, the global cap and the fleet limit.
     *
     * @throws IllegalArgumentException if a count is negative, all are zero, or {@code firstAt > lastAt}
     */
    public Tally(Kind kind, Object key, A attachment, long refusedByKey, long refusedByCap, long refusedByFleet,
            long firstAt, long lastAt) {
        super(kind, key, attachment, refusedByKey, refusedByCap, refusedByFleet);
        if (refusedByKey < 0 || refusedByCap < 0 || refusedByFleet < 0
                || refusedByKey + refusedByCap + refusedByFleet == 0) {
            throw new IllegalArgumentException("a tally needs refusals, was refusedByKey=" + refusedByKey
                    + ", refusedByCap=" + refusedByCap + ", refusedByFleet=" + refusedByFleet);
        }
        if (firstAt > lastAt) {
            throw new IllegalArgumentException("firstAt must be <= lastAt, was " + firstAt + " > " + lastAt);
        }
        this.firstAt = firstAt;
        this.lastAt = lastAt;
    }

    /** Returns the time of the first refusal, epoch milliseconds. */
    public long firstAt() {
        return firstAt;
    }

    /** Returns the time of the last refusal, epoch milliseconds. */
    public long lastAt() {
        return lastAt;
    }

    /** Returns this tally with {@code other}'s counts and times added, as the given kind and identity. */
    Tally<A> plus(Tally<A> other, Kind asKind, Object asKey, A asAttachment) {
        return new Tally<>(asKind, asKey, asAttachment, refusedByKey() + other.refusedByKey(),
                refusedByCap() + other.refusedByCap(), refusedByFleet() + other.refusedByFleet(),
                Math.min(firstAt, other.firstAt), Math.max(lastAt, other.lastAt));
    }

    @Override
    public String toString() {
        return "Tally[" + kind() + (key() == null ? "" : " " + key()) + ", refusedByKey=" + refusedByKey()
                + ", refusedByCap=" + refusedByCap() + ", refusedByFleet=" + refusedByFleet() + ", first=" + firstAt
                + ", last=" + lastAt + "]";
    }
}
