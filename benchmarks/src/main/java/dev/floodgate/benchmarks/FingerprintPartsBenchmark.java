package dev.floodgate.benchmarks;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import dev.floodgate.logback.FloodgateTurboFilter;
import java.io.IOException;
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
 * A flood of one template logged with an exception, {@code log.error("Connection to {} failed", host, e)} (or a
 * message without arguments, {@code log.error("Connection to the database failed", e)}), through
 * Logback with Floodgate's turbo filter, its fingerprint the template alone or the template with more parts: the
 * logger and the level ({@code includeLogger}, {@code includeLevel}), the exception's class
 * ({@code includeThrowable}), or its class and first stack frame ({@code includeThrowableFrame}); and with no filter
 * into a NOP appender. What those parts cost a suppressed call: the exception is made at a stack depth of
 * {@code depth} frames, either anew for every call ({@code fresh}, as a failing call does) or once ({@code reused}, so
 * that only the filter's own work is measured).
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar FingerprintPartsBenchmark -prof gc}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 4, time = 1)
@Fork(1)
@State(Scope.Benchmark)
public class FingerprintPartsBenchmark {

    /** Which filter the context has. */
    @Param({"floodgate", "floodgateLoggerLevel", "floodgateThrowable", "floodgateThrowableFrame", "noFilter"})
    public String setup;

    /** The stack depth, in frames below the benchmark method, at which the exception is made. */
    @Param({"20", "100"})
    public int depth;

    /** Whether each call makes its own exception ({@code fresh}) or all share one ({@code reused}). */
    @Param({"fresh", "reused"})
    public String exception;

    private LoggerContext context;
    private Logger log;
    private IOException shared;
    private final String host = "db-1.internal";

    /** Configures a private context: root at INFO, a NOP appender and the chosen filter. */
    @Setup
    public void setUp() {
        FloodgateTurboFilter filter = null;
        if (setup.startsWith("floodgate")) {
            filter = new FloodgateTurboFilter();
            filter.setIncludeLogger(String.valueOf(setup.equals("floodgateLoggerLevel")));
            filter.setIncludeLevel(String.valueOf(setup.equals("floodgateLoggerLevel")));
            filter.setIncludeThrowable(String.valueOf(setup.equals("floodgateThrowable")));
            filter.setIncludeThrowableFrame(String.valueOf(setup.equals("floodgateThrowableFrame")));
        }
        context = NopLogbackContext.start("bench", filter);
        log = context.getLogger("com.acme.Db");
        shared = madeAt(depth);
    }

    /** Stops the context. */
    @TearDown
    public void tearDown() {
        context.stop();
    }

    /** The flood: one template, each call with an exception. */
    @Benchmark
    public void flood() {
        log.error("Connection to {} failed", host, exception.equals("fresh") ? madeAt(depth) : shared);
    }

    /** The same flood logged without arguments: {@code log.error("Connection to the database failed", e)}. */
    @Benchmark
    public void floodWithoutArguments() {
        log.error("Connection to the database failed", exception.equals("fresh") ? madeAt(depth) : shared);
    }

    /** Returns a new exception whose stack trace is {@code framesBelow} frames deeper than the caller's. */
    static IOException madeAt(int framesBelow) {
        return framesBelow == 0 ? new IOException("Connection refused") : madeAt(framesBelow - 1);
    }
}
