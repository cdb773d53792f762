package dev.floodgate.benchmarks;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * A model of two ledger layouts, to decide whether the next one is worth building (issue 15, target 3): the lock-free
 * refusal of a held key as the ledger does it today (map, then its node, then the key's gate, each allocated beside
 * objects the size of a fingerprint's limiter and attachment) against a refusal cell in a {@code long[]} at the
 * slot of an open-addressing key table. 100,000 templates cycle; {@code held} of them are held, allocated in the
 * cycle's order or shuffled; the rest go to one overflow cell through a two-bit Bloom filter in both layouts. Not
 * Floodgate's code and not part of the report: the model leaves out locks, clocks and the framework.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar LedgerLayoutProbe}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(2)
@State(Scope.Benchmark)
public class LedgerLayoutProbe {

    private static final VarHandle LONGS = MethodHandles.arrayElementVarHandle(long[].class);
    private static final VarHandle COUNT;
    private static final int MAX_TEMPLATE_CHARS = 1_000;

    static {
        try {
            COUNT = MethodHandles.lookup().findVarHandle(ModelGate.class, "count", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** How many of the 100,000 templates are held. */
    @Param({"10000", "100000"})
    public int held;

    /**
     * Whether each call reads its template's length first, as {@code Fingerprinter.probe} does: that reads the
     * template's byte array too, not only the string.
     */
    @Param({"true", "false"})
    public boolean readLength;

    /** Whether the held keys are allocated in the order they are cycled, or shuffled. */
    @Param({"cycle", "shuffled"})
    public String order;

    /** A gate's fields that matter here, with fields standing for the rest (96 bytes; a {@code Gate} is 112). */
    static final class ModelGate {
        volatile long fastUntil = Long.MAX_VALUE;
        volatile long count;
        long first;
        long last;
        Object key;
        Object limiter;
        Object attachment;
        long tally1;
        long tally2;
        long tally3;
        long tally4;
        long tally5;
    }

    /** Stands for an attrition actor: its fields and its window. */
    static final class ModelLimiter {
        final long[] window = new long[15];
        long f1;
        long f2;
        long f3;
        long f4;
        long f5;
        int i1;
        int i2;
    }

    /** Stands for the summary attachment. */
    static final class ModelAttachment {
        Object text;
        Object lease;
        long since;
    }

    private final ModelGate overflowGate = new ModelGate();
    /** The overflow cell of the table layout, at index 16 of its own array. */
    private final long[] overflowCell = new long[32];
    private ConcurrentHashMap<Object, ModelGate> map;
    private long[] bloom;
    private int bloomShift;
    private Object[] keys;
    /** Per slot of {@link #keys}: the time until which it refuses, then its count. */
    private long[] cells;
    private int mask;

    /** Holds the first {@code held} templates in both layouts. */
    @Setup(Level.Trial)
    public void setUp() {
        String[] t = Templates.HUNDRED_THOUSAND;
        map = new ConcurrentHashMap<>();
        int bits = Integer.highestOneBit(held * 16);
        bloom = new long[bits / 64];
        bloomShift = 64 - Integer.numberOfTrailingZeros(bits);
        int capacity = Integer.highestOneBit(held) << 2;
        keys = new Object[capacity];
        cells = new long[capacity * 2];
        mask = capacity - 1;
        for (int i : admissionOrder()) {
            ModelGate g = new ModelGate();
            g.key = t[i];
            g.limiter = new ModelLimiter();
            g.attachment = new ModelAttachment();
            map.put(t[i], g);
            long h = mix(t[i]);
            bloom[firstBit(h) >>> 6] |= 1L << firstBit(h);
            bloom[secondBit(h) >>> 6] |= 1L << secondBit(h);
            int s = slot(t[i]);
            while (keys[s] != null) {
                s = (s + 1) & mask;
            }
            keys[s] = t[i];
            cells[2 * s] = Long.MAX_VALUE;
        }
    }

    private int[] admissionOrder() {
        int[] order = new int[held];
        for (int i = 0; i < held; i++) {
            order[i] = i;
        }
        if ("shuffled".equals(this.order)) {
            Shuffle.inPlace(order, new Random(42));
        }
        return order;
    }

    /** Today's layout: Bloom filter, map, node, gate. */
    @Benchmark
    public long chainedGate(Cursor cursor) {
        ModelGate g = chainedLookup(cursor);
        if (g == null) {
            return -2;
        }
        if (g.fastUntil > 0) {
            long c = g.count;
            if (COUNT.compareAndSet(g, c, c + 1)) {
                return c;
            }
        }
        return -1;
    }

    /**
     * Today's layout, counting with a plain store instead of a compare-and-set: not a correct count under
     * concurrency, but it shows what the locked instruction costs when a call's loads miss the cache. On x86 a
     * locked instruction is a full fence, so the next call's loads cannot start before this call's count is done.
     */
    @Benchmark
    public long chainedGateUnfenced(Cursor cursor) {
        ModelGate g = chainedLookup(cursor);
        if (g == null) {
            return -2;
        }
        if (g.fastUntil > 0) {
            long c = (long) COUNT.getOpaque(g);
            COUNT.setOpaque(g, c + 1);
            return c;
        }
        return -1;
    }

    /**
     * Today's lookup of the next template: its held gate through the Bloom filter and the map, else the overflow
     * gate; null if the template is too long (only read with {@link #readLength}).
     */
    private ModelGate chainedLookup(Cursor cursor) {
        String k = Templates.HUNDRED_THOUSAND[cursor.next(Templates.HUNDRED_THOUSAND.length)];
        if (readLength && k.length() > MAX_TEMPLATE_CHARS) {
            return null;
        }
        ModelGate g = mayHold(k) ? map.get(k) : null;
        return g == null ? overflowGate : g;
    }

    /** The refusal cell at the key's slot. */
    @Benchmark
    public long cellInTable(Cursor cursor) {
        String k = Templates.HUNDRED_THOUSAND[cursor.next(Templates.HUNDRED_THOUSAND.length)];
        if (readLength && k.length() > MAX_TEMPLATE_CHARS) {
            return -2;
        }
        if (!mayHold(k)) {
            return count(overflowCell, 16);
        }
        int s = slot(k);
        for (Object o = keys[s]; o != k; o = keys[s]) {
            if (o == null) {
                return count(overflowCell, 16);
            }
            s = (s + 1) & mask;
        }
        if ((long) LONGS.getVolatile(cells, 2 * s) > 0) {
            return count(cells, 2 * s + 1);
        }
        return -1;
    }

    private static long count(long[] array, int index) {
        long c = (long) LONGS.getVolatile(array, index);
        return LONGS.compareAndSet(array, index, c, c + 1) ? c : -1;
    }

    private boolean mayHold(Object k) {
        long h = mix(k);
        int b1 = firstBit(h);
        int b2 = secondBit(h);
        return ((bloom[b1 >>> 6] >>> b1) & (bloom[b2 >>> 6] >>> b2) & 1L) != 0;
    }

    private int firstBit(long h) {
        return (int) (h >>> bloomShift);
    }

    private int secondBit(long h) {
        return (int) ((h << (64 - bloomShift)) >>> bloomShift);
    }

    private int slot(Object k) {
        return (k.hashCode() * 0x9E3779B9) & mask;
    }

    private static long mix(Object k) {
        return k.hashCode() * 0x9E3779B97F4A7C15L;
    }
}
