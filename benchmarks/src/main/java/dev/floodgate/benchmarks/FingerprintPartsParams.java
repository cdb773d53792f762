package dev.floodgate.benchmarks;

import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The parameters and the exception of {@link FingerprintPartsBenchmark} and {@link Log4j2FingerprintPartsBenchmark}:
 * which fingerprint, and an exception made at a stack depth of {@code depth} frames, anew for every call
 * ({@code fresh}) or once ({@code reused}).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 4, time = 1)
@Fork(1)
@State(Scope.Benchmark)
public abstract class FingerprintPartsParams {

    /** Which filter the framework has. */
    @Param({"floodgate", "floodgateLoggerLevel", "floodgateThrowable", "floodgateThrowableFrame", "noFilter"})
    public String setup;

    /** The stack depth, in frames below the benchmark method, at which the exception is made. */
    @Param({"20", "100"})
    public int depth;

    /** Whether each call makes its own exception ({@code fresh}) or all share one ({@code reused}). */
    @Param({"fresh", "reused"})
    public String exception;

    final String host = "db-1.internal";
    private boolean fresh;
    private IOException shared;

    /** Reads the parameters; call from the subclass's setup. */
    void prepare() {
        fresh = exception.equals("fresh");
        shared = madeAt(depth);
    }

    /** {@return the exception of one call} */
    IOException thrown() {
        return fresh ? madeAt(depth) : shared;
    }

    /** Returns a new exception whose stack trace is {@code framesBelow} frames deeper than the caller's. */
    static IOException madeAt(int framesBelow) {
        return framesBelow == 0 ? new IOException("Connection refused") : madeAt(framesBelow - 1);
    }
}
