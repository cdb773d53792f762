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

    /**
     * Returns settings for a clock whose readings lag the real time by up to {@code resolutionMillis} (see
     * {@link Clock#resolutionMillis()}): their per-key state carries the time such a clock hides, so that the rate
     * they pass does not depend on the clock's step. The same settings if the algorithm needs no carry or the
     * resolution is 0; {@link #describe()} is unchanged.
     *
     * @throws IllegalArgumentException if {@code resolutionMillis} is negative
     */
    default LimiterSettings forClockResolution(long resolutionMillis) {
        Checks.atLeast("resolutionMillis", resolutionMillis, 0);
        return this;
    }
}
