package dev.floodgate.benchmarks;

import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * A per-thread call counter, so the benchmark itself shares no written state between threads.
 *
 * <p>The counters sit behind {@link CursorPadding}: JMH pads a state only behind its own fields, and since JDK 15
 * an {@code int} field fills the 4-byte gap right after the object header, so without front padding the counter
 * written on every call can share a cache line with whatever object a garbage collection copied in front of it, and
 * a 2-thread benchmark then measures that false sharing instead of the filter
 * (src/docs/performance-decisions.md, "Measuring on a small shared machine").
 */
@State(Scope.Thread)
public class Cursor extends CursorPadding {

    private int i;
    private int cycle;

    /** Returns the next argument value. */
    public int next() {
        return i++ & Integer.MAX_VALUE;
    }

    /** Returns the value the next {@link #next()} returns, without advancing. */
    public int peek() {
        return i & Integer.MAX_VALUE;
    }

    /** Returns the next index in {@code [0, bound)}, cycling. */
    public int next(int bound) {
        int n = cycle + 1;
        cycle = n >= bound ? 0 : n;
        return cycle;
    }
}
