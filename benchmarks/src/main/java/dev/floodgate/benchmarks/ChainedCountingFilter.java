package dev.floodgate.benchmarks;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.turbo.TurboFilter;
import ch.qos.logback.core.spi.FilterReply;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Marker;

/**
 * A model of the lookup chain of Floodgate's ledger (see {@link CountingFloorProbe}): a two-bit Bloom filter of the
 * held keys sized as the ledger sizes it for 10,000 keys, then the map, its node and the key's gate (the model gates
 * of {@link LedgerLayoutProbe}, each allocated beside a model limiter and attachment), and a compare-and-set on the
 * gate's count. The first {@code held} of the 100,000 templates and one flooding template are held; every other
 * template counts in one overflow gate. Denies every call.
 *
 * <p>Thread-safe.
 */
final class ChainedCountingFilter extends TurboFilter {

    private static final VarHandle COUNT;
    private static final int BITS = 1 << 17;

    static {
        try {
            COUNT = MethodHandles.lookup().findVarHandle(LedgerLayoutProbe.ModelGate.class, "count", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final ConcurrentHashMap<Object, LedgerLayoutProbe.ModelGate> map = new ConcurrentHashMap<>();
    private final long[] bloom = new long[BITS / Long.SIZE];
    private final LedgerLayoutProbe.ModelGate overflow = new LedgerLayoutProbe.ModelGate();

    /**
     * @param flood the flooding template, held too
     * @param held how many of the 100,000 templates are held, from the first
     */
    ChainedCountingFilter(String flood, int held) {
        for (int i = 0; i < held; i++) {
            hold(Templates.HUNDRED_THOUSAND[i]);
        }
        hold(flood);
    }

    private void hold(String key) {
        LedgerLayoutProbe.ModelGate g = new LedgerLayoutProbe.ModelGate();
        g.key = key;
        g.limiter = new LedgerLayoutProbe.ModelLimiter();
        g.attachment = new LedgerLayoutProbe.ModelAttachment();
        map.put(key, g);
        long h = mix(key);
        bloom[firstBit(h) >>> 6] |= 1L << firstBit(h);
        bloom[secondBit(h) >>> 6] |= 1L << secondBit(h);
    }

    @Override
    public FilterReply decide(Marker marker, Logger logger, Level level, String format, Object[] params,
            Throwable t) {
        long h = mix(format);
        int b1 = firstBit(h);
        int b2 = secondBit(h);
        LedgerLayoutProbe.ModelGate g = ((bloom[b1 >>> 6] >>> b1) & (bloom[b2 >>> 6] >>> b2) & 1L) != 0
                ? map.get(format) : null;
        if (g == null) {
            g = overflow;
        }
        if (g.fastUntil > 0) {
            long c = g.count;
            COUNT.compareAndSet(g, c, c + 1);
        }
        return FilterReply.DENY;
    }

    private static long mix(Object key) {
        return key.hashCode() * 0x9E3779B97F4A7C15L;
    }

    private static int firstBit(long h) {
        return (int) (h >>> 47);
    }

    private static int secondBit(long h) {
        return (int) ((h >>> 30) & (BITS - 1));
    }
}
