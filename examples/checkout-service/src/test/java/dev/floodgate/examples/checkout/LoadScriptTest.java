package dev.floodgate.examples.checkout;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code load.sh}, as the README runs it, with a small load: 200 checkouts, 2 at a time, no warm-up, against the
 * service built by this module (it is not built again: {@code LOAD_NO_BUILD=1}). It starts the service three times on
 * 127.0.0.1 (without Floodgate, with it, with it and {@code %fgEx}), and each run's log is read as the script left it
 * in {@code target/load/}.
 */
class LoadScriptTest {

    private static final int REQUESTS = 200;
    /** What the servlet container logs, with the stack trace, for each failed checkout. */
    private static final String FAILURE = "Servlet.service() for servlet [dispatcherServlet] in context with path []"
            + " threw exception [Request processing failed: ";
    private static final Pattern SUMMARY = Pattern.compile("Suppressed ([\\d,]+) messages like \"Servlet\\.service");
    /** The first line of a stack trace that %fgEx prints in full. */
    private static final Pattern FULL_TRACE = Pattern.compile(
            "\\[trace [0-9a-f]{8}\\] java\\.net\\.ConnectException: Connection refused.*");
    /** The one line that stands for a repeat of it. */
    private static final Pattern REPEAT = Pattern.compile("\\[trace [0-9a-f]{8}, \\d+ frames, in full at [^\\]]+\\]"
            + " java\\.net\\.ConnectException: Connection refused.*");

    private static List<String> printed;

    @BeforeAll
    static void runTheScript() throws IOException, InterruptedException {
        Path output = Files.createTempFile(Paths.get("target"), "load", ".out");
        ProcessBuilder builder = new ProcessBuilder("bash", "load.sh", String.valueOf(REQUESTS), "2", "0")
                .redirectErrorStream(true).redirectOutput(output.toFile());
        builder.environment().put("LOAD_NO_BUILD", "1");
        builder.environment().remove("JAVA_TOOL_OPTIONS");
        Process process = builder.start();
        if (!process.waitFor(5, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new AssertionError("load.sh did not end within 5 minutes:\n" + Files.readString(output));
        }
        printed = Files.readAllLines(output, StandardCharsets.UTF_8);
        assertThat(process.exitValue()).as("load.sh's exit code; it printed:%n%s", String.join("\n", printed))
                .isZero();
    }

    @Test
    void loadSh_everyRequest_isAnswered500() {
        assertThat(printed).as("%s", printed).anyMatch(
                l -> l.matches("requests answered 500 +" + REQUESTS + " +" + REQUESTS + " +" + REQUESTS));
    }

    @Test
    void loadSh_withoutFloodgate_logsEveryFailureWithItsStackTrace() throws IOException {
        List<String> log = Files.readAllLines(Paths.get("target/load/without.log"), StandardCharsets.UTF_8);

        assertThat(log.stream().filter(l -> l.contains(FAILURE))).hasSize(REQUESTS);
        assertThat(log.stream().filter(l -> l.startsWith("java.net.ConnectException: Connection refused")))
                .hasSize(REQUESTS);
    }

    @Test
    void loadSh_withFloodgate_keepsTheBurstAndSummarizesTheRest() throws IOException {
        List<String> log = log("with");

        long kept = kept(log);
        assertThat(kept).as("failures logged with their stack trace").isBetween(16L, REQUESTS - 1L);
        assertThat(kept + summarized(log)).as("kept + summarized").isEqualTo(REQUESTS);
        assertThat(log.stream().filter(l -> l.startsWith("java.net.ConnectException: Connection refused")))
                .hasSize((int) kept);
    }

    @Test
    void loadSh_withFgEx_printsTheTraceInFullOnceAndItsRepeatsAsOneLine() throws IOException {
        List<String> log = log("traces");
        long kept = kept(log);
        long full = log.stream().filter(l -> FULL_TRACE.matcher(l).matches()).count();
        long repeats = log.stream().filter(l -> REPEAT.matcher(l).matches()).count();

        assertThat(kept + summarized(log)).as("kept + summarized").isEqualTo(REQUESTS);
        assertThat(full).as("full traces, one per summary interval the load spans").isBetween(1L, 3L);
        assertThat(full + repeats).as("each kept failure's trace, in full or as a reference").isEqualTo(kept);
        assertThat(log.stream().filter(l -> l.startsWith("\tat "))).as("frames printed").isNotEmpty()
                .hasSizeLessThan((int) (full * 200));
    }

    @Test
    void loadSh_prints_fewerLinesAndBytesWithFloodgateAndFewerStillWithFgEx() {
        assertThat(figures("log lines")[1]).isLessThan(figures("log lines")[0]);
        assertThat(figures("log bytes")[1]).isLessThan(figures("log bytes")[0]);
        assertThat(figures("log lines")[2]).isLessThan(figures("log lines")[1]);
        assertThat(figures("log bytes")[2]).isLessThan(figures("log bytes")[1]);
        assertThat(printed)
                .anyMatch(l -> l.matches("CPU time of the service +\\d+\\.\\d s +\\d+\\.\\d s +\\d+\\.\\d s"));
    }

    private static List<String> log(String run) throws IOException {
        return Files.readAllLines(Paths.get("target/load/" + run + ".log"), StandardCharsets.UTF_8);
    }

    /** The failures a run's log kept: the container's line for each, not counting summaries. */
    private static long kept(List<String> log) {
        return log.stream().filter(l -> l.contains(FAILURE) && !SUMMARY.matcher(l).find()).count();
    }

    private static long summarized(List<String> log) {
        long summarized = 0;
        for (String line : log) {
            Matcher m = SUMMARY.matcher(line);
            if (m.find()) {
                summarized += Long.parseLong(m.group(1).replace(",", ""));
            }
        }
        return summarized;
    }

    /** The three numbers of the printed row {@code name}: without Floodgate, with it, with it and %fgEx. */
    private static long[] figures(String name) {
        for (String line : printed) {
            Matcher m = Pattern.compile(Pattern.quote(name) + " +(\\d+) +(\\d+) +(\\d+)").matcher(line);
            if (m.matches()) {
                return new long[] {Long.parseLong(m.group(1)), Long.parseLong(m.group(2)), Long.parseLong(m.group(3))};
            }
        }
        throw new AssertionError("load.sh printed no row " + name + ":\n" + String.join("\n", printed));
    }
}
