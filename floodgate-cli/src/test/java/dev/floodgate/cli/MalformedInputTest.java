package dev.floodgate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MalformedInputTest {

    /* seed= */ private static final long SEED = Long.getLong("flood.test.seed", 20240611L);

    @TempDir
    Path dir;

    @Test
    void replay_binaryJunkOnly_failsWithAClearMessage() throws Exception {
        Path junk = dir.resolve("junk.bin");
        Files.write(junk, junk(2_000_000));

        Cli.Result result = Cli.run("replay", junk.toString(), "--quiet");

        assertThat(result.status()).as("seed %d", SEED).isEqualTo(Main.FAILED);
        assertThat(result.err()).contains("junk.bin: none of the first").contains("--format").contains("--pattern");
    }

    @Test
    void replay_binaryJunkInsideALog_countsItWithoutCrashing() throws Exception {
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        log.write(bytes("10:00:00.000 [main] INFO  com.example.App - Started\n"));
        log.write(junk(100_000));
        log.write(bytes("\n10:00:01.000 [main] INFO  com.example.App - Still here\n"));
        Path file = dir.resolve("app.log");
        Files.write(file, log.toByteArray());

        Replays.Outcome r = Replays.run(file.toString(), "--format", "logback");

        assertThat(r.counts().eventLines).as("seed %d", SEED).isEqualTo(2);
        assertThat(r.counts().binaryLines).isPositive();
        assertThat(r.counts().lines).isEqualTo(r.counts().eventLines + r.counts().continuationLines
                + r.counts().unparsedLines + r.counts().badTimestampLines);
    }

    @Test
    void replay_junkInsideALog_isCopiedByteForByteWithItsEvent() throws Exception {
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        log.write(bytes("10:00:00.000 [main] INFO  com.example.App - Started\n"));
        log.write(junk(10_000));
        log.write(bytes("\n"));
        Path file = dir.resolve("app.log");
        Files.write(file, log.toByteArray());
        Path out = dir.resolve("out.log");

        Replays.run(file.toString(), "--format", "logback", "--out", out.toString());

        assertThat(Files.readAllBytes(out)).as("seed %d", SEED).isEqualTo(log.toByteArray());
    }

    @Test
    void replay_linesWithoutTimestampsBeforeTheFirstEvent_areCountedAsUnparsedAndPassed() throws Exception {
        Path file = write(""
                + "=== log start ===\n"
                + "no timestamp here\n"
                + "10:00:00.000 [main] INFO  com.example.App - Started\n");

        Replays.Outcome r = Replays.run(file.toString());

        assertThat(r.counts().unparsedLines).isEqualTo(2);
        assertThat(r.counts().passedLines).isEqualTo(3);
    }

    @Test
    void replay_tenMegabyteLine_isMatchedOnItsStartAndCopiedWhole() throws Exception {
        char[] huge = new char[10 * 1024 * 1024];
        Arrays.fill(huge, 'x');
        String line = "10:00:00.001 [main] INFO  com.example.App - Dump " + new String(huge) + "\n";
        String content = "10:00:00.000 [main] INFO  com.example.App - Before\n" + line
                + "10:00:00.002 [main] INFO  com.example.App - After\n";
        Path file = write(content);
        Path out = dir.resolve("out.log");

        Replays.Outcome r = Replays.run(file.toString(), "--out", out.toString());

        assertThat(r.counts().eventLines).isEqualTo(3);
        assertThat(r.counts().cutLines).isEqualTo(1);
        assertThat(Files.size(out)).isEqualTo(content.length());
    }

    @Test
    void replay_tenMegabyteLineWithoutNewline_isOneCutLine() throws Exception {
        byte[] huge = new byte[10 * 1024 * 1024];
        Arrays.fill(huge, (byte) 'y');
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        log.write(bytes("10:00:00.000 [main] INFO  com.example.App - Before\n"));
        log.write(huge);
        Path file = dir.resolve("app.log");
        Files.write(file, log.toByteArray());

        Replays.Outcome r = Replays.run(file.toString());

        assertThat(r.counts().lines).isEqualTo(2);
        assertThat(r.counts().continuationLines).isEqualTo(1);
        assertThat(r.counts().cutLines).isEqualTo(1);
    }

    @Test
    void replay_unparsableDates_areCountedAndPassedUnchanged() throws Exception {
        Path file = write(""
                + "2024-05-01 10:00:00.000 [main] INFO  com.example.App - Good\n"
                + "2024-02-30 10:00:00.000 [main] INFO  com.example.App - No such day\n"
                + "2024-05-01 25:61:00.000 [main] INFO  com.example.App - No such time\n"
                + "2024-13-01 10:00:00.000 [main] INFO  com.example.App - No such month\n"
                + "2024-05-01 10:00:01.000 [main] INFO  com.example.App - Good again\n");

        Replays.Outcome r = Replays.run(file.toString(), "--format", "logback");

        assertThat(r.counts().badTimestampLines).isEqualTo(3);
        assertThat(r.counts().eventLines).isEqualTo(2);
        assertThat(r.counts().passedLines).isEqualTo(5);
    }

    @Test
    void replay_linesAfterAnUnparsableDate_arePassedUntilTheNextEvent() throws Exception {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 100; i++) {
            sb.append(String.format("2024-05-01 10:00:00.%03d [main] WARN  com.example.Db - Retry %d%n", i, i));
        }
        sb.append("2024-05-01 99:00:00.000 [main] WARN  com.example.Db - Retry 100\n")
                .append("\tat com.example.Db.retry(Db.java:1)\n");
        Path file = write(sb.toString());

        Replays.Outcome r = Replays.run(file.toString());

        assertThat(r.counts().suppressedEvents).isPositive();
        assertThat(r.counts().unparsedLines).isEqualTo(1);
        assertThat(r.counts().passedLines).isEqualTo(100 - r.counts().suppressedEvents + 2);
    }

    @Test
    void replay_unparsableDates_areNamedInTheReport() throws Exception {
        Path file = write(""
                + "2024-05-01 10:00:00.000 [main] INFO  com.example.App - Good\n"
                + "2024-02-30 10:00:00.000 [main] INFO  com.example.App - No such day\n");

        Cli.Result result = Cli.run("replay", file.toString(), "--quiet");

        assertThat(result.status()).isZero();
        assertThat(result.out()).contains("unparsable timestamps").contains("1");
    }

    @Test
    void replay_emptyFile_reportsNothingAndSucceeds() throws Exception {
        Path file = write("");

        Cli.Result result = Cli.run("replay", file.toString(), "--quiet");

        assertThat(result.status()).isZero();
        assertThat(result.out()).containsPattern("Lines in +0\\R").contains("format   - (empty input)");
    }

    @Test
    void replay_noLineMatchesTheNamedFormat_failsWithAClearMessage() throws Exception {
        Path file = write("just some text\nand more text\n");

        Cli.Result result = Cli.run("replay", file.toString(), "--format", "logback", "--quiet");

        assertThat(result.status()).isEqualTo(Main.FAILED);
        assertThat(result.err()).contains("no line matched the format logback");
    }

    @Test
    void replay_outOfOrderTimestamps_areCountedAndDecidedAtTheLaterTime() throws Exception {
        Path file = write(""
                + "10:00:01.000 [a] INFO  com.example.App - One\n"
                + "10:00:00.750 [b] INFO  com.example.App - Two\n"
                + "10:00:02.000 [a] INFO  com.example.App - Three\n");

        Replays.Outcome r = Replays.run(file.toString());

        assertThat(r.counts().outOfOrderEvents).isEqualTo(1);
        assertThat(r.counts().maxBackstepMillis).isEqualTo(250);
    }

    @Test
    void replay_crlfLines_areReadAndCopiedWithTheirTerminators() throws Exception {
        String content = "10:00:00.000 [main] INFO  com.example.App - One\r\n"
                + "10:00:01.000 [main] INFO  com.example.App - Two\r\n";
        Path file = write(content);
        Path out = dir.resolve("out.log");

        Replays.Outcome r = Replays.run(file.toString(), "--out", out.toString());

        assertThat(r.counts().eventLines).isEqualTo(2);
        assertThat(Files.readString(out)).isEqualTo(content);
    }

    private byte[] junk(int n) {
        byte[] b = new byte[n];
        new Random(SEED).nextBytes(b);
        for (int i = 0; i < n; i++) {
            if (b[i] == '\n') {
                b[i] = 0;
            }
        }
        return b;
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private Path write(String content) throws IOException {
        Path p = dir.resolve("app.log");
        Files.writeString(p, content, StandardCharsets.UTF_8);
        return p;
    }
}
