package dev.floodgate.core;

import java.util.Objects;

/**
 * One sliding window of events with its own clock: Algorithm::FloodControl's {@code flood_check} for one event name,
 * safe to share.
 *
 * <p>Thread-safe: calls are serialized on this object, so the state is exactly as if they had run one after the
 * other. Each call allocates its {@link WindowDecision}.
 */
public final class WindowLimiter {

    private final Clock clock;
    private final SlidingWindow window;

    /**
     * Creates a window that has seen no event.
     *
     * @param settings the limit
     * @param clock the clock every decision reads
     * @throws NullPointerException if an argument is null
     */
    public WindowLimiter(WindowSettings settings, Clock clock) {
        this.window = new SlidingWindow(Objects.requireNonNull(settings, "settings"));
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * Decides one event at the clock's current time; a refused event is not recorded.
     *
     * @return the decision, with the wait before an event would be allowed
     */
    public WindowDecision decide() {
        long now = clock.millis();
        synchronized (this) {
            if (window.tryAcquire(now)) {
                return new WindowDecision(true, 0);
            }
            return new WindowDecision(false, window.waitMillis(now));
        }
    }
}
