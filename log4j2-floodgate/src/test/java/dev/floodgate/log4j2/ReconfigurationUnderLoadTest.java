package dev.floodgate.log4j2;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reconfiguration under load: a context-wide Floodgate and one on a {@code File} appender, both with summaries every
 * 100 ms on the default clock, while two threads flood five templates and {@code Configurator.reconfigure} replaces
 * the configuration again and again, 5 ms apart, then {@code Configurator.shutdown}. Summaries are being written
 * across every handover, and a thread beside the scenario that only burns CPU, with a second child JVM running at the
 * same time, keeps more threads runnable than there are cores, so that the logging, reconfiguring and summary threads
 * are descheduled at any point (between the swap of the configurations and the old one's stop, above all). In each
 * fresh child JVM ({@link ReconfigurationFlood}) every call is a line of the file, in a summary in the file, or in the
 * one ERROR status of what could not be written, and no WARN status appears.
 *
 * <p>Sizes: 20 children of 20 reconfigurations each by default, two at a time; the scenario, 100
 * reconfigurations, with {@code -Dfloodgate.test.reloads=100} ({@code floodgate.test.runs} and
 * {@code floodgate.test.busyThreads} set the others).
 */
class ReconfigurationUnderLoadTest {

    /** Fresh child JVMs, each running the whole scenario. */
    static final int RUNS = Integer.getInteger("floodgate.test.runs", 20);
    /** Reconfigurations in each child; the scenario has 100 ({@code -Dfloodgate.test.reloads=100}). */
    static final int RECONFIGURATIONS = Integer.getInteger("floodgate.test.reloads", 20);
    /** Threads in each child that only burn CPU beside the scenario. */
    static final int BUSY_THREADS = Integer.getInteger("floodgate.test.busyThreads", 1);
    /** Children running at once: on two cores this keeps more threads runnable than there are cores. */
    static final int PARALLEL = 2;

    @Test
    @Timeout(value = 1_800, unit = TimeUnit.SECONDS)
    void reconfigure_underAFlood_everyCallIsWrittenOrCountedInEveryFreshJvm(@TempDir Path dir)
            throws IOException, InterruptedException, ExecutionException {
        ExecutorService pool = Executors.newFixedThreadPool(PARALLEL);
        List<Future<Map<String, Long>>> children = new ArrayList<>();
        for (int run = 1; run <= RUNS; run++) {
            Path runDir = Files.createDirectory(dir.resolve("run" + run));
            children.add(pool.submit(() -> runChild(runDir, runDir.resolve("app.log").toString(),
                    String.valueOf(RECONFIGURATIONS), String.valueOf(BUSY_THREADS))));
        }
        pool.shutdown();
        for (int run = 1; run <= RUNS; run++) {
            Map<String, Long> f = children.get(run - 1).get();
            String context = "run " + run + " of " + RUNS + ", findings " + f;
            System.out.println("figures: " + context);

            assertThat(f.get("calls")).as(context).isPositive();
            assertThat(f.get("summarized")).as("the flood was summarized, " + context).isPositive();
            assertThat(f.get("written") + f.get("summarized") + f.get("reported"))
                    .as("written + summarized + reported in the ERROR status = calls, " + context)
                    .isEqualTo(f.get("calls"));
            assertThat(f.get("warnings")).as("Floodgate WARN statuses, " + context).isZero();
            assertThat(f.get("errors")).as("Floodgate ERROR statuses, " + context).isLessThanOrEqualTo(1);
            assertThat(f.get("otherProblems")).as("Log4j's own statuses at WARN or above, " + context).isZero();
        }
    }

    /**
     * Runs {@link ReconfigurationFlood} in a child JVM of this JVM's Java with this test's class path, and returns the
     * {@code key=value} pairs of its {@code findings} line.
     */
    private static Map<String, Long> runChild(Path dir, String... args) throws IOException, InterruptedException {
        File out = dir.resolve("child.out").toFile();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new ArrayList<>(List.of(java, "-Xmx256m",
                "-cp", System.getProperty("java.class.path"), ReconfigurationFlood.class.getName()));
        command.addAll(List.of(args));
        Process child = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out).start();
        boolean exited = child.waitFor(600, TimeUnit.SECONDS);
        if (!exited) {
            child.destroyForcibly().waitFor();
        }
        String output = Files.readString(out.toPath(), StandardCharsets.UTF_8);
        assertThat(exited).as("child JVM finished in time; its output:\n" + output).isTrue();
        assertThat(child.exitValue()).as("child JVM exit value; its output:\n" + output).isZero();
        assertThat(output).as("child JVM output").contains("findings ");
        String line = output.substring(output.lastIndexOf("findings ") + "findings ".length()).trim().split("\n")[0];
        Map<String, Long> findings = new HashMap<>();
        for (String pair : line.trim().split(" ")) {
            String[] kv = pair.split("=");
            findings.put(kv[0], Long.parseLong(kv[1]));
        }
        return findings;
    }
}
