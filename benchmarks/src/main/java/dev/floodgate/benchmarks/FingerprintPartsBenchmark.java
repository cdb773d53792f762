package dev.floodgate.benchmarks;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import dev.floodgate.logback.FloodgateTurboFilter;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

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
public class FingerprintPartsBenchmark extends FingerprintPartsParams {

    private LoggerContext context;
    private Logger log;

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
        prepare();
    }

    /** Stops the context. */
    @TearDown
    public void tearDown() {
        context.stop();
    }

    /** The flood: one template, each call with an exception. */
    @Benchmark
    public void flood() {
        log.error("Connection to {} failed", host, thrown());
    }

    /** The same flood logged without arguments: {@code log.error("Connection to the database failed", e)}. */
    @Benchmark
    public void floodWithoutArguments() {
        log.error("Connection to the database failed", thrown());
    }
}
