package dev.floodgate.benchmarks;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.util.LogbackMDCAdapter;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.turbo.DuplicateMessageFilter;
import ch.qos.logback.classic.turbo.TurboFilter;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.FileAppender;
import ch.qos.logback.core.helpers.NOPAppender;
import ch.qos.logback.core.spi.FilterReply;
import dev.floodgate.logback.FloodgateTurboFilter;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
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
import org.slf4j.Marker;

/**
 * One logging call through Logback 1.5 (SLF4J 2 API) with Floodgate's turbo filter (also with token masking off), with
 * {@code DuplicateMessageFilter} (allowedRepetitions 5), with a turbo filter that denies everything (the floor of any
 * turbo filter that drops a call), and with no filter into a NOP or a file appender.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar LogbackBenchmark -prof gc -t 1} (and {@code -t 2});
 * {@code benchmarks/run.sh} runs the matrix and writes the report.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
@State(Scope.Benchmark)
public class LogbackBenchmark {

    /** Which filter and appender the context has. */
    @Param({"floodgate", "floodgateNoMasking", "duplicateMessageFilter", "denyAll", "noFilter", "noFilterFile"})
    public String setup;

    private LoggerContext context;
    private Logger log;
    private File file;
    private final String host = "db-1.internal";

    /** Configures a private context: root at INFO, the chosen filter and appender. */
    @Setup
    public void setUp() throws IOException {
        context = new LoggerContext();
        context.setName("bench");
        // SLF4J's provider sets this on the default context; a private context needs it for appenders that copy MDC
        context.setMDCAdapter(new LogbackMDCAdapter());
        Appender<ILoggingEvent> appender = setup.equals("noFilterFile") ? fileAppender() : nopAppender();
        Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        root.setLevel(Level.INFO);
        root.addAppender(appender);
        if (setup.startsWith("floodgate")) {
            FloodgateTurboFilter filter = new FloodgateTurboFilter();
            filter.setContext(context);
            filter.setMaskTokens(String.valueOf(!setup.equals("floodgateNoMasking")));
            filter.start();
            context.addTurboFilter(filter);
        } else if (setup.equals("duplicateMessageFilter")) {
            DuplicateMessageFilter filter = new DuplicateMessageFilter();
            filter.setAllowedRepetitions(5);
            filter.setContext(context);
            filter.start();
            context.addTurboFilter(filter);
        } else if (setup.equals("denyAll")) {
            TurboFilter filter = new DenyAll();
            filter.setContext(context);
            filter.start();
            context.addTurboFilter(filter);
        }
        context.start();
        log = context.getLogger("com.acme.Db");
    }

    /**
     * The floor of every turbo filter that drops a call: it denies everything at once, so what it costs is Logback's
     * own call path with a turbo filter installed.
     */
    static final class DenyAll extends TurboFilter {
        @Override
        public FilterReply decide(Marker marker, Logger logger, Level level, String format, Object[] params,
                Throwable t) {
            return FilterReply.DENY;
        }
    }

    private Appender<ILoggingEvent> nopAppender() {
        NOPAppender<ILoggingEvent> nop = new NOPAppender<>();
        nop.setContext(context);
        nop.start();
        return nop;
    }

    private Appender<ILoggingEvent> fileAppender() throws IOException {
        file = Files.createTempFile("floodgate-bench", ".log").toFile();
        PatternLayoutEncoder encoder = new PatternLayoutEncoder();
        encoder.setContext(context);
        encoder.setPattern("%d{HH:mm:ss.SSS} [%thread] %-5level %logger{36} - %msg%n");
        encoder.start();
        FileAppender<ILoggingEvent> fa = new FileAppender<>();
        fa.setContext(context);
        fa.setFile(file.getPath());
        fa.setEncoder(encoder);
        fa.start();
        return fa;
    }

    /** Stops the context and removes the log file. */
    @TearDown
    public void tearDown() {
        context.stop();
        if (file != null && !file.delete()) {
            file.deleteOnExit();
        }
    }

    /** A flood of one template: {@code log.error("Connection to {} failed: {}", host, i)}. */
    @Benchmark
    public void flood(Cursor cursor) {
        log.error("Connection to {} failed: {}", host, cursor.next());
    }

    /** A call below the logger's level: {@code log.debug(...)} on an INFO logger. */
    @Benchmark
    public void disabled(Cursor cursor) {
        log.debug("Connection to {} failed: {}", host, cursor.next());
    }

    /** 1,000 distinct templates, cycling. */
    @Benchmark
    public void distinct1k(Cursor cursor) {
        log.error(Templates.THOUSAND[cursor.next(Templates.THOUSAND.length)], host, cursor.next());
    }

    /** 100,000 distinct templates, cycling (beyond Floodgate's default key bound of 10,000). */
    @Benchmark
    public void distinct100k(Cursor cursor) {
        log.error(Templates.HUNDRED_THOUSAND[cursor.next(Templates.HUNDRED_THOUSAND.length)], host, cursor.next());
    }

    /** A flood of concatenated messages, {@code "Failed for order " + id}: masking groups them. */
    @Benchmark
    public void masked(Cursor cursor) {
        log.error("Failed for order " + Concatenated.orderId(cursor));
    }

    /**
     * A flood of 47-character concatenated messages with a host:port, {@code "Connection to " + host + " failed: " + n}
     * (65,536 distinct texts): masking groups them.
     */
    @Benchmark
    public void maskedHostPort(Cursor cursor) {
        log.error("Connection to " + Concatenated.host(cursor) + " failed: " + Concatenated.attempt(cursor));
    }

    /**
     * A flood of concatenated messages with a host name that carries digits, {@code "Connection to " +
     * "db-01.internal:5432" + " failed: " + (i & 65535)} (41 to 45 characters, 65,536 distinct texts): masking groups
     * them.
     */
    @Benchmark
    public void maskedHostName(Cursor cursor) {
        log.error("Connection to " + "db-01.internal:5432" + " failed: " + Concatenated.failure(cursor));
    }
}
