package dev.floodgate.benchmarks;

import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/** A per-thread call counter, so the benchmark itself shares no written state between threads. */
@State(Scope.Thread)
public class Cursor {

    private int i;
    private int cycle;

    /** Returns the next argument value. */
    public int next() {
        return i++ & Integer.MAX_VALUE;
    }

    /** Returns the next index in {@code [0, bound)}, cycling. */
    public int next(int bound) {
        int n = cycle + 1;
        cycle = n >= bound ? 0 : n;
        return cycle;
    }
}
