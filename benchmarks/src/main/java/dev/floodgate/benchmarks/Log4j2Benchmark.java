package dev.floodgate.benchmarks;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.core.LoggerContext;
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
 * One logging call through Log4j 2.26 with Floodgate as the context-wide filter (or on the root logger, where it
 * decides on the event), with {@code BurstFilter}
 * (level WARN, rate 10, maxBurst 100), with Log4j's {@code DenyAllFilter} (the floor of any filter that drops a
 * call), and with no filter into a Null or a File appender. The flood is at WARN, so that BurstFilter really limits
 * it.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar Log4j2Benchmark -prof gc -t 1} (and {@code -t 2});
 * {@code benchmarks/run.sh} runs the matrix and writes the report.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
@State(Scope.Benchmark)
public class Log4j2Benchmark {

    /** Which filter and appender the configuration has. */
    @Param({"floodgate", "floodgateNoMasking", "floodgateOnLogger", "burstFilter", "denyAll", "noFilter",
        "noFilterFile"})
    public String setup;

    private LoggerContext context;
    private Logger log;
    private Path config;
    private Path file;
    private final String host = "db-1.internal";

    /** Starts a private context from an XML configuration written for the chosen setup. */
    @Setup
    public void setUp() throws IOException {
        file = Files.createTempFile("floodgate-bench", ".log");
        config = Files.createTempFile("floodgate-bench", ".xml");
        Files.writeString(config, xml(setup, file), StandardCharsets.UTF_8);
        context = new LoggerContext("bench-" + setup + "-" + System.nanoTime(), null, config.toUri());
        context.start();
        log = context.getLogger("com.acme.Db");
    }

    static String xml(String setup, Path file) {
        String filter = setup.equals("floodgate") ? "<Floodgate/>"
                : setup.equals("floodgateNoMasking") ? "<Floodgate maskTokens=\"false\"/>"
                : setup.equals("burstFilter") ? "<BurstFilter level=\"WARN\" rate=\"10\" maxBurst=\"100\"/>"
                : setup.equals("denyAll") ? "<DenyAllFilter/>" : "";
        String appender = setup.equals("noFilterFile")
                ? "<File name=\"out\" fileName=\"" + file + "\"><PatternLayout pattern=\"%d{HH:mm:ss.SSS} [%t]"
                        + " %-5level %logger{36} - %msg%n\"/></File>"
                : "<Null name=\"out\"/>";
        String onLogger = setup.equals("floodgateOnLogger") ? "<Floodgate/>" : "";
        return "<Configuration status=\"WARN\">" + filter + "<Appenders>" + appender + "</Appenders>"
                + "<Loggers><Root level=\"INFO\"><AppenderRef ref=\"out\"/>" + onLogger
                + "</Root></Loggers></Configuration>";
    }

    /** Stops the context and removes the files. */
    @TearDown
    public void tearDown() throws IOException {
        context.stop();
        Files.deleteIfExists(config);
        Files.deleteIfExists(file);
    }

    /** A flood of one template at WARN. */
    @Benchmark
    public void flood(Cursor cursor) {
        log.warn("Connection to {} failed: {}", host, cursor.next());
    }

    /** A call below the logger's level: {@code log.debug(...)} on an INFO logger. */
    @Benchmark
    public void disabled(Cursor cursor) {
        log.debug("Connection to {} failed: {}", host, cursor.next());
    }

    /** 1,000 distinct templates, cycling. */
    @Benchmark
    public void distinct1k(Cursor cursor) {
        log.warn(Templates.THOUSAND[cursor.next(Templates.THOUSAND.length)], host, cursor.next());
    }

    /** 100,000 distinct templates, cycling (beyond Floodgate's default key bound of 10,000). */
    @Benchmark
    public void distinct100k(Cursor cursor) {
        log.warn(Templates.HUNDRED_THOUSAND[cursor.next(Templates.HUNDRED_THOUSAND.length)], host, cursor.next());
    }

    /** A flood of concatenated messages at WARN, {@code "Failed for order " + id}: masking groups them. */
    @Benchmark
    public void masked(Cursor cursor) {
        log.warn("Failed for order " + Concatenated.orderId(cursor));
    }

    /**
     * A flood of 47-character concatenated messages with a host:port at WARN,
     * {@code "Connection to " + host + " failed: " + n} (65,536 distinct texts): masking groups them.
     */
    @Benchmark
    public void maskedHostPort(Cursor cursor) {
        log.warn("Connection to " + Concatenated.host(cursor) + " failed: " + Concatenated.attempt(cursor));
    }

    /**
     * A flood of concatenated messages with a host name that carries digits, {@code "Connection to " +
     * "db-01.internal:5432" + " failed: " + (i & 65535)} (41 to 45 characters, 65,536 distinct texts): masking groups
     * them.
     */
    @Benchmark
    public void maskedHostName(Cursor cursor) {
        log.warn("Connection to " + "db-01.internal:5432" + " failed: " + Concatenated.failure(cursor));
    }
}
