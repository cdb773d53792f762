package dev.floodgate.core;

import dev.floodgate.core.limiter.KeyLimiter;

/**
 * The immutable settings of one rate algorithm: they make the per-key state and describe the algorithm in summaries.
 *
 * <p>The ledger, the filters and the summaries depend only on this interface, so the algorithm can be swapped
 * without touching them.
 */
public interface LimiterSettings {

    /** Returns fresh per-key state for one fingerprint; the caller guards it. */
    KeyLimiter newKeyLimiter();

    /** Returns a short description of the algorithm and its settings, for summaries, e.g. {@code attrition 8/5s}. */
    String describe();
}
