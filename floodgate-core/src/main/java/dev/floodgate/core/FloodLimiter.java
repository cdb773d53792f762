package dev.floodgate.core;

import java.util.Objects;

/**
 * One Floodgate attrition actor with its own clock: FloodgateDotNet's {@code FloodgateActor}, safe to share.
 *
 * <p>Thread-safe: calls are serialized on this object, so the state is exactly as if they had run one after the
 * other. Each call allocates its {@link Decision}; the per-fingerprint filters use the allocation-free path of the
 * ledger instead.
 */
public final class FloodLimiter {

    private final Clock clock;
    private final AttritionActor actor;

    /**
     * Creates an actor that has seen no event.
     *
     * @param settings the attrition settings
     * @param clock the clock every decision reads
     * @throws NullPointerException if an argument is null
     */
    public FloodLimiter(AttritionSettings settings, Clock clock) {
        this.actor = new AttritionActor(Objects.requireNonNull(settings, "settings"));
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * Decides one event at the clock's current time.
     *
     * @return the decision, with the actor's state after it
     */
    public Decision decide() {
        long now = clock.millis();
        synchronized (this) {
            long lastAllowedBefore = actor.lastAllowedMillis();
            long refusedBefore = actor.consecutiveRefused();
            boolean allowed = actor.tryAcquire(now);
            long consecutive = allowed ? refusedBefore : actor.consecutiveRefused();
            long lastAllowed = allowed ? lastAllowedBefore : actor.lastAllowedMillis();
            return new Decision(allowed, consecutive, lastAllowed, actor.attrition(), actor.sendLimit());
        }
    }

    /**
     * {@return whether the actor holds nothing worth keeping at the clock's current time} The rule is in
     * {@code src/docs/algorithm.md}, "Forgetting an idle key".
     */
    public synchronized boolean isIdle() {
        return actor.isIdle(clock.millis());
    }
}
