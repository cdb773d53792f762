package dev.floodgate.core;

import dev.floodgate.core.AttritionSettings;
import dev.floodgate.core.CellRateSettings;
import dev.floodgate.core.LimiterSettings;
import dev.floodgate.core.WindowSettings;
import dev.floodgate.core.base.Checks;
import java.util.Objects;

/**
 * Makes the per-key state of one rate algorithm: the bridge from the settings (plain values of the API package) to
 * the limiters of this package, which the ledger and the single-key limiters hold. It also answers, for the ledger,
 * whether a key it holds no limiter for would be idle, so that a sweep over many keys seen once makes no limiter.
 *
 * <p>The dependency goes one way: this package reads the settings; the settings know nothing of it. Thread-safe:
 * a factory holds only the settings.
 */
interface KeyLimiterFactory {

    /**
     * Returns fresh per-key state for one fingerprint; the caller guards it.
     *
     * @return a limiter that has seen no event (and is idle: {@link KeyLimiter#isIdle(long)})
     */
    KeyLimiter newKeyLimiter();

    /**
     * Returns what {@link KeyLimiter#isIdle(long)} at {@code nowMillis} of a fresh limiter would answer after
     * deciding one event at {@code eventMillis}, without making the limiter. Allocation-free.
     */
    boolean idleAfterFirstEvent(long eventMillis, long nowMillis);

    /**
     * Returns the factory of the limiter {@code settings} describe, for a clock whose readings lag the real time by
     * up to {@code resolutionMillis} (see {@link dev.floodgate.core.Clock#resolutionMillis()}): the cell and window
     * limiters then carry the time such a clock hides, so that the rate they pass does not depend on the clock's
     * step. The attrition actor needs no carry.
     *
     * @param settings one of {@link AttritionSettings}, {@link CellRateSettings} and {@link WindowSettings}
     * @param resolutionMillis the clock's step in milliseconds; 0 for a clock that reads the exact millisecond
     * @return a factory of fresh limiters
     * @throws IllegalArgumentException if {@code resolutionMillis} is negative or the settings are of another kind
     * @throws NullPointerException if {@code settings} is null
     */
    static KeyLimiterFactory of(LimiterSettings settings, long resolutionMillis) {
        Objects.requireNonNull(settings, "settings");
        Checks.atLeast("resolutionMillis", resolutionMillis, 0);
        if (settings instanceof AttritionSettings) {
            AttritionSettings attrition = (AttritionSettings) settings;
            return new KeyLimiterFactory() {
                @Override
                public KeyLimiter newKeyLimiter() {
                    return new AttritionActor(attrition);
                }

                @Override
                public boolean idleAfterFirstEvent(long eventMillis, long nowMillis) {
                    return AttritionActor.idleAfterFirstEvent(attrition, eventMillis, nowMillis);
                }
            };
        }
        if (settings instanceof CellRateSettings) {
            CellRateSettings cell = (CellRateSettings) settings;
            return new KeyLimiterFactory() {
                @Override
                public KeyLimiter newKeyLimiter() {
                    return new CellRate(cell, resolutionMillis);
                }

                @Override
                public boolean idleAfterFirstEvent(long eventMillis, long nowMillis) {
                    return CellRate.idleAfterFirstEvent(cell, eventMillis, nowMillis);
                }
            };
        }
        if (settings instanceof WindowSettings) {
            WindowSettings window = (WindowSettings) settings;
            return new KeyLimiterFactory() {
                @Override
                public KeyLimiter newKeyLimiter() {
                    return new SlidingWindow(window, resolutionMillis);
                }

                @Override
                public boolean idleAfterFirstEvent(long eventMillis, long nowMillis) {
                    return SlidingWindow.idleAfterFirstEvent(window, eventMillis, nowMillis);
                }
            };
        }
        throw new IllegalArgumentException("no limiter for settings of " + settings.getClass().getName());
    }
}
