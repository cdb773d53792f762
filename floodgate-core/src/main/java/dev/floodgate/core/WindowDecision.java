package dev.floodgate.core;

import dev.floodgate.core.base.Durations;

/**
 * The outcome of one event at a sliding window: whether it is allowed and, if not, Algorithm::FloodControl's
 * "next event allowed in" time.
 *
 * <p>Immutable.
 */
public final class WindowDecision {

    private final boolean allowed;
    private final long waitMillis;

    /**
     * Creates a decision.
     *
     * @param allowed whether the event is allowed
     * @param waitMillis how many milliseconds from this decision until the next event would be allowed; 0 if this one
     *     was
     * @throws IllegalArgumentException if an allowed event has a wait other than 0, or a refused one a wait below 1
     */
    public WindowDecision(boolean allowed, long waitMillis) {
        if (allowed ? waitMillis != 0 : waitMillis < 1) {
            throw new IllegalArgumentException("waitMillis must be 0 if allowed and >= 1 if refused, was "
                    + waitMillis + " (allowed=" + allowed + ")");
        }
        this.allowed = allowed;
        this.waitMillis = waitMillis;
    }

    /** {@return whether the event is allowed} */
    public boolean allowed() {
        return allowed;
    }

    /** {@return how many milliseconds from this decision until the next event would be allowed; 0 if this one was} */
    public long waitMillis() {
        return waitMillis;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof WindowDecision)) {
            return false;
        }
        WindowDecision d = (WindowDecision) o;
        return allowed == d.allowed && waitMillis == d.waitMillis;
    }

    @Override
    public int hashCode() {
        return 31 * Boolean.hashCode(allowed) + Long.hashCode(waitMillis);
    }

    @Override
    public String toString() {
        return "WindowDecision[" + (allowed ? "allowed" : "refused, wait " + Durations.format(waitMillis)) + "]";
    }
}
