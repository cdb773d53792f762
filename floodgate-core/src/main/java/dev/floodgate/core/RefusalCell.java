package dev.floodgate.core;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A count of events refused without a lock, and the times of the first and last of them: the inline cell of a
 * {@link Gate} (which is one) and each of its stripes.
 *
 * <p>Thread-safe as {@link Gate} uses it: {@link #count} changes only by compare-and-set, or by a swap under the
 * gate's lock; a negative count means closed. {@link #first} and {@link #last} are written after a successful
 * increment without ordering and read under the gate's lock, so a reader may see a slightly older time, never a
 * wrong count.
 */
class RefusalCell {

    /** A closed cell; far enough below zero that increments racing with the close keep it negative. */
    static final long CLOSED = Long.MIN_VALUE / 2;

    static final VarHandle COUNT;

    static {
        try {
            COUNT = MethodHandles.lookup().findVarHandle(RefusalCell.class, "count", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Refusals counted since the cell was opened, or negative when closed (accessed through {@link #COUNT}). */
    volatile long count = CLOSED;
    /** When the first refusal since the cell was opened happened. */
    long first;
    /** When the latest refusal happened. */
    long last;

    /**
     * One stripe of a gate flooded by several threads: padded behind its fields, so that whatever lies after it in
     * memory (the next stripe, usually) is on another cache line. What lies before it is {@link Gate#inflate}'s
     * concern.
     */
    static final class Padded extends RefusalCell {
        @SuppressWarnings("unused")
        private long p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12;
    }
}
