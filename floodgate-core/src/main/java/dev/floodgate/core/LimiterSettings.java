package dev.floodgate.core;

/**
 * The immutable settings of one rate algorithm: {@link AttritionSettings} (the default), {@link WindowSettings} or
 * {@link CellRateSettings}, chosen with the {@code limiter} and {@code cap} options ({@link FloodgateConfig#parse}).
 *
 * <p>Settings are plain values: the engine makes each key's limiter from them, and the summaries describe the
 * algorithm with {@link #describe()}. Only those three classes implement this interface; an application does not.
 */
public interface LimiterSettings {

    /**
     * Returns a short description of the algorithm and its settings, for summaries.
     *
     * @return for example {@code attrition 8/5s}
     */
    String describe();
}
