package dev.floodgate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Runs the packaged jar the way users do: {@code java -jar floodgate-cli.jar ...}. Run by failsafe. */
class FloodgateCliJarTest {

    @TempDir
    Path dir;

    @Test
    void jar_help_printsUsageAndExits0() throws Exception {
        Process p = jar("--help");
        String out = PipeTest.feedAndRead(p, "");

        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).isZero();
        assertThat(out).contains("Usage: java -jar floodgate-cli.jar replay");
    }

    @Test
    void jar_replay_reportsTheFlood() throws Exception {
        StringBuilder log = new StringBuilder();
        for (int i = 0; i < 1_000; i++) {
            log.append(String.format("2024-05-01 10:00:%02d.%03d [main] WARN  com.example.Db - Query %d timed out%n",
                    i / 100, i % 100 * 10, i));
        }
        Path file = dir.resolve("app.log");
        Files.writeString(file, log.toString(), StandardCharsets.UTF_8);

        Process p = jar("replay", file.toString(), "--quiet");
        String out = PipeTest.feedAndRead(p, "");

        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).isZero();
        assertThat(out).contains("Lines in").contains("Query <n> timed out");
    }

    @Test
    void jar_pipe_filtersStdinToStdout() throws Exception {
        Process p = jar("pipe");
        String out = PipeTest.feedAndRead(p, "Query 1 timed out\n".repeat(100) + "done\n");

        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).isZero();
        assertThat(out).contains("done").contains("Suppressed ");
    }

    @Test
    void jar_badOption_exits2() throws Exception {
        Process p = jar("pipe", "--timeframe=never");
        PipeTest.feedAndRead(p, "");

        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).isEqualTo(Main.USAGE);
        assertThat(PipeTest.stderr(p)).contains("timeframe").contains("never");
    }

    private static Process jar(String... args) throws IOException {
        String jar = System.getProperty("floodgate.cli.jar", "target/floodgate-cli.jar");
        List<String> command = new ArrayList<>(List.of(PipeTest.javaExecutable(), "-jar", jar));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).start();
    }
}
