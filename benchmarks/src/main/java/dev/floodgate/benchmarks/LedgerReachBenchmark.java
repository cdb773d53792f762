package dev.floodgate.benchmarks;

import dev.floodgate.core.Clock;
import dev.floodgate.core.FloodEngine;
import dev.floodgate.core.FloodgateConfig;
import dev.floodgate.core.Option;
import dev.floodgate.core.TickingClock;
import java.util.Map;
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
 * Where the cost of many distinct templates lies, without a logging framework: {@link FloodEngine#suppress} on
 * 100,000 templates cycling, with a key bound that holds one of them, a tenth (the default 10,000) or all, beside
 * one template flooding in the same run. With one key held, nearly every call goes to the shared overflow gate and
 * only reads the template; with all held, every call finds a key whose gate is no longer in the processor's caches.
 * A diagnostic for the cost of many distinct templates (src/docs/performance-decisions.md, "Many distinct
 * templates"), not part of the report.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar LedgerReachBenchmark -f 2}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 4, time = 1)
@Fork(2)
@State(Scope.Benchmark)
public class LedgerReachBenchmark {

    /** The ledger's key bound ({@code maxKeys}). */
    @Param({"1", "10000", "200000"})
    public String maxKeys;

    private final TickingClock ticking = new TickingClock(Clock.monotonic());
    private FloodEngine filter;

    /** Builds the filter. */
    @Setup(Level.Trial)
    public void setUp() {
        filter = new FloodEngine(FloodgateConfig.parse(Map.of(Option.MAX_KEYS.key(), maxKeys)), ticking);
    }

    /** One template flooding: the anchor. */
    @Benchmark
    public boolean oneTemplate(Cursor cursor) {
        cursor.next(Templates.HUNDRED_THOUSAND.length);
        return filter.suppress(Templates.HUNDRED_THOUSAND[7], true, "bench", "ERROR", null);
    }

    /** 100,000 templates cycling. */
    @Benchmark
    public boolean distinct100k(Cursor cursor) {
        return filter.suppress(Templates.HUNDRED_THOUSAND[cursor.next(Templates.HUNDRED_THOUSAND.length)], true,
                "bench", "ERROR", null);
    }
}
