package dev.floodgate.benchmarks;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.pattern.ThrowableProxyConverter;
import ch.qos.logback.classic.spi.LoggingEvent;
import dev.floodgate.core.internal.TraceShape;
import dev.floodgate.logback.FloodgateThrowableConverter;
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
 * What a repeated stack trace costs to format: Logback's {@code %ex} ({@code ThrowableProxyConverter}) against
 * {@code %fgEx} ({@code FloodgateThrowableConverter}) on a repeat within its interval, which computes the trace's
 * shape, finds it remembered and writes one reference line. Each operation makes a new event, as each logging call
 * does (Logback caches a frame's text in the event's throwable proxy, so converting one event again would flatter
 * {@code %ex}); {@code eventOnly} is that share. {@code shapeOnly} is the core's shape walk of the throwable alone.
 * One converter of each kind serves all threads, as one appender's layout does.
 *
 * <p>Inputs: {@code tomcat53}, a 53-frame exception as a servlet container logs it; {@code wrapped}, the same wrapped
 * as the cause of a 40-frame exception with a suppressed one; {@code causes100}, a chain of 100 causes (the walk stops
 * at {@value TraceShape#MAX_THROWABLES}; {@code %ex} prints them all).
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar TraceMemoryBenchmark -prof gc -t 1} (and {@code -t 2}).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
@State(Scope.Benchmark)
public class TraceMemoryBenchmark {

    /** The throwable logged. */
    @Param({"tomcat53", "wrapped", "causes100"})
    public String trace;

    private LoggerContext context;
    private Logger logger;
    private Throwable throwable;
    private ThrowableProxyConverter ex;
    private FloodgateThrowableConverter fgEx;
    private long stamp;

    /** Builds the throwable and starts both converters; {@code %fgEx} prints its full trace once here. */
    @Setup
    public void setUp() {
        context = new LoggerContext();
        context.setName("bench");
        logger = context.getLogger("org.apache.catalina.core.ContainerBase");
        throwable = throwable(trace);
        ex = new ThrowableProxyConverter();
        ex.setContext(context);
        ex.start();
        fgEx = new FloodgateThrowableConverter();
        fgEx.setContext(context);
        fgEx.start();
        stamp = System.currentTimeMillis();
        if (!fgEx.convert(event()).contains("\tat ")) {
            throw new IllegalStateException("the first event should print its full trace");
        }
        if (fgEx.convert(event()).contains("\tat ")) {
            throw new IllegalStateException("a repeat should print one reference line");
        }
    }

    /** Stops the context. */
    @TearDown
    public void tearDown() {
        context.stop();
    }

    static Throwable throwable(String kind) {
        switch (kind) {
            case "tomcat53":
                return withFrames(new RuntimeException("Expected: controller used to showcase what happens when an "
                        + "exception is thrown"), "org.springframework.samples.petclinic.system.CrashController", 53);
            case "wrapped": {
                Throwable cause = throwable("tomcat53");
                Throwable outer = withFrames(new IllegalStateException("Request processing failed", cause),
                        "org.springframework.web.servlet.FrameworkServlet", 40);
                outer.addSuppressed(withFrames(new java.io.IOException("Broken pipe"),
                        "org.apache.catalina.connector.OutputBuffer", 12));
                return outer;
            }
            case "causes100": {
                Throwable t = withFrames(new RuntimeException("root"), "com.acme.Deep", 20);
                for (int i = 0; i < 100; i++) {
                    t = withFrames(new RuntimeException("level " + i, t), "com.acme.Deep" + i, 20);
                }
                return t;
            }
            default:
                throw new IllegalArgumentException("trace: " + kind);
        }
    }

    private static Throwable withFrames(Throwable t, String topClass, int count) {
        String[] layers = {
            "org.springframework.web.servlet.DispatcherServlet", "org.apache.catalina.core.ApplicationFilterChain",
            "org.springframework.web.filter.OncePerRequestFilter", "org.apache.catalina.core.StandardWrapperValve",
            "org.apache.coyote.http11.Http11Processor", "org.apache.tomcat.util.net.NioEndpoint",
        };
        StackTraceElement[] frames = new StackTraceElement[count];
        frames[0] = new StackTraceElement(topClass, "handle", "Top.java", 38);
        for (int i = 1; i < count; i++) {
            String layer = layers[i % layers.length];
            frames[i] = new StackTraceElement(layer, "invoke", layer.substring(layer.lastIndexOf('.') + 1) + ".java",
                    100 + i);
        }
        t.setStackTrace(frames);
        return t;
    }

    private LoggingEvent event() {
        LoggingEvent e = new LoggingEvent(Logger.class.getName(), logger, Level.ERROR, "request failed", throwable,
                null);
        e.setTimeStamp(stamp);
        return e;
    }

    /** The share of the two below that is the event and its throwable proxy. */
    @Benchmark
    public LoggingEvent eventOnly() {
        return event();
    }

    /** Logback's {@code %ex}: the full trace, for every event. */
    @Benchmark
    public String ex() {
        return ex.convert(event());
    }

    /** {@code %fgEx} on a repeat within its interval: the shape, the lookup and one reference line. */
    @Benchmark
    public String fgExRepeat() {
        return fgEx.convert(event());
    }

    /** The core's walk of the throwable's chain into its shape, without Logback. */
    @Benchmark
    public TraceShape shapeOnly() {
        return TraceShape.of(throwable, TraceShape.THROWABLE);
    }
}
