package dev.floodgate.core;

/** Exact integer logarithm: {@code floor(log_base(value))}, computed without floating point. */
final class IntegerLog {

    private IntegerLog() {
    }

    /** Returns {@code floor(log_base(value))}, or 0 when {@code value < base}; {@code base} must be at least 2. */
    static int floorLog(long value, long base) {
        int exponent = 0;
        long power = base;
        while (power <= value) {
            exponent++;
            if (power > Long.MAX_VALUE / base) {
                break;
            }
            power *= base;
        }
        return exponent;
    }
}
