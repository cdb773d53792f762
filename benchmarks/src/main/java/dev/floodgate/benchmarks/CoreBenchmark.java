package dev.floodgate.benchmarks;

import dev.floodgate.core.Clock;
import dev.floodgate.core.FloodFilter;
import dev.floodgate.core.FloodgateConfig;
import dev.floodgate.core.TickingClock;
import java.util.Collections;
import java.util.LinkedHashMap;
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
 * The core's hot path without a logging framework: {@link FloodFilter#suppress} on a flooding template, beside the
 * clock read it contains and a synchronized LRU map (the shape of Logback's DuplicateMessageFilter).
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar CoreBenchmark -prof gc}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Benchmark)
public class CoreBenchmark {

    /** Fingerprint source: one flooding template, or masked concatenated messages. */
    @Param({"template", "masked"})
    public String input;

    private FloodFilter filter;
    private Map<String, Integer> lru;
    private String[] messages;
    private final Clock clock = Clock.monotonic();
    private final TickingClock ticking = new TickingClock(clock);

    /** Builds the filter and floods it past its allowance. */
    @Setup(Level.Trial)
    public void setUp() {
        filter = new FloodFilter(FloodgateConfig.defaults(), ticking);
        lru = Collections.synchronizedMap(new LinkedHashMap<>(100, 0.75f, true));
        messages = new String[1024];
        for (int i = 0; i < messages.length; i++) {
            messages[i] = input.equals("template") ? "Connection to {} failed: {}" : "Failed for order " + (10_000 + i);
        }
        for (int i = 0; i < 100; i++) {
            filter.suppress(messages[i], input.equals("template"), "bench", "ERROR", null);
        }
    }

    private int index;

    /** Floodgate's decision for a flooding fingerprint. */
    @Benchmark
    public boolean floodgate() {
        String m = messages[index++ & 1023];
        return filter.suppress(m, input.equals("template"), "bench", "ERROR", null);
    }

    /** A read of the real clock, which the hot path avoids. */
    @Benchmark
    public long clockRead() {
        return clock.millis();
    }

    /** A read of the ticking clock, which the hot path makes. */
    @Benchmark
    public long tickingClockRead() {
        return ticking.millis();
    }

    /** A synchronized access-ordered map increment: the shape of DuplicateMessageFilter's cache. */
    @Benchmark
    public Integer synchronizedLru() {
        String m = messages[index++ & 1023];
        synchronized (lru) {
            Integer n = lru.get(m);
            return lru.put(m, n == null ? 0 : n + 1);
        }
    }
}
