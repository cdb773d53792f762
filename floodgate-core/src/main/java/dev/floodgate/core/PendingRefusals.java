package dev.floodgate.core;

/**
 * What one gate refused since its last drain, by the limit that refused, with the times of the first and last of
 * those refusals. A gate makes it at its key's first refusal and keeps it from then on, so that a key that never
 * refuses (most keys a ledger holds see one event) does not carry the counts.
 *
 * <p>Not thread-safe: guarded by the lock of the gate that holds it.
 */
final class PendingRefusals {

    long byKey;
    long byCap;
    long byFleet;
    long firstAt = Long.MAX_VALUE;
    long lastAt = Long.MIN_VALUE;

    /** Widens the span of the refusals to include {@code first} to {@code last}. */
    void note(long first, long last) {
        firstAt = Math.min(firstAt, first);
        lastAt = Math.max(lastAt, last);
    }

    boolean isEmpty() {
        return byKey + byCap + byFleet == 0;
    }

    /** Starts the next period: no refusal yet. */
    void clear() {
        byKey = 0;
        byCap = 0;
        byFleet = 0;
        firstAt = Long.MAX_VALUE;
        lastAt = Long.MIN_VALUE;
    }
}
