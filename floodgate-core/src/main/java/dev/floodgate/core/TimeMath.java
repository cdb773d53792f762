package dev.floodgate.core;

/**
 * Overflow-safe arithmetic on epoch milliseconds, so that no timestamp in the whole {@code long} range wraps around.
 */
final class TimeMath {

    private TimeMath() {
    }

    /** Returns {@code a + b}, or the nearest of {@link Long#MIN_VALUE} and {@link Long#MAX_VALUE} if it overflows. */
    static long saturatedAdd(long a, long b) {
        long sum = a + b;
        if (((a ^ sum) & (b ^ sum)) < 0) {
            return a < 0 ? Long.MIN_VALUE : Long.MAX_VALUE;
        }
        return sum;
    }

    /** Returns {@code a - b}, or the nearest of {@link Long#MIN_VALUE} and {@link Long#MAX_VALUE} if it overflows. */
    static long saturatedSubtract(long a, long b) {
        long difference = a - b;
        if (((a ^ b) & (a ^ difference)) < 0) {
            return a < 0 ? Long.MIN_VALUE : Long.MAX_VALUE;
        }
        return difference;
    }

    /** Returns whether {@code nowMillis - fromMillis >= spanMillis} for a {@code spanMillis >= 0}, without overflow. */
    static boolean elapsed(long fromMillis, long nowMillis, long spanMillis) {
        // When now >= from, now - from is exact as an unsigned number even if it overflows a signed long.
        return nowMillis >= fromMillis && Long.compareUnsigned(nowMillis - fromMillis, spanMillis) >= 0;
    }
}
