package dev.floodgate.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.floodgate.core.CellRateSettings;
import dev.floodgate.core.fleet.FleetSettings;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A valid configuration with the fleet limit starts silently, whether Redis answers, is absent or never answers: no
 * status at WARN or above while the framework is configured, and not one line of Lettuce or Netty in the
 * application's appender then or after (everything at DEBUG goes to one file), while the application's own lines
 * through Netty's logging still arrive. Each case is a fresh JVM ({@link QuietStartChild}) configured from real XML,
 * since what Netty logs, it logs when its classes first load. With Redis up, the client's connection is cut once
 * (an outage, which Floodgate reports as its status) so that Lettuce has a reconnection to log.
 */
class QuietStartTest {

    private static final String TEMPLATE = "Payment {} failed";

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}, Redis {1}")
    @CsvSource({"logback, up", "logback, down", "logback, slow", "logback-again, up", "logback-again, slow",
            "log4j2, up", "log4j2, down", "log4j2, slow"})
    void start_withFleet_isSilentAndTheClientLogsNothingIntoTheApplication(String framework, String redis)
            throws Exception {
        try (Store store = new Store(redis)) {
            String prefix = "quiet-" + System.nanoTime() + ":";
            Path logFile = dir.resolve("app.log");
            Child child = new Child(framework, store.uri(), prefix, logFile);
            try {
                assertThat(child.configure()).as("statuses at WARN or above while configuring").isEmpty();
                if (redis.equals("up")) {
                    String key = FleetSettings.of(store.uri(), CellRateSettings.defaults(), prefix)
                            .keyFor(FleetSettings.nameOf(TEMPLATE));
                    FleetHarness.await("the first calls connect, and their template has its key", () -> {
                        child.tell("LOG", "LOGGED");
                        return store.command("EXISTS", key).equals(":1");
                    });
                    assertThat(child.statusAfter()).as("statuses at WARN or above once connected").isEmpty();
                    store.redis.command("CLIENT", "KILL", "TYPE", "normal");
                    FleetHarness.await("the client has connected again", () -> {
                        child.tell("LOG", "LOGGED");
                        return Integer.parseInt(store.clients()) >= 2;
                    });
                } else {
                    FleetHarness.await("the outage is reported, after the configuration", () -> {
                        child.tell("LOG", "LOGGED");
                        return child.statusAfter().stream().anyMatch(s -> s.contains("is unavailable"));
                    });
                }
                child.tell("NETTY", "LOGGED");
            } finally {
                child.quit();
            }

            List<String> lines = Files.readAllLines(logFile, StandardCharsets.UTF_8);
            assertThat(lines).as("lines of the Redis client in the application's log")
                    .noneMatch(l -> l.startsWith("io.lettuce.") || l.startsWith("io.netty."));
            // Reactor, which Lettuce loads, says once which framework it logs through, when it first loads; it logs
            // through SLF4J directly, which Floodgate cannot tell apart by thread (src/docs/fleet.md).
            assertThat(lines).as("lines of Reactor in the application's log").allMatch(l -> !l.startsWith("reactor.")
                    || l.matches("reactor\\.util\\.Loggers\\|floodgate-redis-[a-z]+-\\d+\\|DEBUG\\|"
                            + "Using Slf4j logging framework"));
            assertThat(lines).as("the application's own line through Netty's logging")
                    .contains("shop.NettyProbe|main|WARN|The application's own line through Netty's logging");
            assertThat(lines).as("the application's own lines")
                    .anyMatch(l -> l.startsWith("shop.Payments|main|ERROR|"));
        }
    }

    /**
     * A Redis that answers ({@code up}), a closed port ({@code down}), or a server that never answers
     * ({@code slow}).
     */
    private static final class Store implements AutoCloseable {
        final RedisProcess redis;
        final ServerSocket silent;
        final List<Socket> accepted = new CopyOnWriteArrayList<>();

        Store(String state) throws IOException {
            redis = state.equals("up") ? RedisProcess.started() : state.equals("down") ? RedisProcess.notStarted()
                    : null;
            silent = state.equals("slow") ? new ServerSocket(0, 50, InetAddress.getLoopbackAddress()) : null;
            if (silent != null) {
                Thread acceptor = new Thread(() -> {
                    while (true) {
                        try {
                            accepted.add(silent.accept());
                        } catch (IOException closed) {
                            return;
                        }
                    }
                }, "silent-redis");
                acceptor.setDaemon(true);
                acceptor.start();
            }
        }

        /** Sends a command to the Redis that is up; returns the first line of its reply. */
        String command(String... words) {
            try {
                return redis.command(words);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }

        /** Returns how many clients the Redis that is up has, the one asking included. */
        String clients() {
            try {
                return redis.info("clients", "connected_clients").trim();
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }

        String uri() {
            return silent != null ? "redis://127.0.0.1:" + silent.getLocalPort() : redis.uri();
        }

        @Override
        public void close() throws IOException {
            if (redis != null) {
                redis.close();
            }
            if (silent != null) {
                silent.close();
                for (Socket s : accepted) {
                    s.close();
                }
            }
        }
    }

    /** The child JVM and its conversation. */
    private static final class Child {
        final Process process;
        final BufferedReader out;
        final OutputStream in;

        Child(String framework, String uri, String prefix, Path logFile) throws Exception {
            String xml = Path.of(QuietStartTest.class.getResource(
                    "QuietStartTest-" + (framework.startsWith("logback") ? "logback" : "log4j2") + ".xml").toURI())
                    .toString();
            String classPath = System.getProperty("java.class.path");
            if (framework.equals("log4j2")) {
                // No SLF4J provider: Netty then logs through Log4j 2, as in an application that uses Log4j 2 alone.
                classPath = Arrays.stream(classPath.split(java.io.File.pathSeparator))
                        .filter(entry -> !entry.contains("logback"))
                        .collect(Collectors.joining(java.io.File.pathSeparator));
            }
            process = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-Xmx128m", "-DredisUri=" + uri, "-DredisPrefix=" + prefix, "-DlogFile=" + logFile, "-cp",
                    classPath, QuietStartChild.class.getName(), framework, xml)
                    .redirectError(ProcessBuilder.Redirect.INHERIT).start();
            out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
            in = process.getOutputStream();
        }

        /** Returns the statuses at WARN or above that configuring left. */
        List<String> configure() throws IOException {
            List<String> during = new ArrayList<>();
            String line;
            while (!(line = read()).equals("CONFIGURED")) {
                if (line.startsWith("DURING ")) {
                    during.add(line.substring(7));
                }
            }
            return during;
        }

        /** Sends a command and reads up to its last line; false if the child is gone. */
        boolean tell(String command, String last) {
            try {
                in.write((command + "\n").getBytes(StandardCharsets.UTF_8));
                in.flush();
                while (!read().equals(last)) {
                    // lines before the last belong to the command
                }
                return true;
            } catch (IOException e) {
                throw new AssertionError("the child is gone", e);
            }
        }

        /** Returns the statuses at WARN or above since configuring. */
        List<String> statusAfter() {
            try {
                in.write("STATUS\n".getBytes(StandardCharsets.UTF_8));
                in.flush();
                List<String> after = new ArrayList<>();
                String line;
                while (!(line = read()).equals("END")) {
                    if (line.startsWith("AFTER ")) {
                        after.add(line.substring(6));
                    }
                }
                return after;
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }

        void quit() throws Exception {
            try {
                tell("QUIT", "STOPPED");
            } finally {
                assertThat(process.waitFor(30, TimeUnit.SECONDS)).as("the child ended").isTrue();
            }
        }

        private String read() throws IOException {
            String line = out.readLine();
            if (line == null) {
                throw new IOException("the child ended early");
            }
            return line;
        }
    }
}
