package dev.floodgate.benchmarks;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.turbo.TurboFilter;
import dev.floodgate.logback.FloodgateTurboFilter;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The floor of issue 15's target 3 through Logback: what the least a filter must do to count each template's
 * refusals costs with 100,000 templates cycling (or drawn at random: {@link #random100k}), against one flooding
 * template, in one run. The model filters hold {@code held} of the templates and the flooding one, refusing them for
 * good, and count every other template in one overflow cell; nothing else: no limiter, no lock path, no clock, no
 * summary. Not part of the report.
 *
 * <ul>
 *   <li>{@code casInTable}, {@code batchedInTable}: {@link TableCountingFilter}, a table of keys beside their cells,
 *       counting with a compare-and-set or late, in batches.
 *   <li>{@code chained}: {@link ChainedCountingFilter}, the lookup chain of Floodgate's ledger (a Bloom filter, the
 *       map, its node, the key's gate), modelled.
 *   <li>{@code core}, {@code corePreloaded}: {@link EngineTurboFilter}, Floodgate's engine called straight from a
 *       turbo filter, without the Logback adapter; preloaded, the held keys are admitted before the run.
 *   <li>{@code floodgate}: Floodgate's turbo filter; {@code denyAll}: a filter that denies every call at once.
 * </ul>
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar CountingFloorProbe}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(2)
@State(Scope.Benchmark)
public class CountingFloorProbe {

    private static final String FLOOD = "Connection to {} failed: {}";

    /**
     * How many of the 100,000 templates are held: the default bound, or none (every one of them goes to the overflow
     * cell; Floodgate then runs with {@code maxKeys} 1, which its first template takes). The flooding template is
     * always held.
     */
    @Param({"10000", "0"})
    public int held;

    /** Which filter the context has. */
    @Param({"casInTable", "batchedInTable", "chained", "core", "corePreloaded", "floodgate", "denyAll"})
    public String filter;

    private LoggerContext context;
    private Logger log;
    private final String host = "db-1.internal";
    /** The state of {@link #random100k}'s generator (a 64-bit LCG); one thread per run. */
    private long seed = 42;

    /** Configures a private context: root at INFO, the chosen filter, a NOP appender. */
    @Setup
    public void setUp() {
        context = NopLogbackContext.start("probe", turboFilter());
        log = context.getLogger("com.acme.Db");
    }

    private TurboFilter turboFilter() {
        switch (filter) {
            case "casInTable":
                return new TableCountingFilter(FLOOD, held, false);
            case "batchedInTable":
                return new TableCountingFilter(FLOOD, held, true);
            case "chained":
                return new ChainedCountingFilter(FLOOD, held);
            case "core":
                return new EngineTurboFilter(held, false);
            case "corePreloaded":
                return new EngineTurboFilter(held, true);
            case "floodgate":
                FloodgateTurboFilter floodgate = new FloodgateTurboFilter();
                if (held == 0) {
                    floodgate.setMaxKeys("1");
                }
                return floodgate;
            case "denyAll":
                return new LogbackBenchmark.DenyAll();
            default:
                throw new IllegalArgumentException("filter: " + filter);
        }
    }

    /** Stops the context and its filter. */
    @TearDown
    public void tearDown() {
        context.stop();
    }

    /** A flood of one template. */
    @Benchmark
    public void flood(Cursor cursor) {
        log.error(FLOOD, host, cursor.next());
    }

    /** 100,000 distinct templates, cycling. */
    @Benchmark
    public void distinct100k(Cursor cursor) {
        log.error(Templates.HUNDRED_THOUSAND[cursor.next(Templates.HUNDRED_THOUSAND.length)], host, cursor.next());
    }

    /**
     * The same 100,000 templates, each call's drawn at random: no order for the hardware to follow, in the templates
     * or in what a filter keeps per template (which a cycle visits in the order it was made).
     */
    @Benchmark
    public void random100k(Cursor cursor) {
        seed = seed * 6364136223846793005L + 1442695040888963407L;
        int i = (int) ((seed >>> 33) % Templates.HUNDRED_THOUSAND.length);
        log.error(Templates.HUNDRED_THOUSAND[i], host, cursor.next());
    }
}
