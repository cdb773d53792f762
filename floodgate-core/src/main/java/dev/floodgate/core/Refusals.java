package dev.floodgate.core;

/**
 * What a gate refused, by the limit that refused: the part that a {@link Tally} (taken by a drain) and an
 * {@link Inspection} (read without taking) have in common.
 *
 * <p>Immutable. {@link #key()} and {@link #attachment()} are null for the shared gates ({@link Kind#OVERFLOW},
 * {@link Kind#EVICTED}).
 *
 * @param <A> the attachment type of the ledger
 */
abstract class Refusals<A> {

    /** Which gate refused: a key's own, or one of the ledger's shared gates. */
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

    Refusals(Kind kind, Object key, A attachment, long refusedByKey, long refusedByCap, long refusedByFleet) {
        this.kind = kind;
        this.key = key;
        this.attachment = attachment;
        this.refusedByKey = refusedByKey;
        this.refusedByCap = refusedByCap;
        this.refusedByFleet = refusedByFleet;
    }

    /** Returns which gate the counts come from. */
    public Refusals.Kind kind() {
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
}
