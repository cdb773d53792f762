package dev.floodgate.core.ledger;

/**
 * What one gate (or one waiting tally of a forgotten gate) holds that no drain has taken yet, with its limiter's
 * state in words; for operators, never for decisions.
 *
 * <p>Immutable.
 *
 * @param <A> the attachment type of the ledger
 */
public final class Inspection<A> {

    private final Tally.Kind kind;
    private final Object key;
    private final A attachment;
    private final long refusedByKey;
    private final long refusedByCap;
    private final long refusedByFleet;
    private final String limiterState;

    Inspection(Tally.Kind kind, Object key, A attachment, long refusedByKey, long refusedByCap, long refusedByFleet,
            String limiterState) {
        this.kind = kind;
        this.key = key;
        this.attachment = attachment;
        this.refusedByKey = refusedByKey;
        this.refusedByCap = refusedByCap;
        this.refusedByFleet = refusedByFleet;
        this.limiterState = limiterState;
    }

    /** Returns which kind of gate this is. */
    public Tally.Kind kind() {
        return kind;
    }

    /** Returns the key, or null for a shared gate. */
    public Object key() {
        return key;
    }

    /** Returns the key's attachment, or null for a shared gate. */
    public A attachment() {
        return attachment;
    }

    /** Returns the events the key's own limiter refused since the last drain. */
    public long refusedByKey() {
        return refusedByKey;
    }

    /** Returns the events the global cap refused since the last drain. */
    public long refusedByCap() {
        return refusedByCap;
    }

    /** Returns the events the local limits allowed but the fleet limit refused since the last drain. */
    public long refusedByFleet() {
        return refusedByFleet;
    }

    /** Returns every event refused since the last drain, by any limit. */
    public long refused() {
        return refusedByKey + refusedByCap + refusedByFleet;
    }

    /**
     * Returns the limiter's state in words: empty when not asked for or when the limiter says nothing, null for the
     * waiting tally of a forgotten key (no gate any more).
     */
    public String limiterState() {
        return limiterState;
    }
}
