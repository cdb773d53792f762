package dev.floodgate.core;

import dev.floodgate.core.base.Checks;
import java.util.Objects;

/**
 * One cell-rate limiter (GCRA) with its own clock: redis-cell's {@code CL.THROTTLE} for one key, safe to share.
 *
 * <p>Thread-safe: calls are serialized on this object, so the state is exactly as if they had run one after the
 * other. Each call allocates its {@link CellRateDecision}.
 */
public final class CellRateLimiter {

    private final Clock clock;
    private final CellRate cell;

    /**
     * Creates a limiter whose key has seen no event.
     *
     * @param settings the limit
     * @param clock the clock every decision reads
     * @throws NullPointerException if an argument is null
     */
    public CellRateLimiter(CellRateSettings settings, Clock clock) {
        this.cell = new CellRate(Objects.requireNonNull(settings, "settings"));
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * Decides one request of quantity 1 at the clock's current time.
     *
     * @return the decision, with the limit, what remains and when to retry
     */
    public CellRateDecision decide() {
        return decide(1);
    }

    /**
     * Decides one request of weight {@code quantity} at the clock's current time: a quantity above the limit is
     * refused with {@link CellRateDecision#exceedsLimit()}, and a quantity of 0 peeks without changing anything.
     *
     * @param quantity the request's weight: 0 to peek, at most the limit to be allowed
     * @return the decision, with the limit, what remains and when to retry
     * @throws IllegalArgumentException if {@code quantity} is negative
     */
    public CellRateDecision decide(long quantity) {
        Checks.atLeast("quantity", quantity, 0);
        long now = clock.millis();
        synchronized (this) {
            boolean allowed = cell.tryAcquire(now, quantity);
            long retryAfter = allowed || quantity > cell.limit()
                    ? CellRateDecision.NO_RETRY : cell.retryAfterMillis(now, quantity);
            return new CellRateDecision(allowed, cell.limit(), cell.remaining(now), retryAfter,
                    cell.resetAfterMillis(now));
        }
    }
}
