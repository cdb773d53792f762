package dev.floodgate.benchmarks;

import dev.floodgate.core.Clock;
import dev.floodgate.core.FloodEngine;
import dev.floodgate.core.FloodgateConfig;
import dev.floodgate.core.TickingClock;
import java.io.IOException;
import java.io.InputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
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
 * The suppressed call of a flooding template through the core filter, without and with the fleet limit on a real
 * Redis (the redis-server binary of {@code com.github.codemonstur:embedded-redis}, started in {@code @Setup}, Linux
 * x86-64 only). {@code off} and {@code on} use the default local limits, which refuse the flood; {@code fleetRefuses}
 * has a local limit that would pass the calls and a fleet limit that refuses them (1 per minute), so every call is
 * decided under the template's lock and refused by its lease.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar FleetBenchmark -prof gc}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Benchmark)
public class FleetBenchmark {

    /** Which fleet limit: none, on (local limits refuse), fleetRefuses (the fleet limit refuses). */
    @Param({"off", "on", "fleetRefuses"})
    public String fleet;

    private Process redis;
    private FloodEngine filter;
    private final TickingClock ticking = new TickingClock(Clock.monotonic());

    /** Starts Redis (unless off), builds the filter and floods it until its calls are refused. */
    @Setup(Level.Trial)
    public void setUp() throws Exception {
        // Lettuce and Netty log through SLF4J, here Logback with no configuration: DEBUG to the console otherwise.
        ((ch.qos.logback.classic.Logger) org.slf4j.LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME))
                .setLevel(ch.qos.logback.classic.Level.WARN);
        Map<String, String> raw = new HashMap<>();
        if (!fleet.equals("off")) {
            int port = startRedis();
            raw.put("fleet", "redis://127.0.0.1:" + port);
            raw.put("fleetPrefix", "bench-" + System.nanoTime() + ":");
        }
        if (fleet.equals("fleetRefuses")) {
            raw.put("limiter", "window");
            raw.put("count", "10000");
            raw.put("period", "1 minute");
            raw.put("fleetCount", "1");
            raw.put("fleetBurst", "0");
        }
        filter = new FloodEngine(FloodgateConfig.parse(raw), ticking);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        int refusedInARow = 0;
        while (refusedInARow < 1_000) {
            refusedInARow = call() ? refusedInARow + 1 : 0;
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the flood was not refused within 30 s");
            }
            if (refusedInARow == 0) {
                Thread.sleep(1);
            }
        }
    }

    /** Stops the filter and Redis. */
    @TearDown(Level.Trial)
    public void tearDown() {
        filter.close();
        if (redis != null) {
            redis.destroyForcibly();
        }
    }

    private boolean call() {
        return filter.suppress("Connection to {} failed: {}", true, "bench", "ERROR", null);
    }

    /** One suppressed call of the flooding template. */
    @Benchmark
    public boolean suppressed() {
        return call();
    }

    private int startRedis() throws IOException, InterruptedException {
        String binary = "redis-server-6.2.6-v5-linux-amd64";
        Path file = Path.of(System.getProperty("java.io.tmpdir"), "floodgate-bench-" + binary);
        try (InputStream in = FleetBenchmark.class.getResourceAsStream("/" + binary)) {
            if (in == null) {
                throw new IllegalStateException(binary + " is not in the benchmarks jar");
            }
            Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
        }
        file.toFile().setExecutable(true);
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        redis = new ProcessBuilder(file.toString(), "--port", Integer.toString(port), "--save", "", "--appendonly",
                "no").redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (true) {
            try {
                new Socket("127.0.0.1", port).close();
                return port;
            } catch (IOException notYet) {
                if (System.nanoTime() > deadline) {
                    throw notYet;
                }
                Thread.sleep(10);
            }
        }
    }
}
