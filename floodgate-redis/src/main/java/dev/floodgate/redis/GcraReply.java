package dev.floodgate.redis;

import java.util.List;

/**
 * The five integers of a GCRA step's reply, as {@code CL.THROTTLE} and the Lua script give them: limited (0 or 1),
 * limit, remaining, retry after and reset after (milliseconds from the script, seconds from {@code CL.THROTTLE}).
 *
 * <p>Immutable.
 */
final class GcraReply {

    final boolean allowed;
    final long limit;
    final long remaining;
    final long retryAfter;
    final long resetAfter;

    private GcraReply(boolean allowed, long limit, long remaining, long retryAfter, long resetAfter) {
        this.allowed = allowed;
        this.limit = limit;
        this.remaining = remaining;
        this.retryAfter = retryAfter;
        this.resetAfter = resetAfter;
    }

    /**
     * Reads a reply.
     *
     * @throws IllegalStateException if it is not a list of five integers
     */
    static GcraReply of(Object reply) {
        if (!(reply instanceof List) || ((List<?>) reply).size() != 5) {
            throw new IllegalStateException("a GCRA step must reply five integers, was " + reply);
        }
        List<?> list = (List<?>) reply;
        long[] v = new long[5];
        for (int i = 0; i < 5; i++) {
            Object o = list.get(i);
            if (!(o instanceof Long)) {
                throw new IllegalStateException("a GCRA step must reply five integers, was " + reply);
            }
            v[i] = (Long) o;
        }
        return new GcraReply(v[0] == 0, v[1], v[2], v[3], v[4]);
    }

    @Override
    public String toString() {
        return "[" + (allowed ? 0 : 1) + ", " + limit + ", " + remaining + ", " + retryAfter + ", " + resetAfter + "]";
    }
}
