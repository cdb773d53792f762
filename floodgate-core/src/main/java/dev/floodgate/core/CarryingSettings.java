package dev.floodgate.core;

import dev.floodgate.core.limiter.KeyLimiter;
import java.util.function.LongFunction;

/**
 * Settings that make per-key state carrying up to {@code resolutionMillis} a stepping clock hides (see
 * {@link LimiterSettings#forClockResolution(long)}), and otherwise describe themselves as the settings they wrap.
 *
 * <p>Immutable.
 */
final class CarryingSettings implements LimiterSettings {

    private final LimiterSettings base;
    private final LongFunction<KeyLimiter> carryingLimiter;
    private final long resolutionMillis;

    CarryingSettings(LimiterSettings base, LongFunction<KeyLimiter> carryingLimiter, long resolutionMillis) {
        this.base = base;
        this.carryingLimiter = carryingLimiter;
        this.resolutionMillis = resolutionMillis;
    }

    @Override
    public KeyLimiter newKeyLimiter() {
        return carryingLimiter.apply(resolutionMillis);
    }

    @Override
    public String describe() {
        return base.describe();
    }

    @Override
    public String toString() {
        return base + " carrying " + resolutionMillis + " ms";
    }
}
