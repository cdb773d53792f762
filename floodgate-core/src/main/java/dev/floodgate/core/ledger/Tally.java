package dev.floodgate.core.ledger;

/**
 * What one gate refused between two drains: counts by the limit that refused, and when.
 *
 * <p>Immutable. {@link #key()} and {@link #attachment()} are null for the shared gates ({@link Kind#OVERFLOW},
 * {@link Kind#EVICTED}).
 *
 * @param <A> the attachment type of the ledger
 */
public final class Tally<A> {

    /** Which gate a tally comes from. */
    public enum Kind {
        /** One fingerprint's own gate. */
        KEY,
        /** The gate shared by new fingerprints while the ledger is full. */
        OVERFLOW,
        /** Refusals of forgotten fingerprints that no longer fit in the eviction backlog, added together. */
        EVICTED
    }

    private final Kind kind;
    private final Object key;
    private final A attachment;
    private final long refusedByKey;
    private final long refusedByCap;
    private final long refusedByFleet;
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
        if (refusedByKey < 0 || refusedByCap < 0 || refusedByFleet < 0
                || refusedByKey + refusedByCap + refusedByFleet == 0) {
            throw new IllegalArgumentException("a tally needs refusals, was refusedByKey=" + refusedByKey
                    + ", refusedByCap=" + refusedByCap + ", refusedByFleet=" + refusedByFleet);
        }
        if (firstAt > lastAt) {
            throw new IllegalArgumentException("firstAt must be <= lastAt, was " + firstAt + " > " + lastAt);
        }
        this.kind = kind;
        this.key = key;
        this.attachment = attachment;
        this.refusedByKey = refusedByKey;
        this.refusedByCap = refusedByCap;
        this.refusedByFleet = refusedByFleet;
        this.firstAt = firstAt;
        this.lastAt = lastAt;
    }

    /** Returns which gate this tally comes from. */
    public Kind kind() {
        return kind;
    }

    /** Returns the gate's key, or null for a shared gate. */
    public Object key() {
        return key;
    }

    /** Returns what the ledger's user attached to the key when it was admitted, or null for a shared gate. */
    public A attachment() {
        return attachment;
    }

    /** Returns the events refused by the key's own limiter. */
    public long refusedByKey() {
        return refusedByKey;
    }

    /** Returns the events the key's limiter allowed but the global cap refused. */
    public long refusedByCap() {
        return refusedByCap;
    }

    /** Returns the events the key's limiter and the cap allowed but the fleet limit refused. */
    public long refusedByFleet() {
        return refusedByFleet;
    }

    /** Returns all refused events. */
    public long refused() {
        return refusedByKey + refusedByCap + refusedByFleet;
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
        return new Tally<>(asKind, asKey, asAttachment, refusedByKey + other.refusedByKey,
                refusedByCap + other.refusedByCap, refusedByFleet + other.refusedByFleet, Math.min(firstAt, other.firstAt), Math.max(lastAt, other.lastAt));
    }

    @Override
    public String toString() {
        return "Tally[" + kind + (key == null ? "" : " " + key) + ", refusedByKey=" + refusedByKey
                + ", refusedByCap=" + refusedByCap
                + ", refusedByFleet=" + refusedByFleet + ", first=" + firstAt + ", last=" + lastAt + "]";
    }
}
