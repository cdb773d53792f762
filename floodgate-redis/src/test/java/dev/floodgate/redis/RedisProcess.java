package dev.floodgate.redis;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * A real redis-server for tests: the binary that {@code com.github.codemonstur:embedded-redis} ships, run as a child
 * process on a free port, which tests can kill and start again on the same port. Skips the test (with the reason)
 * on a platform for which the artifact ships no binary.
 */
final class RedisProcess implements AutoCloseable {

    private static final String BINARY = "redis-server-6.2.6-v5-linux-amd64";

    private final int port;
    private final List<String> extra;
    private Process process;

    private RedisProcess(int port, List<String> extra) {
        this.port = port;
        this.extra = extra;
    }

    /** Starts a server on a free port with the given extra arguments ({@code --requirepass}, ...). */
    static RedisProcess started(String... extra) throws IOException {
        RedisProcess redis = new RedisProcess(freePort(), List.of(extra));
        redis.start();
        return redis;
    }

    /** Returns a server that is not started, on a free port, for tests where Redis is absent at first. */
    static RedisProcess notStarted(String... extra) throws IOException {
        return new RedisProcess(freePort(), List.of(extra));
    }

    int port() {
        return port;
    }

    String uri() {
        return "redis://127.0.0.1:" + port;
    }

    /** Starts the server (again) and returns once it answers PING. */
    void start() throws IOException {
        List<String> command = new ArrayList<>(List.of(binary().toString(), "--port", Integer.toString(port),
                "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--loglevel", "warning"));
        command.addAll(extra);
        process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (true) {
            try {
                String pong = command("PING");
                if (pong.startsWith("+PONG") || pong.startsWith("-NOAUTH")) {
                    return;
                }
            } catch (IOException notYet) {
                if (System.nanoTime() > deadline || !process.isAlive()) {
                    throw new IOException("redis-server did not start on port " + port, notYet);
                }
            }
            Thread.onSpinWait();
        }
    }

    /** Kills the server at once (SIGKILL), as a crash would, and waits until it is gone. */
    void kill() {
        if (process != null) {
            process.destroyForcibly();
            try {
                process.waitFor(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Sends one command in the inline protocol and returns the first line of the reply. */
    String command(String... words) throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 1_000);
            socket.setSoTimeout(10_000);
            StringBuilder sb = new StringBuilder("*").append(words.length).append("\r\n");
            for (String w : words) {
                sb.append('$').append(w.getBytes(StandardCharsets.UTF_8).length).append("\r\n").append(w).append("\r\n");
            }
            OutputStream out = socket.getOutputStream();
            out.write(sb.toString().getBytes(StandardCharsets.UTF_8));
            out.flush();
            InputStream in = socket.getInputStream();
            StringBuilder reply = new StringBuilder();
            int c;
            while ((c = in.read()) != -1) {
                reply.append((char) c);
                if (c == '\n') {
                    if (reply.charAt(0) == '$' && !reply.toString().startsWith("$-1")) {
                        int len = Integer.parseInt(reply.substring(1).trim());
                        byte[] body = in.readNBytes(len + 2);
                        return new String(body, StandardCharsets.UTF_8).trim();
                    }
                    break;
                }
            }
            return reply.toString().trim();
        }
    }

    /** Returns a field of {@code INFO section}, e.g. {@code cmdstat_evalsha}. */
    String info(String section, String field) throws IOException {
        String all = command("INFO", section);
        for (String line : all.split("\r?\n")) {
            if (line.startsWith(field + ":")) {
                return line.substring(field.length() + 1);
            }
        }
        return "";
    }

    @Override
    public void close() {
        kill();
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    private static synchronized Path binary() throws IOException {
        Assumptions.assumeTrue("Linux".equals(System.getProperty("os.name")) && "amd64".equals(System.getProperty("os.arch")),
                "embedded-redis ships the Linux redis-server used here for linux-amd64 only; skipped on "
                        + System.getProperty("os.name") + "/" + System.getProperty("os.arch"));
        Path file = Path.of(System.getProperty("java.io.tmpdir"), "floodgate-" + BINARY);
        if (!Files.isExecutable(file)) {
            try (InputStream in = RedisProcess.class.getResourceAsStream("/" + BINARY)) {
                if (in == null) {
                    throw new IOException(BINARY + " is not on the test classpath (com.github.codemonstur:embedded-redis)");
                }
                Path tmp = Files.createTempFile("floodgate-redis", ".bin");
                Files.copy(in, tmp, StandardCopyOption.REPLACE_EXISTING);
                tmp.toFile().setExecutable(true);
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            }
        }
        return file;
    }
}
