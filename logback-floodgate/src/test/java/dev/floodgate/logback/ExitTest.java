package dev.floodgate.logback;

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
 * Nothing is lost at exit: a child JVM configured from the README's quick-start {@code logback.xml} (which has no
 * {@code <shutdownHook/>}) logs 10,000 errors of one template and returns from {@code main} ({@link ExitFlood}); the
 * lines it printed plus the counts of its summaries are the 10,000 calls, in exactly one summary. The same with
 * Logback's own shutdown hook racing Floodgate's, behind an {@code AsyncAppender} (which that hook drains), and with
 * the appender filter in place of the turbo filter. The child's exit after the flood is timed only as a hang guard.
 */
class ExitTest {

    private static final Pattern KEPT = Pattern.compile("(?m) ERROR shop\\.Db - Connection to db-\\d failed$");
    private static final Pattern SUMMARY =
            Pattern.compile("(?m) ERROR shop\\.Db - Suppressed ([\\d,]+) messages? like \"Connection to \\{} failed\"");
    private static final String APPENDER_REF = "<appender-ref ref=\"CONSOLE\"/>";
    private static final String TURBO = "<turboFilter class=\"dev.floodgate.logback.FloodgateTurboFilter\"/>";

    /** How the README's quick start is changed for each case. */
    enum Setup {
        /** The quick start as printed: no shutdown hook of Logback's. */
        QUICK_START {
            @Override
            String xml(String quickStart) {
                return quickStart;
            }
        },
        /** Logback's own shutdown hook too: it stops the context while Floodgate's hook writes. */
        LOGBACK_SHUTDOWN_HOOK {
            @Override
            String xml(String quickStart) {
                return quickStart.replace("<configuration>", "<configuration>\n  <shutdownHook/>");
            }
        },
        /** The console behind an AsyncAppender, which Logback's shutdown hook drains when it stops the context. */
        ASYNC_APPENDER_WITH_LOGBACK_SHUTDOWN_HOOK {
            @Override
            String xml(String quickStart) {
                return LOGBACK_SHUTDOWN_HOOK.xml(quickStart).replace(APPENDER_REF, "<appender-ref ref=\"ASYNC\"/>")
                        .replace("  <root", "  <appender name=\"ASYNC\" class=\"ch.qos.logback.classic.AsyncAppender\">\n"
                                + "    " + APPENDER_REF + "\n  </appender>\n\n  <root");
            }
        },
        /** The appender filter on the console in place of the turbo filter; no shutdown hook. */
        APPENDER_FILTER {
            @Override
            String xml(String quickStart) {
                return quickStart.replace(TURBO, "").replace("    <encoder>",
                        "    <filter class=\"dev.floodgate.logback.FloodgateFilter\"/>\n    <encoder>");
            }
        };

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
        String xml = setup.xml(readmeBlock("quickstart: logback.xml"));
        assertThat(xml).as("the setup changed what it meant to").contains("Floodgate");
        Path config = dir.resolve("logback.xml");
        Files.writeString(config, xml, StandardCharsets.UTF_8);

        ChildRun run = ChildRun.of(dir, ExitFlood.class, List.of("-Dlogback.configurationFile=" + config));

        String context = setup + "; child output:\n" + run.output();
        long kept = count(KEPT.matcher(run.output()));
        List<Long> summarized = counts(SUMMARY.matcher(run.output()));
        System.out.println("figures: " + setup + " kept=" + kept + " summarized=" + summarized
                + " exitMillisAfterFlood=" + run.exitMillisAfterFlood());
        assertThat(run.exitValue()).as(context).isZero();
        assertThat(summarized).as("exactly one summary, " + context).hasSize(1);
        assertThat(kept + summarized.get(0)).as("kept + summarized = logged, " + context)
                .isEqualTo(ExitFlood.CALLS);
        assertThat(run.output()).as(context).doesNotContain("could not be written", "WARN in", "ERROR in");
        assertThat(run.exitMillisAfterFlood()).as("the exit after the flood took less than the hang guard")
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

    /** A finished child JVM of this JVM's Java and class path: its output and how long it took to exit. */
    private static final class ChildRun {
        private final String output;
        private final int exitValue;
        private final long exitMillisAfterFlood;

        private ChildRun(String output, int exitValue, long exitMillisAfterFlood) {
            this.output = output;
            this.exitValue = exitValue;
            this.exitMillisAfterFlood = exitMillisAfterFlood;
        }

        /** Runs {@code main} with {@code jvmArgs} and waits for it to exit, at most 180 seconds. */
        static ChildRun of(Path dir, Class<?> main, List<String> jvmArgs) throws IOException, InterruptedException {
            Path out = dir.resolve("child.out");
            List<String> command = new ArrayList<>();
            command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            command.addAll(jvmArgs);
            command.addAll(List.of("-cp", System.getProperty("java.class.path"), main.getName()));
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

        String output() {
            return output;
        }

        int exitValue() {
            return exitValue;
        }

        /** Milliseconds from the end of the child's flood until this JVM saw it exit. */
        long exitMillisAfterFlood() {
            return exitMillisAfterFlood;
        }
    }
}
