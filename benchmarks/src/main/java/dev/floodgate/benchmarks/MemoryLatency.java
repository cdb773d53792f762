package dev.floodgate.benchmarks;

import java.util.Locale;
import java.util.Random;

/**
 * Measures the machine's latency of one dependent load from a random place in a working set of a given size: a
 * pointer chase over one {@code int} per 64-byte cache line, in a random cyclic order, so that no prefetcher can
 * guess the next line. It tells how much state the processor keeps close: within its caches a load costs a few
 * nanoseconds, beyond them one main-memory round trip. A diagnostic for issue 15's third target (the state of a key
 * that 100,000 templates cycling visit once per cycle), not Floodgate's code and not part of the report.
 *
 * <p>Run: {@code java -cp benchmarks/target/benchmarks.jar dev.floodgate.benchmarks.MemoryLatency}
 */
public final class MemoryLatency {

    private static final int[] SIZES_KIB = {256, 1024, 4096, 16_384, 65_536};
    private static final int INTS_PER_LINE = 16;
    private static final long STEPS = 20_000_000L;

    private MemoryLatency() {
    }

    /** Prints one line per working-set size. */
    public static void main(String[] args) {
        System.out.println("| Working set | Nanoseconds per dependent load |");
        System.out.println("|---|---|");
        for (int kib : SIZES_KIB) {
            System.out.printf(Locale.ROOT, "| %,d KiB | %.1f |%n", kib, nanosPerLoad(kib));
        }
    }

    private static double nanosPerLoad(int kib) {
        int lines = kib * 1024 / 64;
        int[] next = cycle(lines);
        int p = 0;
        for (int warm = 0; warm < 3 * lines; warm++) {
            p = next[p];
        }
        long start = System.nanoTime();
        for (long i = 0; i < STEPS; i++) {
            p = next[p];
        }
        long elapsed = System.nanoTime() - start;
        if (p < 0) {
            throw new AssertionError(p);
        }
        return (double) elapsed / STEPS;
    }

    /** One random cycle through all lines: the first int of each line holds the index of the next line's. */
    private static int[] cycle(int lines) {
        int[] order = new int[lines];
        for (int i = 0; i < lines; i++) {
            order[i] = i;
        }
        Shuffle.inPlace(order, new Random(15));
        int[] next = new int[lines * INTS_PER_LINE];
        for (int i = 0; i < lines; i++) {
            next[order[i] * INTS_PER_LINE] = order[(i + 1) % lines] * INTS_PER_LINE;
        }
        return next;
    }
}
