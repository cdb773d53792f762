package dev.floodgate.log4j2;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Nothing is lost at exit: a child JVM configured from the README's quick-start {@code log4j2.xml} logs 10,000
 * errors of one template and returns from {@code main} ({@link ExitFlood}); the lines it printed plus the counts of
 * its summaries are the 10,000 calls, in exactly one summary. With Log4j's shutdown hook off
 * ({@code shutdownHook="disable"}, or Log4j taking the application for a web application, as it does with a servlet
 * jar on the class path), with it on (it stops Log4j while Floodgate's hook writes), under asynchronous logger
 * configs (which Log4j's hook drains), and with the filter on the appender. The child's exit after the flood is timed
 * only as a hang guard.
 */
class ExitTest {

    private static final Pattern KEPT = Pattern.compile("(?m) ERROR shop\\.Db - Connection to db-\\d failed$");
    private static final Pattern SUMMARY =
            Pattern.compile("(?m) ERROR shop\\.Db - Suppressed ([\\d,]+) messages? like \"Connection to \\{} failed\"");

    /** How the README's quick start is changed for each case, and whether Log4j then stops itself at exit. */
    enum Setup {
        /** {@code shutdownHook="disable"}: Log4j registers no hook. */
        HOOK_DISABLED(false) {
            @Override
            String xml(String quickStart) {
                return quickStart.replace("<Configuration>", "<Configuration shutdownHook=\"disable\">");
            }
        },
        /** As printed, in an application Log4j takes for a web application: it registers no hook. */
        WEB_APPLICATION(false, "-Dlog4j2.isWebapp=true") {
            @Override
            String xml(String quickStart) {
                return quickStart;
            }
        },
        /** As printed: Log4j's own hook stops the context while Floodgate's hook writes. */
        LOG4J_SHUTDOWN_HOOK(true) {
            @Override
            String xml(String quickStart) {
                return quickStart;
            }
        },
        /** The root logger asynchronous: the summary goes through the ring buffer, which Log4j's hook drains. */
        ASYNC_ROOT_WITH_LOG4J_SHUTDOWN_HOOK(true) {
            @Override
            String xml(String quickStart) {
                return quickStart.replace("<Root ", "<AsyncRoot ").replace("</Root>", "</AsyncRoot>");
            }
        },
        /** The filter on the console appender rather than context-wide; no hook. */
        APPENDER_FILTER_HOOK_DISABLED(false) {
            @Override
            String xml(String quickStart) {
                return HOOK_DISABLED.xml(quickStart).replace("  <Floodgate/>\n", "")
                        .replace("<Console name=\"console\">", "<Console name=\"console\">\n      <Floodgate/>");
            }
        };

        final boolean log4jHook;
        final List<String> jvmArgs;

        Setup(boolean log4jHook, String... jvmArgs) {
            this.log4jHook = log4jHook;
            this.jvmArgs = List.of(jvmArgs);
        }

        abstract String xml(String quickStart);
    }

    /** Returns the block of the README marked {@code <!-- name -->}. */
    private static String readmeBlock(String name) throws IOException {
        Path readme = Path.of(System.getProperty("basedir", ".")).resolve("../README.md").normalize();
        String text = Files.readString(readme, StandardCharsets.UTF_8);
        Matcher m = Pattern.compile("<!-- " + Pattern.quote(name) + " -->\n```[a-z]*\n(.*?)^```$",
                Pattern.DOTALL | Pattern.MULTILINE).matcher(text);
        assertThat(m.find()).as("README block " + name).isTrue();
        return m.group(1);
    }

    @ParameterizedTest
    @EnumSource(Setup.class)
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void mainReturnsAfterAFlood_everyCallIsPrintedOrSummarizedOnce(Setup setup, @TempDir Path dir)
            throws IOException, InterruptedException {
        String xml = setup.xml(readmeBlock("quickstart: log4j2.xml"));
        assertThat(xml).contains("<Floodgate/>");
        Path config = dir.resolve("log4j2.xml");
        Files.writeString(config, xml, StandardCharsets.UTF_8);
        List<String> jvmArgs = new ArrayList<>(setup.jvmArgs);
        jvmArgs.add("-Dlog4j2.configurationFile=" + config);

        ChildRun run = ChildRun.of(dir, jvmArgs);

        String context = setup + "; child output:\n" + run.output;
        long kept = count(KEPT.matcher(run.output));
        List<Long> summarized = counts(SUMMARY.matcher(run.output));
        System.out.println("figures: " + setup + " kept=" + kept + " summarized=" + summarized
                + " exitMillisAfterFlood=" + run.exitMillisAfterFlood);
        assertThat(run.exitValue).as(context).isZero();
        assertThat(run.output).as("whether Log4j stops itself at exit, " + context)
                .contains(ExitFlood.HOOK + setup.log4jHook);
        assertThat(summarized).as("exactly one summary, " + context).hasSize(1);
        assertThat(kept + summarized.get(0)).as("kept + summarized = logged, " + context)
                .isEqualTo(ExitFlood.CALLS);
        assertThat(run.output).as(context).doesNotContain("could not be written", "could not write");
        assertThat(run.exitMillisAfterFlood).as("the exit after the flood took less than the hang guard")
                .isLessThan(60_000L);
    }

    private static long count(Matcher m) {
        long n = 0;
        while (m.find()) {
            n++;
        }
        return n;
    }

    private static List<Long> counts(Matcher m) {
        List<Long> out = new ArrayList<>();
        while (m.find()) {
            out.add(Long.parseLong(m.group(1).replace(",", "")));
        }
        return out;
    }

    /** A finished child JVM running {@link ExitFlood}: its output and how long it took to exit after the flood. */
    private static final class ChildRun {
        final String output;
        final int exitValue;
        final long exitMillisAfterFlood;

        private ChildRun(String output, int exitValue, long exitMillisAfterFlood) {
            this.output = output;
            this.exitValue = exitValue;
            this.exitMillisAfterFlood = exitMillisAfterFlood;
        }

        /** Runs the child with {@code jvmArgs} and this JVM's class path, waiting at most 180 seconds. */
        static ChildRun of(Path dir, List<String> jvmArgs) throws IOException, InterruptedException {
            Path out = dir.resolve("child.out");
            List<String> command = new ArrayList<>();
            command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            command.addAll(jvmArgs);
            command.addAll(List.of("-cp", System.getProperty("java.class.path"), ExitFlood.class.getName()));
            Process child = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile())
                    .start();
            boolean exited = child.waitFor(180, TimeUnit.SECONDS);
            long endedAt = System.currentTimeMillis();
            if (!exited) {
                child.destroyForcibly().waitFor();
            }
            String output = Files.readString(out, StandardCharsets.UTF_8);
            assertThat(exited).as("child JVM exited in time; its output:\n" + output).isTrue();
            Matcher done = Pattern.compile(ExitFlood.DONE + "(\\d+)").matcher(output);
            assertThat(done.find()).as("the child finished its flood; its output:\n" + output).isTrue();
            return new ChildRun(output, child.exitValue(), endedAt - Long.parseLong(done.group(1)));
        }
    }
}
