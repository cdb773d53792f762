package dev.floodgate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every input line that {@code replay --out} or {@code pipe} writes ends with a line break of its own, whatever the
 * input: a last line with or without a newline, several files, gzip, CRLF, and a last line longer than what is kept
 * in memory, so that no two input lines are ever glued into one.
 */
class GluedLinesTest {

    @TempDir
    Path dir;

    /** A flood of 30 lines in 3 seconds: the default limits suppress some, so summaries follow the last line. */
    private static String flood(String eol, boolean lastNewline, int second, String last) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 30; i++) {
            sb.append(String.format("10:00:%02d.%03d [main] WARN  a.B - Connection to db-%d failed", second + i / 10,
                    i, i % 3)).append(eol);
        }
        sb.append(String.format("10:00:%02d.999 [main] INFO  a.B - ", second + 3)).append(last);
        return lastNewline ? sb.append(eol).toString() : sb.toString();
    }

    @ParameterizedTest(name = "eol={0} lastNewline={1} gzip={2}")
    @CsvSource({
        "LF, true, false", "LF, false, false", "CRLF, true, false", "CRLF, false, false",
        "LF, false, true", "CRLF, false, true",
    })
    void replayOut_oneFile_everyWrittenLineEndsWithItsOwnBreak(String eolName, boolean lastNewline, boolean gzip)
            throws Exception {
        String eol = eolName.equals("CRLF") ? "\r\n" : "\n";
        Path log = write("a.log", flood(eol, lastNewline, 0, "other message"), gzip);
        Path out = dir.resolve("out.log");

        Cli.Result r = Cli.run("replay", log.toString(), "--date", "2024-05-01", "--quiet", "--out", out.toString());

        assertThat(r.status()).isZero();
        List<String> lines = linesOf(Files.readString(out, StandardCharsets.UTF_8), eol);
        assertThat(lines).contains("10:00:03.999 [main] INFO  a.B - other message");
        assertThat(lines.get(lines.size() - 1)).contains("Suppressed");
        assertNotGlued(lines);
    }

    @ParameterizedTest(name = "lastNewline={0} gzip={1}")
    @CsvSource({"false, false", "true, false", "false, true"})
    void replayOut_severalFiles_lastLineOfOneIsNotGluedToTheFirstOfTheNext(boolean lastNewline, boolean gzip)
            throws Exception {
        Path a = write("a.log", flood("\n", lastNewline, 0, "end of a"), gzip);
        Path b = write("b.log", flood("\n", lastNewline, 10, "end of b"), gzip);
        Path out = dir.resolve("out.log");

        Cli.Result r = Cli.run("replay", a.toString(), b.toString(), "--date", "2024-05-01", "--quiet", "--out",
                out.toString());

        assertThat(r.status()).isZero();
        List<String> lines = linesOf(Files.readString(out, StandardCharsets.UTF_8), "\n");
        assertThat(lines).contains("10:00:03.999 [main] INFO  a.B - end of a", "10:00:13.999 [main] INFO  a.B - end of b");
        assertNotGlued(lines);
    }

    @ParameterizedTest(name = "eol={0} lastNewline={1}")
    @CsvSource({"LF, false", "CRLF, false", "LF, true"})
    void replayOut_lastLineLongerThanKept_isWrittenWholeWithABreak(String eolName, boolean lastNewline)
            throws Exception {
        String eol = eolName.equals("CRLF") ? "\r\n" : "\n";
        String longTail = "x".repeat(Replay.MAX_KEPT_BYTES + 10_000);
        Path log = write("a.log", flood(eol, lastNewline, 0, longTail), false);
        Path out = dir.resolve("out.log");

        Cli.Result r = Cli.run("replay", log.toString(), "--date", "2024-05-01", "--quiet", "--out", out.toString());

        assertThat(r.status()).isZero();
        List<String> lines = linesOf(Files.readString(out, StandardCharsets.UTF_8), eol);
        assertThat(lines).contains("10:00:03.999 [main] INFO  a.B - " + longTail);
        assertNotGlued(lines);
    }

    @ParameterizedTest(name = "eol={0} lastNewline={1} format={2}")
    @CsvSource({"LF, false, none", "CRLF, false, none", "LF, true, none", "LF, false, logback",
        "CRLF, false, logback"})
    void pipe_endOfInput_lastLineIsNotGluedToTheSummaries(String eolName, boolean lastNewline, String format) {
        String eol = eolName.equals("CRLF") ? "\r\n" : "\n";
        String in = flood(eol, lastNewline, 0, "other message");
        ByteArrayOutputStream out = new ByteArrayOutputStream();

        int status = Main.run(new String[] {"pipe", "--format", format}, new ByteArrayInputStream(
                in.getBytes(StandardCharsets.UTF_8)), out, new PrintStream(new ByteArrayOutputStream(), true,
                StandardCharsets.UTF_8), false);

        assertThat(status).isZero();
        List<String> lines = linesOf(out.toString(StandardCharsets.UTF_8), eol);
        assertThat(lines).contains("10:00:03.999 [main] INFO  a.B - other message");
        assertThat(lines.get(lines.size() - 1)).contains("Suppressed");
        assertNotGlued(lines);
    }

    /** Splits written text at {@code eol}, asserting that it ends with one and that no other break is used. */
    private static List<String> linesOf(String text, String eol) {
        assertThat(text).endsWith(eol);
        if (eol.equals("\n")) {
            assertThat(text).doesNotContain("\r");
        } else {
            assertThat(text.replace("\r\n", "")).doesNotContain("\n").doesNotContain("\r");
        }
        List<String> lines = new ArrayList<>(List.of(text.split(eol.equals("\n") ? "\n" : "\r\n", -1)));
        lines.remove(lines.size() - 1);
        return lines;
    }

    /** Every line is one input line or one summary line, never parts of two. */
    private static void assertNotGlued(List<String> lines) {
        for (String line : lines) {
            if (line.contains("Suppressed ")) {
                assertThat(line).matches("(\\d\\d:\\d\\d:\\d\\d\\.\\d{3} \\[floodgate\\] WARN  a\\.B - )?"
                        + "Suppressed \\d+ messages like \"[^\"]*\" in the last [^\"]*\\)");
            } else {
                assertThat(line).matches("10:00:\\d\\d\\.\\d{3} \\[main\\] (WARN |INFO ) a\\.B - "
                        + "(Connection to db-\\d failed|other message|end of [ab]|x+)");
            }
        }
    }

    private Path write(String name, String text, boolean gzip) throws IOException {
        Path file = dir.resolve(gzip ? name + ".gz" : name);
        try (OutputStream o = gzip ? new GZIPOutputStream(Files.newOutputStream(file)) : Files.newOutputStream(file)) {
            o.write(text.getBytes(StandardCharsets.UTF_8));
        }
        return file;
    }
}
