package dev.floodgate.core;

/**
 * The outcome of one request at a cell-rate limiter, with the fields of redis-cell's {@code CL.THROTTLE} reply:
 * allowed, limit ({@code X-RateLimit-Limit}), remaining ({@code X-RateLimit-Remaining}), retry after
 * ({@code Retry-After}) and reset after ({@code X-RateLimit-Reset}).
 *
 * <p>Times are in milliseconds; {@link #retryAfterSeconds()} and {@link #resetAfterSeconds()} round them up to whole
 * seconds as redis-cell's reply does. Immutable.
 */
public final class CellRateDecision {

    /** {@link #retryAfterMillis()} of an allowed request, or of one larger than the limit that no retry can pass. */
    public static final long NO_RETRY = -1L;

    private static final long MILLIS_PER_SECOND = 1_000L;

    private final boolean allowed;
    private final long limit;
    private final long remaining;
    private final long retryAfterMillis;
    private final long resetAfterMillis;

    /**
     * Creates a decision.
     *
     * @param allowed whether the request is allowed (redis-cell's reply 1, where 0 means allowed)
     * @param limit how many events a quiet key may send at once, {@code burst + 1} ({@code X-RateLimit-Limit})
     * @param remaining how many events of quantity 1 would be allowed right after this one
     *     ({@code X-RateLimit-Remaining})
     * @param retryAfterMillis milliseconds until the same request would be allowed, or {@link #NO_RETRY}
     * @param resetAfterMillis how many milliseconds until the key is back to its full burst
     * @throws IllegalArgumentException if the limit is below 1, the remaining count is outside {@code [0, limit]},
     *     the reset time is negative, an allowed request has a retry time, or a refused one a retry time that is
     *     neither {@link #NO_RETRY} nor positive
     */
    public CellRateDecision(boolean allowed, long limit, long remaining, long retryAfterMillis, long resetAfterMillis) {
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be >= 1, was " + limit);
        }
        if (remaining < 0 || remaining > limit) {
            throw new IllegalArgumentException("remaining must be between 0 and " + limit + ", was " + remaining);
        }
        if (resetAfterMillis < 0) {
            throw new IllegalArgumentException("resetAfterMillis must be >= 0, was " + resetAfterMillis);
        }
        if (allowed ? retryAfterMillis != NO_RETRY : retryAfterMillis != NO_RETRY && retryAfterMillis < 1) {
            throw new IllegalArgumentException("retryAfterMillis must be -1 if allowed and -1 or >= 1 if refused, was "
                    + retryAfterMillis + " (allowed=" + allowed + ")");
        }
        this.allowed = allowed;
        this.limit = limit;
        this.remaining = remaining;
        this.retryAfterMillis = retryAfterMillis;
        this.resetAfterMillis = resetAfterMillis;
    }

    /** {@return whether the request is allowed (redis-cell's reply 1, where 0 means allowed)} */
    public boolean allowed() {
        return allowed;
    }

    /** {@return how many events a quiet key may send at once, {@code burst + 1} ({@code X-RateLimit-Limit})} */
    public long limit() {
        return limit;
    }

    /** {@return how many events of quantity 1 would be allowed right after this one ({@code X-RateLimit-Remaining})} */
    public long remaining() {
        return remaining;
    }

    /**
     * {@return how many milliseconds to wait before the same request would be allowed, or {@link #NO_RETRY} if it was
     * allowed or if it exceeds the limit}
     */
    public long retryAfterMillis() {
        return retryAfterMillis;
    }

    /** {@return {@link #retryAfterMillis()} rounded up to whole seconds ({@code Retry-After}), or -1} */
    public long retryAfterSeconds() {
        return retryAfterMillis == NO_RETRY ? NO_RETRY : ceilSeconds(retryAfterMillis);
    }

    /** {@return how many milliseconds until the key is back to its full burst} */
    public long resetAfterMillis() {
        return resetAfterMillis;
    }

    /** {@return {@link #resetAfterMillis()} rounded up to whole seconds ({@code X-RateLimit-Reset})} */
    public long resetAfterSeconds() {
        return ceilSeconds(resetAfterMillis);
    }

    /** {@return whether the request was refused because its quantity exceeds the limit, so no retry can pass} */
    public boolean exceedsLimit() {
        return !allowed && retryAfterMillis == NO_RETRY;
    }

    private static long ceilSeconds(long millis) {
        return millis / MILLIS_PER_SECOND + (millis % MILLIS_PER_SECOND == 0 ? 0 : 1);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof CellRateDecision)) {
            return false;
        }
        CellRateDecision d = (CellRateDecision) o;
        return allowed == d.allowed && limit == d.limit && remaining == d.remaining
                && retryAfterMillis == d.retryAfterMillis && resetAfterMillis == d.resetAfterMillis;
    }

    @Override
    public int hashCode() {
        int h = Boolean.hashCode(allowed);
        h = 31 * h + Long.hashCode(limit);
        h = 31 * h + Long.hashCode(remaining);
        h = 31 * h + Long.hashCode(retryAfterMillis);
        return 31 * h + Long.hashCode(resetAfterMillis);
    }

    @Override
    public String toString() {
        return "CellRateDecision[" + (allowed ? "allowed" : "refused") + ", limit=" + limit + ", remaining="
                + remaining + ", retryAfterMillis=" + retryAfterMillis + ", resetAfterMillis=" + resetAfterMillis + "]";
    }
}
