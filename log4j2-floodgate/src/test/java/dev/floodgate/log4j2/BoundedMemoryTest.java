package dev.floodgate.log4j2;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Bounded memory under a flood of unique messages: 2,000,000 distinct templates (each logged twice) through each
 * Log4j placement (context-wide and on an appender) in a child JVM with a 64 MB heap ({@link UniqueFlood}). No OutOfMemoryError, the number of tracked
 * fingerprints never exceeds {@code maxKeys}, and every refused call is in a summary — of its fingerprint, of the
 * "other messages" that found the ledger full, or of the fingerprints forgotten while idle. The same for a million
 * distinct masked messages of 1,000 characters, the largest fingerprints a message can make.
 */
class BoundedMemoryTest {

    static final int TEMPLATES = 2_000_000;
    static final String HEAP = "-Xmx64m";

    @ParameterizedTest
    @ValueSource(strings = {"contextWide", "appender"})
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void uniqueFlood_smallHeap_staysBoundedAndLosesNoCount(String place, @TempDir Path dir)
            throws IOException, InterruptedException {
        Map<String, Long> findings = runChild(dir, UniqueFlood.class, place,
                String.valueOf(TEMPLATES));

        long logged = findings.get("logged");
        String context = "findings " + findings;
        System.out.println("figures: " + place + " " + HEAP + " " + context);
        assertThat(logged).as(context).isEqualTo(2L * TEMPLATES);
        assertThat(findings.get("written") + findings.get("fingerprint") + findings.get("other")
                + findings.get("forgotten")).as("written + summarized = logged, " + context).isEqualTo(logged);
        assertThat(findings.get("mostTracked")).as(context).isPositive().isLessThanOrEqualTo(findings.get("maxKeys"));
        assertThat(findings.get("other")).as("counts of fingerprints that found the ledger full, " + context)
                .isPositive();
        assertThat(findings.get("forgotten")).as("counts of forgotten fingerprints, " + context).isPositive();
        assertThat(findings.get("afterStop")).as(context).isZero();
        assertThat(findings.get("sameFrameworkVersion")).as("the child runs the framework version of this run, "
                + context).isEqualTo(1L);
        assertThat(findings.get("statusProblems")).as(context).isZero();
    }

    /**
     * A million distinct messages of 1,000 characters, logged without arguments and masked, each a fingerprint of its
     * own: a stored fingerprint keeps a digest and a sample of its text, not the text, so the filter's memory is
     * bounded in bytes and not only in fingerprints. Context-wide only: a filter on an appender holds its fingerprints
     * the same way.
     */
    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void maskedFlood_millionLongMessages_smallHeap_staysBoundedAndLosesNoCount(@TempDir Path dir)
            throws IOException, InterruptedException {
        Map<String, Long> findings = runChild(dir, UniqueFlood.class, "contextWide", "1000000", "masked");

        long logged = findings.get("logged");
        String context = "findings " + findings;
        System.out.println("figures: masked contextWide " + HEAP + " " + context);
        assertThat(logged).as(context).isEqualTo(1_000_000L);
        assertThat(findings.get("written") + findings.get("fingerprint") + findings.get("other")
                + findings.get("forgotten")).as("written + summarized = logged, " + context).isEqualTo(logged);
        assertThat(findings.get("mostTracked")).as(context).isPositive().isLessThanOrEqualTo(findings.get("maxKeys"));
        assertThat(findings.get("other")).as("counts of messages that found the ledger full, " + context)
                .isPositive();
        assertThat(findings.get("afterStop")).as(context).isZero();
        assertThat(findings.get("statusProblems")).as(context).isZero();
    }

    /** Returns the implementation version of the logging framework on this JVM's class path. */
    static String frameworkVersion() {
        return org.apache.logging.log4j.core.LoggerContext.class.getPackage().getImplementationVersion();
    }

    /**
     * Runs {@code main} in a child JVM of this JVM's Java with a {@value #HEAP} heap and this test's class path, and
     * returns the {@code key=value} pairs of its {@code findings} line.
     */
    static Map<String, Long> runChild(Path dir, Class<?> main, String... args) throws IOException, InterruptedException {
        File out = dir.resolve("child.out").toFile();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new java.util.ArrayList<>(List.of(java, HEAP, "-XX:+ExitOnOutOfMemoryError",
                "-Dfloodgate.test.frameworkVersion=" + frameworkVersion(),
                "-cp", System.getProperty("java.class.path"), main.getName()));
        command.addAll(List.of(args));
        Process child = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out).start();
        boolean exited = child.waitFor(240, TimeUnit.SECONDS);
        if (!exited) {
            child.destroyForcibly().waitFor();
        }
        String output = Files.readString(out.toPath(), StandardCharsets.UTF_8);
        assertThat(exited).as("child JVM finished in time; its output:\n" + output).isTrue();
        assertThat(child.exitValue()).as("child JVM exit value (it exits with 3 on an OutOfMemoryError); its output:\n" + output)
                .isZero();
        assertThat(output).as("child JVM output").doesNotContain("OutOfMemoryError").contains("findings ");
        String line = output.substring(output.lastIndexOf("findings ") + "findings ".length()).trim().split("\n")[0];
        Map<String, Long> findings = new HashMap<>();
        for (String pair : line.trim().split(" ")) {
            String[] kv = pair.split("=");
            findings.put(kv[0], Long.parseLong(kv[1]));
        }
        return findings;
    }
}
