package dev.floodgate.benchmarks;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.util.LogbackMDCAdapter;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.FileAppender;
import dev.floodgate.logback.FloodgateTurboFilter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * A flood of {@value #CALLS} identical errors into a real file appender, with and without Floodgate: the time per
 * call (calls/s = 10⁹ / score) from JMH, and the lines written from {@link #linesWritten(String)}, which runs the
 * same flood once outside JMH.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar EndToEndBenchmark}.
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3)
@Measurement(iterations = 5)
@Fork(1)
@State(Scope.Benchmark)
public class EndToEndBenchmark {

    /** Calls per measured flood. */
    public static final int CALLS = 1_000_000;

    /** Framework and filter. */
    @Param({"logback-floodgate", "logback-noFilter", "log4j2-floodgate", "log4j2-noFilter"})
    public String setup;

    private Flood flood;

    /** Starts the context writing to a fresh file. */
    @Setup
    public void setUp() throws IOException {
        flood = Flood.start(setup);
    }

    /** Stops the context and removes the file. */
    @TearDown
    public void tearDown() throws IOException {
        flood.stop();
    }

    /** {@value #CALLS} identical errors. */
    @Benchmark
    @OperationsPerInvocation(CALLS)
    public void flood() {
        flood.run(CALLS);
    }

    /** Runs one flood of {@value #CALLS} calls for {@code setup}, stops the context, and counts the file's lines. */
    public static long linesWritten(String setup) throws IOException {
        Flood f = Flood.start(setup);
        try {
            f.run(CALLS);
            f.stopContext();
            try (Stream<String> lines = Files.lines(f.file, StandardCharsets.UTF_8)) {
                return lines.count();
            }
        } finally {
            f.stop();
        }
    }

    /** One context writing to one file. */
    private static final class Flood {
        final Path file;
        private final LoggerContext logback;
        private final org.apache.logging.log4j.core.LoggerContext log4j;
        private final Path config;
        private final org.slf4j.Logger slf4jLogger;
        private final org.apache.logging.log4j.Logger log4jLogger;

        private Flood(Path file, LoggerContext logback, org.apache.logging.log4j.core.LoggerContext log4j,
                Path config) {
            this.file = file;
            this.logback = logback;
            this.log4j = log4j;
            this.config = config;
            this.slf4jLogger = logback == null ? null : logback.getLogger("com.acme.Db");
            this.log4jLogger = log4j == null ? null : log4j.getLogger("com.acme.Db");
        }

        static Flood start(String setup) throws IOException {
            Path file = Files.createTempFile("floodgate-e2e", ".log");
            boolean floodgate = setup.endsWith("-floodgate");
            if (setup.startsWith("logback")) {
                LoggerContext context = new LoggerContext();
                context.setMDCAdapter(new LogbackMDCAdapter());
                PatternLayoutEncoder encoder = new PatternLayoutEncoder();
                encoder.setContext(context);
                encoder.setPattern("%d{HH:mm:ss.SSS} [%thread] %-5level %logger{36} - %msg%n");
                encoder.start();
                FileAppender<ILoggingEvent> appender = new FileAppender<>();
                appender.setContext(context);
                appender.setFile(file.toString());
                appender.setAppend(false);
                appender.setEncoder(encoder);
                appender.start();
                ch.qos.logback.classic.Logger root = context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
                root.setLevel(Level.INFO);
                root.addAppender(appender);
                if (floodgate) {
                    FloodgateTurboFilter filter = new FloodgateTurboFilter();
                    filter.setContext(context);
                    filter.start();
                    context.addTurboFilter(filter);
                }
                context.start();
                return new Flood(file, context, null, null);
            }
            Path config = Files.createTempFile("floodgate-e2e", ".xml");
            String xml = "<Configuration status=\"WARN\">" + (floodgate ? "<Floodgate/>" : "")
                    + "<Appenders><File name=\"out\" fileName=\"" + file + "\" append=\"false\"><PatternLayout"
                    + " pattern=\"%d{HH:mm:ss.SSS} [%t] %-5level %logger{36} - %msg%n\"/></File></Appenders>"
                    + "<Loggers><Root level=\"INFO\"><AppenderRef ref=\"out\"/></Root></Loggers></Configuration>";
            Files.writeString(config, xml, StandardCharsets.UTF_8);
            org.apache.logging.log4j.core.LoggerContext context =
                    new org.apache.logging.log4j.core.LoggerContext("e2e-" + setup + "-" + System.nanoTime(), null,
                            config.toUri());
            context.start();
            return new Flood(file, null, context, config);
        }

        void run(int calls) {
            for (int i = 0; i < calls; i++) {
                if (slf4jLogger != null) {
                    slf4jLogger.error("Connection to {} failed: {}", "db-1.internal", i);
                } else {
                    log4jLogger.error("Connection to {} failed: {}", "db-1.internal", i);
                }
            }
        }

        void stopContext() {
            if (logback != null) {
                logback.stop();
            } else {
                log4j.stop();
            }
        }

        void stop() throws IOException {
            stopContext();
            Files.deleteIfExists(file);
            if (config != null) {
                Files.deleteIfExists(config);
            }
        }
    }
}
