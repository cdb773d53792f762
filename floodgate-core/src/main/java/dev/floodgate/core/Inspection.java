package dev.floodgate.core;

/**
 * What one gate (or one waiting tally of a forgotten gate) holds that no drain has taken yet, with its limiter's
 * state in words; for operators, never for decisions. Its counts may be zero.
 *
 * <p>Immutable.
 *
 * @param <A> the attachment type of the ledger
 */
final class Inspection<A> extends Refusals<A> {

    private final String limiterState;

    Inspection(Refusals.Kind kind, Object key, A attachment, long refusedByKey, long refusedByCap, long refusedByFleet,
            String limiterState) {
        super(kind, key, attachment, refusedByKey, refusedByCap, refusedByFleet);
        this.limiterState = limiterState;
    }

    /** Returns what {@code tally} holds, as a forgotten key's: with no limiter state (null). */
    static <A> Inspection<A> of(Tally<A> tally) {
        return new Inspection<>(tally.kind(), tally.key(), tally.attachment(), tally.refusedByKey(),
                tally.refusedByCap(), tally.refusedByFleet(), null);
    }

    /**
     * Returns the limiter's state in words: empty when not asked for or when the limiter says nothing, null for the
     * waiting tally of a forgotten key (no gate any more).
     */
    public String limiterState() {
        return limiterState;
    }
}
