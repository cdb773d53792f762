package dev.floodgate.core;

/**
 * The outcome of one event at one Floodgate attrition actor: FloodgateDotNet's {@code FloodgateResponse}, plus the
 * actor's attrition and allowance for tests and diagnostics.
 *
 * <p>Immutable.
 */
public final class Decision {

    /** {@link #lastAllowedMillis()} when no event was allowed before this one. */
    public static final long NEVER = AttritionActor.NEVER;

    private final boolean allowed;
    private final long consecutiveRefused;
    private final long lastAllowedMillis;
    private final long attrition;
    private final long sendLimit;

    /**
     * Creates a decision.
     *
     * @param allowed whether the event is allowed
     * @param consecutiveRefused for an allowed event, how many were refused in a row just before it; for a refused one,
     *     the refusals in a row including it
     * @param lastAllowedMillis the start of the timeframe of the last event allowed before this one, in epoch
     *     milliseconds, or {@link #NEVER}
     * @param attrition the actor's attrition score after this event
     * @param sendLimit the allowance of the timeframe this event was counted in
     * @throws IllegalArgumentException if a count is negative, an allowed event claims to be among the refused,
     *     or the allowance is below 1
     */
    public Decision(boolean allowed, long consecutiveRefused, long lastAllowedMillis, long attrition, long sendLimit) {
        if (consecutiveRefused < 0 || (!allowed && consecutiveRefused == 0)) {
            throw new IllegalArgumentException("consecutiveRefused must be >= 0, and >= 1 for a refusal, was "
                    + consecutiveRefused + " (allowed=" + allowed + ")");
        }
        if (attrition < 0) {
            throw new IllegalArgumentException("attrition must be >= 0, was " + attrition);
        }
        if (sendLimit < 1) {
            throw new IllegalArgumentException("sendLimit must be >= 1, was " + sendLimit);
        }
        this.allowed = allowed;
        this.consecutiveRefused = consecutiveRefused;
        this.lastAllowedMillis = lastAllowedMillis;
        this.attrition = attrition;
        this.sendLimit = sendLimit;
    }

    /** {@return whether the event is allowed} */
    public boolean allowed() {
        return allowed;
    }

    /**
     * {@return FloodgateDotNet's {@code NumDisallowed}: for an allowed event, how many events were refused in a row
     * just before it; for a refused event, the running count of refusals in a row including this one}
     */
    public long consecutiveRefused() {
        return consecutiveRefused;
    }

    /**
     * {@return the start of the timeframe of the last event allowed before this one, in epoch milliseconds, or
     * {@link #NEVER}}
     */
    public long lastAllowedMillis() {
        return lastAllowedMillis;
    }

    /** {@return the actor's attrition score after this event} */
    public long attrition() {
        return attrition;
    }

    /** {@return the allowance of the timeframe this event was counted in} */
    public long sendLimit() {
        return sendLimit;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Decision)) {
            return false;
        }
        Decision d = (Decision) o;
        return allowed == d.allowed && consecutiveRefused == d.consecutiveRefused
                && lastAllowedMillis == d.lastAllowedMillis && attrition == d.attrition && sendLimit == d.sendLimit;
    }

    @Override
    public int hashCode() {
        int h = Boolean.hashCode(allowed);
        h = 31 * h + Long.hashCode(consecutiveRefused);
        h = 31 * h + Long.hashCode(lastAllowedMillis);
        h = 31 * h + Long.hashCode(attrition);
        return 31 * h + Long.hashCode(sendLimit);
    }

    @Override
    public String toString() {
        return "Decision[" + (allowed ? "allowed" : "refused")
                + ", consecutiveRefused=" + consecutiveRefused
                + ", lastAllowed=" + (lastAllowedMillis == NEVER ? "never" : Long.toString(lastAllowedMillis))
                + ", attrition=" + attrition + ", sendLimit=" + sendLimit + "]";
    }
}
