package dev.floodgate.benchmarks;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.util.LogbackMDCAdapter;
import ch.qos.logback.core.helpers.NOPAppender;
import dev.floodgate.logback.FloodgateTurboFilter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
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
 * A hash flood: 16,384 distinct messages that an attacker made to share one {@link String#hashCode()} ({@code "x"} and
 * 14 blocks of {@code Aa} or {@code BB}, whose hash codes are equal), against the control of the same shape whose
 * blocks are {@code Aa} or {@code Bc} (all hash codes distinct), cycling through Floodgate with every default
 * (10,000 fingerprints, so the ledger fills and the rest meet the overflow gate), into a NOP appender.
 *
 * <ul>
 *   <li>{@code masked}: {@code log.error("x" + blocks + " 1")}, a concatenated message without arguments, masked and
 *       keyed by its keyed digest;</li>
 *   <li>{@code template}: {@code log.error("x" + blocks + " {}", 1)}, a concatenated template with an argument, its
 *       own key (a string, which {@code ConcurrentHashMap} orders in a tree when hash codes collide).</li>
 * </ul>
 * Each call concatenates its message anew, as an application does. Run:
 * {@code java -jar benchmarks/target/benchmarks.jar HostileFloodBenchmark}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
@State(Scope.Benchmark)
public class HostileFloodBenchmark {

    /** The number of distinct messages. */
    static final int MESSAGES = 1 << 14;

    /** The framework. */
    @Param({"logback", "log4j2"})
    public String framework;

    /** {@code colliding} (blocks of Aa and BB) or {@code control} (Aa and Bc). */
    @Param({"colliding", "control"})
    public String blocks;

    /** {@code masked} (no arguments) or {@code template} (the text is the template of a call with an argument). */
    @Param({"masked", "template"})
    public String call;

    private String[] middles;
    private ch.qos.logback.classic.Logger logback;
    private LoggerContext logbackContext;
    private org.apache.logging.log4j.core.LoggerContext log4jContext;
    private org.apache.logging.log4j.Logger log4j;
    private Path config;
    private int next;

    /** Makes the messages' variable parts and starts the framework with Floodgate's defaults. */
    @Setup
    public void setUp() throws IOException {
        middles = blocks(blocks.equals("colliding") ? "BB" : "Bc");
        boolean colliding = ("x" + middles[0]).hashCode() == ("x" + middles[MESSAGES - 1]).hashCode();
        if (colliding != blocks.equals("colliding")) {
            throw new IllegalStateException("the " + blocks + " messages are not what they claim");
        }
        if (framework.equals("logback")) {
            logbackContext = new LoggerContext();
            logbackContext.setName("hostile");
            logbackContext.setMDCAdapter(new LogbackMDCAdapter());
            NOPAppender<ch.qos.logback.classic.spi.ILoggingEvent> nop = new NOPAppender<>();
            nop.setContext(logbackContext);
            nop.start();
            ch.qos.logback.classic.Logger root = logbackContext.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
            root.setLevel(ch.qos.logback.classic.Level.INFO);
            root.addAppender(nop);
            FloodgateTurboFilter filter = new FloodgateTurboFilter();
            filter.setContext(logbackContext);
            filter.start();
            logbackContext.addTurboFilter(filter);
            logback = logbackContext.getLogger("com.acme.Users");
        } else {
            config = Files.createTempFile("floodgate-hostile", ".xml");
            Files.writeString(config, "<Configuration status=\"WARN\"><Floodgate/><Appenders><Null name=\"out\"/>"
                    + "</Appenders><Loggers><Root level=\"INFO\"><AppenderRef ref=\"out\"/></Root></Loggers>"
                    + "</Configuration>", StandardCharsets.UTF_8);
            log4jContext = new org.apache.logging.log4j.core.LoggerContext("hostile-" + System.nanoTime(), null,
                    config.toUri());
            log4jContext.start();
            log4j = log4jContext.getLogger("com.acme.Users");
        }
    }

    /** Stops the framework. */
    @TearDown
    public void tearDown() throws IOException {
        if (logbackContext != null) {
            logbackContext.stop();
        } else {
            log4jContext.stop();
            Files.deleteIfExists(config);
        }
    }

    /** Every combination of 14 blocks of {@code Aa} and {@code second}: 16,384 texts, in the order of their bits. */
    static String[] blocks(String second) {
        String[] out = new String[MESSAGES];
        for (int i = 0; i < MESSAGES; i++) {
            StringBuilder sb = new StringBuilder(28);
            for (int b = 0; b < 14; b++) {
                sb.append((i >> b & 1) == 0 ? "Aa" : second);
            }
            out[i] = sb.toString();
        }
        return out;
    }

    /** One call, of the next of the 16,384 messages, concatenated anew. */
    @Benchmark
    public void call() {
        String middle = middles[next++ & (MESSAGES - 1)];
        boolean masked = call.equals("masked");
        if (logback != null) {
            if (masked) {
                logback.error("x" + middle + " 1");
            } else {
                logback.error("x" + middle + " {}", 1);
            }
        } else if (masked) {
            log4j.error("x" + middle + " 1");
        } else {
            log4j.error("x" + middle + " {}", 1);
        }
    }
}
