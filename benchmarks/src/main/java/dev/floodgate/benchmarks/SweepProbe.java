package dev.floodgate.benchmarks;

import dev.floodgate.core.FloodFilter;
import dev.floodgate.core.FloodgateConfig;
import dev.floodgate.core.ManualClock;
import dev.floodgate.core.summary.SuppressionSummary;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What a summary pass costs when the ledger holds 10,000 keys that each saw one event and none is idle yet: every
 * pass sweeps them all (each gate's idle check) and drains them all, and writes no line. A key seen once keeps no
 * limiter, so its idle check is answered by the limiter factory from the time of that one event; this measures what
 * the sweep costs beside the drain, and that it allocates nothing per key. A diagnostic, not part of the report.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar SweepProbe -prof gc}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(2)
@State(Scope.Benchmark)
public class SweepProbe {

    private static final long START = 1_700_000_000_000L;

    private FloodFilter filter;

    /** Admits 10,000 templates, each logged once. */
    @Setup(Level.Trial)
    public void setUp() {
        filter = new FloodFilter(FloodgateConfig.defaults(), new ManualClock(START));
        for (int i = 0; i < 10_000; i++) {
            filter.suppress(Templates.HUNDRED_THOUSAND[i], true, "bench", "ERROR", null);
        }
    }

    /** One summary pass at the time of the events: nothing is idle, nothing was refused. */
    @Benchmark
    public List<SuppressionSummary> summarize() {
        return filter.summarize();
    }
}
