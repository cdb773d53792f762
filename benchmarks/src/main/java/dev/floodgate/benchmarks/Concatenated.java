package dev.floodgate.benchmarks;

/**
 * The variable parts of the concatenated messages of the masking benchmarks, so that both frameworks log the same
 * texts: {@code "Failed for order " + orderId} (65,536 ids), {@code "Connection to " + host + " failed: " + attempt}
 * (16 host:port values × 4,096 attempts, 47 characters each) and {@code "Connection to db-01.internal:5432 failed: " +
 * failure} (65,536 failure numbers of 1 to 5 digits).
 */
final class Concatenated {

    private static final String[] HOSTS = new String[16];

    static {
        for (int i = 0; i < HOSTS.length; i++) {
            HOSTS[i] = "10.20.30." + (100 + i * 7) + ":5432";
        }
    }

    private Concatenated() {
    }

    /** Returns the next order id, one of 65,536 six-digit numbers. */
    static int orderId(Cursor cursor) {
        return 100_000 + (cursor.next() & 0xFFFF);
    }

    /** Returns one of 16 host:port values, chosen by the value the cursor returns next. */
    static String host(Cursor cursor) {
        return HOSTS[cursor.peek() & 15];
    }

    /** Returns the attempt number that goes with the host just chosen: one of 4,096 seven-digit numbers. */
    static int attempt(Cursor cursor) {
        return 1_000_000 + (cursor.next() >>> 4 & 0xFFF);
    }

    /** Returns the next failure number, one of 65,536: {@code i & 65535}. */
    static int failure(Cursor cursor) {
        return cursor.next() & 0xFFFF;
    }
}
