package dev.floodgate.benchmarks;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.turbo.TurboFilter;
import ch.qos.logback.core.spi.FilterReply;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.slf4j.Marker;

/**
 * A model of the least a filter can do to count each template's refusals (see {@link CountingFloorProbe}): the first
 * {@code held} of the 100,000 templates and one flooding template sit in an open-addressing table of keys, compared by
 * identity, with the time until which each refuses and its count in a {@code long[]} at the key's slot; every other
 * template counts in one overflow cell. Denies every call.
 *
 * <p>Counting with a compare-and-set is what Floodgate's refusal cells do. Counting late appends the cell to the
 * calling thread's buffer; a full buffer (256 cells) is folded, first touching every cell with a plain load so that
 * their cache misses overlap, then adding with atomic adds. A design that counts late would also have to fold every
 * thread's buffer before a key's next decision; the model leaves that out, so it is a floor of such a design too.
 *
 * <p>Thread-safe in its counts; the sum of the touching loads is a benign race, kept only so that the JIT keeps the
 * loads.
 */
final class TableCountingFilter extends TurboFilter {

    private static final VarHandle LONGS = MethodHandles.arrayElementVarHandle(long[].class);
    private static final int CAPACITY = 1 << 15;
    private static final int MASK = CAPACITY - 1;
    /** The overflow cell's index in {@link #cells}: its own cache line, after the table's. */
    private static final int OVERFLOW = 2 * CAPACITY + 8;
    private static final int BUFFER = 256;

    private final boolean late;
    private final Object[] keys = new Object[CAPACITY];
    /** Per slot: the time until which the key refuses, then its count. */
    private final long[] cells = new long[2 * CAPACITY + 16];
    /** Per thread: the cells to add 1 to, and at index {@link #BUFFER} how many there are. */
    private final ThreadLocal<int[]> buffers = ThreadLocal.withInitial(() -> new int[BUFFER + 1]);
    private long sink;

    /**
     * @param flood the flooding template, held too
     * @param held how many of the 100,000 templates are held, from the first
     * @param late whether to count late, in batches, instead of with a compare-and-set per call
     */
    TableCountingFilter(String flood, int held, boolean late) {
        this.late = late;
        for (int i = 0; i < held; i++) {
            hold(Templates.HUNDRED_THOUSAND[i]);
        }
        hold(flood);
    }

    private void hold(String key) {
        int s = slot(key);
        while (keys[s] != null) {
            s = (s + 1) & MASK;
        }
        keys[s] = key;
        cells[2 * s] = Long.MAX_VALUE;
    }

    @Override
    public FilterReply decide(Marker marker, Logger logger, Level level, String format, Object[] params,
            Throwable t) {
        int cell = cellOf(format);
        if (late) {
            append(cell);
        } else {
            long c = (long) LONGS.getVolatile(cells, cell);
            LONGS.compareAndSet(cells, cell, c, c + 1);
        }
        return FilterReply.DENY;
    }

    /** The index of the count of the held key's slot, if the key refuses now, else the overflow cell's. */
    private int cellOf(String format) {
        int s = slot(format);
        for (Object k = keys[s]; k != format; k = keys[s]) {
            if (k == null) {
                return OVERFLOW;
            }
            s = (s + 1) & MASK;
        }
        return (long) LONGS.getOpaque(cells, 2 * s) > 0 ? 2 * s + 1 : OVERFLOW;
    }

    private void append(int cell) {
        int[] buffer = buffers.get();
        int n = buffer[BUFFER];
        buffer[n] = cell;
        if (n + 1 < BUFFER) {
            buffer[BUFFER] = n + 1;
            return;
        }
        long touched = 0;
        for (int i = 0; i < BUFFER; i++) {
            touched += cells[buffer[i]];
        }
        for (int i = 0; i < BUFFER; i++) {
            LONGS.getAndAdd(cells, buffer[i], 1L);
        }
        sink += touched;
        buffer[BUFFER] = 0;
    }

    private static int slot(Object key) {
        return (key.hashCode() * 0x9E3779B9) >>> 17;
    }
}
