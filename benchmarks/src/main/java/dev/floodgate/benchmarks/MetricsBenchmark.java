package dev.floodgate.benchmarks;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.util.LogbackMDCAdapter;
import ch.qos.logback.core.helpers.NOPAppender;
import dev.floodgate.logback.FloodgateTurboFilter;
import dev.floodgate.micrometer.FloodgateMetrics;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
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
 * The suppressed call of {@link LogbackBenchmark#flood} with and without Floodgate's meters bound to a registry
 * (and its MXBean registered, as by default), in the same run: what monitoring costs the hot path.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar MetricsBenchmark -prof gc -t 1} (and {@code -t 2}).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
@State(Scope.Benchmark)
public class MetricsBenchmark {

    /** Whether meters are bound: {@code none} or {@code bound}. */
    @Param({"none", "bound"})
    public String metrics;

    private LoggerContext context;
    private Logger log;
    private FloodgateMetrics binder;
    private final String host = "db-1.internal";

    /** Configures a private context with Floodgate's turbo filter, and binds the meters if asked. */
    @Setup
    public void setUp() {
        context = new LoggerContext();
        context.setName("bench-metrics");
        context.setMDCAdapter(new LogbackMDCAdapter());
        NOPAppender<ch.qos.logback.classic.spi.ILoggingEvent> nop = new NOPAppender<>();
        nop.setContext(context);
        nop.start();
        Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        root.setLevel(Level.INFO);
        root.addAppender(nop);
        FloodgateTurboFilter filter = new FloodgateTurboFilter();
        filter.setName("bench-" + metrics);
        filter.setContext(context);
        filter.start();
        context.addTurboFilter(filter);
        context.start();
        if (metrics.equals("bound")) {
            binder = FloodgateMetrics.builder().templateMeters(10).build();
            binder.bindTo(new SimpleMeterRegistry());
        }
        log = context.getLogger("com.acme.Db");
    }

    /** Stops the context and the binder. */
    @TearDown
    public void tearDown() {
        if (binder != null) {
            binder.close();
        }
        context.stop();
    }

    /** A flood of one template, as {@link LogbackBenchmark#flood}. */
    @Benchmark
    public void flood(Cursor cursor) {
        log.error("Connection to {} failed: {}", host, cursor.next());
    }
}
