package dev.floodgate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.floodgate.core.FloodEngine;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class PipeTest {

    private static final Pattern SUMMARY = Pattern.compile("Suppressed ([\\d,]+) messages? like");

    @Test
    void pipe_floodThroughARealProcess_accountsForEveryLine() throws Exception {
        StringBuilder in = new StringBuilder();
        for (int i = 0; i < 3_000; i++) {
            in.append("worker-").append(i % 4).append(": connection to 10.0.0.").append(i % 250)
                    .append(" refused\n");
        }
        in.append("shutting down\n");

        Process p = start("pipe");
        String out = feedAndRead(p, in.toString());

        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).isZero();
        assertThat(stderr(p)).isEmpty();
        List<String> passed = new ArrayList<>();
        long summarized = 0;
        for (String line : out.split("\n")) {
            Matcher m = SUMMARY.matcher(line);
            if (m.find()) {
                summarized += Long.parseLong(m.group(1).replace(",", ""));
            } else {
                passed.add(line);
            }
        }
        assertThat(passed.size() + summarized).isEqualTo(3_001);
        assertThat(summarized).isPositive();
        assertThat(passed).contains("shutting down");
    }

    @Test
    void pipe_badOptionThroughARealProcess_exits2WithUsageOnStderr() throws Exception {
        Process p = start("pipe", "--no-such-option");
        String out = feedAndRead(p, "");

        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).isEqualTo(Main.USAGE);
        assertThat(out).isEmpty();
        assertThat(stderr(p)).contains("unknown option --no-such-option").contains("Usage: ");
    }

    @Test
    void pipe_stdoutClosedByTheReader_exitsQuietly() throws Exception {
        Process p = start("pipe");
        Thread feeder = new Thread(() -> {
            try (OutputStream stdin = p.getOutputStream()) {
                for (int i = 0; i < 1_000_000; i++) {
                    stdin.write(("distinct line " + letters(i) + "\n").getBytes(StandardCharsets.UTF_8));
                }
            } catch (IOException e) {
                // The tool stopped reading: expected.
            }
        });
        feeder.start();
        InputStream stdout = p.getInputStream();
        assertThat(stdout.read()).isNotNegative();
        stdout.close();

        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        feeder.join();
        assertThat(p.exitValue()).isZero();
        assertThat(stderr(p)).isEmpty();
    }

    @Test
    void pipe_stackTrace_followsItsEvent() {
        StringBuilder in = new StringBuilder();
        for (int i = 0; i < 200; i++) {
            in.append("Request ").append(i).append(" failed\n")
                    .append("java.lang.IllegalStateException: boom\n")
                    .append("\tat com.example.Api.call(Api.java:12)\n");
        }

        Cli.Result r = Cli.runWithInput(in.toString(), "pipe", "--format", "none");

        List<String> lines = List.of(r.out().split("\n"));
        long events = lines.stream().filter(l -> l.startsWith("Request ")).count();
        long exceptions = lines.stream().filter(l -> l.startsWith("java.lang.")).count();
        long frames = lines.stream().filter(l -> l.startsWith("\tat ")).count();
        assertThat(r.status()).isZero();
        assertThat(events).isLessThan(200).isPositive();
        assertThat(exceptions).isEqualTo(events);
        assertThat(frames).isEqualTo(events);
    }

    @Test
    void pipe_withAFormat_writesSummaryLinesInTheLogsLayout() {
        StringBuilder in = new StringBuilder();
        for (int i = 0; i < 500; i++) {
            in.append(String.format("10:00:00.%03d [main] WARN  com.example.Db - Query %d timed out%n", i, i));
        }

        Cli.Result r = Cli.runWithInput(in.toString(), "pipe", "--format", "logback");

        assertThat(r.status()).isZero();
        assertThat(r.out()).containsPattern(
                "(?m)^\\d{2}:\\d{2}:\\d{2}\\.\\d{3} \\[floodgate\\] WARN  com\\.example\\.Db - Suppressed [\\d,]+ messages "
                        + "like \"Query <n> timed out\"");
    }

    @Test
    void pipe_dryRun_passesEveryLineAndSaysWhatItWouldHaveSuppressed() {
        StringBuilder in = new StringBuilder();
        for (int i = 0; i < 500; i++) {
            in.append("Query ").append(i).append(" timed out\n");
        }

        Cli.Result r = Cli.runWithInput(in.toString(), "pipe", "--dryRun");

        assertThat(r.out().lines().filter(l -> l.startsWith("Query ")).count()).isEqualTo(500);
        assertThat(r.out()).contains("Would have suppressed");
    }

    @Test
    void pipe_summaryWithoutFormat_isTheSummaryMessageAlone() {
        StringBuilder in = new StringBuilder();
        for (int i = 0; i < 500; i++) {
            in.append("Query ").append(i).append(" timed out\n");
        }

        Cli.Result r = Cli.runWithInput(in.toString(), "pipe");

        assertThat(r.out()).containsPattern("(?m)^Suppressed [\\d,]+ messages like \"Query <n> timed out\"");
        assertThat(r.out()).doesNotContain(FloodEngine.SUMMARY_LOGGER);
    }

    @Test
    void pipe_includeThrowable_exits2() {
        Cli.Result r = Cli.runWithInput("", "pipe", "--includeThrowable");

        assertThat(r.status()).isEqualTo(Main.USAGE);
        assertThat(r.err()).contains("includeThrowable: not available in pipe");
    }

    @Test
    void pipe_fileOperand_exits2() {
        Cli.Result r = Cli.runWithInput("", "pipe", "app.log");

        assertThat(r.status()).isEqualTo(Main.USAGE);
        assertThat(r.err()).contains("pipe reads standard input");
    }

    @Test
    void pipe_autoFormat_exits2() {
        Cli.Result r = Cli.runWithInput("", "pipe", "--format", "auto");

        assertThat(r.status()).isEqualTo(Main.USAGE);
        assertThat(r.err()).contains("pipe cannot detect a format");
    }

    /** Returns {@code i} written in the letters a to z, so that no two lines share a fingerprint. */
    private static String letters(int i) {
        StringBuilder sb = new StringBuilder();
        int n = i;
        do {
            sb.append((char) ('a' + n % 26));
            n /= 26;
        } while (n > 0);
        return sb.toString();
    }

    /** Starts the tool in a new JVM on the classes this build produced (main classes, no test dependencies). */
    static Process start(String... args) throws IOException {
        return start(List.of(), args);
    }

    /** Starts the tool as {@link #start(String...)} does, the JVM run with {@code jvmOptions} (e.g. a heap limit). */
    static Process start(List<String> jvmOptions, String... args) throws IOException {
        String classpath = location(Main.class) + File.pathSeparator + location(FloodEngine.class);
        List<String> command = new ArrayList<>(List.of(javaExecutable()));
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", classpath, Main.class.getName()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).start();
    }

    /** Writes {@code input} to the process's stdin from another thread, closes it, and reads stdout to EOF. */
    static String feedAndRead(Process p, String input) throws Exception {
        Thread feeder = new Thread(() -> {
            try (OutputStream stdin = p.getOutputStream()) {
                stdin.write(input.getBytes(StandardCharsets.UTF_8));
            } catch (IOException e) {
                // The process ended before reading everything; its exit status tells.
            }
        });
        feeder.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        feeder.join();
        return out;
    }

    static String stderr(Process p) throws IOException {
        return new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    }

    static String javaExecutable() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    private static String location(Class<?> type) {
        try {
            return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
