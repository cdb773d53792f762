package dev.floodgate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the tool prints itself (the report, the summary lines it adds, its error messages) shows the control
 * characters of a log escaped, so that a log cannot retitle the terminal, clear it, or forge a line through them.
 */
class EscapedOutputTest {

    /** Sets the terminal's window title, then clears the screen. */
    private static final String TERMINAL_ATTACK = "\u001b]0;pwned\u0007\u001b[2J";
    private static final String TERMINAL_ATTACK_ESCAPED = "\\u001b]0;pwned\\u0007\\u001b[2J";
    /** The same in a fingerprint, whose numbers are masked. */
    private static final String TERMINAL_ATTACK_MASKED = "\\u001b]<n>;pwned\\u0007\\u001b[<n>J";

    @TempDir
    Path dir;

    @Test
    void replay_jsonLogWithEscapedControls_reportShowsThemEscaped() throws Exception {
        Path log = TestLogs.logback(dir.resolve("app.json"), "EscapedOutputTest-logstash", sink -> {
            for (int i = 0; i < 200; i++) {
                sink.log("com.example.Orders", "WARN", TERMINAL_ATTACK + "Order {} failed\u0000", i);
            }
        });
        assertThat(Files.readString(log)).contains("\\u001B]0;pwned").doesNotContain("\u001b");

        Cli.Result r = Cli.run("replay", log.toString(), "--quiet");

        assertThat(r.status()).isZero();
        assertThat(r.out()).contains(TERMINAL_ATTACK_MASKED + "Order <n> failed\\u0000");
        assertPrintable(r.out());
    }

    @Test
    void replay_jsonLogWithEscapedControls_summaryLinesKeepThemEscapedAsJson() throws Exception {
        Path log = TestLogs.logback(dir.resolve("app.json"), "EscapedOutputTest-logstash", sink -> {
            for (int i = 0; i < 200; i++) {
                sink.log("com.example.Orders", "WARN", TERMINAL_ATTACK + "Order {} failed\u202e", i);
            }
        });
        Path out = dir.resolve("out.json");

        Cli.Result r = Cli.run("replay", log.toString(), "--quiet", "--out", out.toString());

        List<String> summaries = summaryLines(out);
        assertThat(r.status()).isZero();
        assertThat(summaries).isNotEmpty().allSatisfy(line -> {
            JsonLine json = new JsonLine();
            assertThat(json.parse(line)).isTrue();
            assertThat(ControlEscaper.escape(json.string("message")))
                    .contains(TERMINAL_ATTACK_MASKED + "Order <n> failed\\u202e");
            assertPrintable(line);
        });
    }

    @Test
    void replay_plainLogWithRawControls_reportAndSummaryLinesShowThemEscaped() throws Exception {
        Path log = TestLogs.logback(dir.resolve("app.log"), "EscapedOutputTest-logback", sink -> {
            for (int i = 0; i < 200; i++) {
                sink.log("com.example.Disk", "WARN", TERMINAL_ATTACK + "Disk {} full\u0000", i);
            }
        });
        assertThat(Files.readString(log)).contains(TERMINAL_ATTACK).contains("\u0000");
        Path out = dir.resolve("out.log");

        Cli.Result r = Cli.run("replay", log.toString(), "--quiet", "--date", "2024-05-01", "--out", out.toString());

        assertThat(r.status()).isZero();
        assertThat(r.out()).contains(TERMINAL_ATTACK_MASKED + "Disk <n> full\\u0000")
                .contains(TERMINAL_ATTACK_ESCAPED + "Disk 0 full\\u0000");
        assertPrintable(r.out());
        assertThat(summaryLines(out)).isNotEmpty().allSatisfy(line -> {
            assertThat(line).contains(TERMINAL_ATTACK_MASKED + "Disk <n> full\\u0000");
            assertPrintable(line);
        });
    }

    @Test
    void pipe_messagesWithControls_summaryLinesShowThemEscaped() {
        StringBuilder in = new StringBuilder();
        for (int i = 0; i < 500; i++) {
            in.append("\u001b[2JQuery ").append(i).append(" timed out\u2028fake line\n");
        }

        Cli.Result r = Cli.runWithInput(in.toString(), "pipe");

        List<String> summaries = r.out().lines().filter(l -> l.startsWith("Suppressed ")).collect(Collectors.toList());
        assertThat(summaries).isNotEmpty().allSatisfy(line -> {
            assertThat(line).contains("\\u001b[<n>JQuery <n> timed out\\u2028fake line");
            assertPrintable(line);
        });
    }

    @Test
    void error_fileNameWithControls_isQuotedEscaped() {
        Cli.Result r = Cli.run("replay", "gone" + TERMINAL_ATTACK + ".log", "--quiet");

        assertThat(r.status()).isEqualTo(Main.FAILED);
        assertThat(r.err()).contains("floodgate: gone" + TERMINAL_ATTACK_ESCAPED + ".log: no such file");
        assertPrintable(r.err());
    }

    @Test
    void error_optionValueWithALineBreak_staysOnOneLine() {
        Cli.Result r = Cli.run("pipe", "--timeframe=soon\nfloodgate: all is well");

        assertThat(r.status()).isEqualTo(Main.USAGE);
        assertThat(r.err()).contains("soon\\nfloodgate: all is well");
        assertThat(r.err().lines()).noneMatch(line -> line.startsWith("floodgate: all is well"));
    }

    /** Asserts that no line of {@code text} holds a character that {@link ControlEscaper} escapes. */
    private static void assertPrintable(String text) {
        for (String line : text.split("\n", -1)) {
            assertThat(line.chars().filter(c -> ControlEscaper.needsEscape((char) c)).count())
                    .as("characters to escape in %s", line).isZero();
        }
    }

    private static List<String> summaryLines(Path out) throws Exception {
        return Files.readAllLines(out, StandardCharsets.UTF_8).stream().filter(l -> l.contains("Suppressed "))
                .collect(Collectors.toList());
    }
}
