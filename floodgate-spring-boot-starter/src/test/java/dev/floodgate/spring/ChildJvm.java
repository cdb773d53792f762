package dev.floodgate.spring;

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

/**
 * A finished child JVM that ran {@link ExitFlood} or {@link RestartFlood} with this JVM's Java and class path: its output, the lines it kept
 * and the counts it summarized of each template, and how long it took to exit after its flood.
 */
final class ChildJvm {

    final String output;
    final int exitValue;
    final long exitMillisAfterFlood;

    private ChildJvm(String output, int exitValue, long exitMillisAfterFlood) {
        this.output = output;
        this.exitValue = exitValue;
        this.exitMillisAfterFlood = exitMillisAfterFlood;
    }

    /** Runs {@link ExitFlood} and waits for it to exit, at most 180 seconds. */
    static ChildJvm runExitFlood(Path dir) throws IOException, InterruptedException {
        return run(dir, ExitFlood.class);
    }

    /**
     * Runs {@code main}, which prints {@link ExitFlood#DONE} and the time when its flood is over, and waits for it to
     * exit, at most 180 seconds.
     */
    static ChildJvm run(Path dir, Class<?> main) throws IOException, InterruptedException {
        Path out = dir.resolve("child.out");
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), main.getName());
        Process child = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile()).start();
        boolean exited = child.waitFor(180, TimeUnit.SECONDS);
        long endedAt = System.currentTimeMillis();
        if (!exited) {
            child.destroyForcibly().waitFor();
        }
        String output = Files.readString(out, StandardCharsets.UTF_8);
        assertThat(exited).as("child JVM exited in time; its output:\n" + output).isTrue();
        Matcher done = Pattern.compile(ExitFlood.DONE + "(\\d+)").matcher(output);
        assertThat(done.find()).as("the child finished its flood; its output:\n" + output).isTrue();
        return new ChildJvm(output, child.exitValue(), endedAt - Long.parseLong(done.group(1)));
    }

    /**
     * Returns how many lines of {@code template} (with a {@code db-N} argument) the child printed, of logger
     * {@code shop.Db} (which Spring Boot's Log4j2 pattern shortens to {@code s.Db}).
     */
    long kept(String template) {
        int hole = template.indexOf("{}");
        Matcher m = Pattern.compile("(?m)(?:shop|s)\\.Db\\s*: " + Pattern.quote(template.substring(0, hole))
                + "db-\\d" + Pattern.quote(template.substring(hole + 2)) + "$").matcher(output);
        long n = 0;
        while (m.find()) {
            n++;
        }
        return n;
    }

    /** Returns the counts of the child's summaries of {@code template}, in the order printed. */
    List<Long> summarized(String template) {
        Matcher m = Pattern.compile("Suppressed ([\\d,]+) messages? like \"" + Pattern.quote(template) + "\"")
                .matcher(output);
        List<Long> out = new ArrayList<>();
        while (m.find()) {
            out.add(Long.parseLong(m.group(1).replace(",", "")));
        }
        return out;
    }
}
