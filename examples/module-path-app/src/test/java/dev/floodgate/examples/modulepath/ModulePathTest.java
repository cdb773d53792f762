package dev.floodgate.examples.modulepath;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Runs {@link ModulePathApp} in a JVM of its own with every jar on the module path ({@code --module-path},
 * {@code --module}), nothing on the class path, and checks what it printed: the filter configured from XML dropped
 * the repeats, a summary counted them, the MXBean was registered and read, the core exports its API packages
 * only, and {@code floodgate-micrometer}, an automatic module, reads the core's internal package through the export
 * that names it.
 */
class ModulePathTest {

    private static final String FLOOD_LINE = "ERROR shop.Payments - Payment gateway timed out after 3000 ms for order ";
    private static final Pattern SUMMARY = Pattern.compile(
            "ERROR shop\\.Payments - Suppressed ([\\d,]+) messages like \"Payment gateway timed out after \\{\\} ms for"
                    + " order \\{\\}\" .*");
    private static final Pattern JMX = Pattern.compile(
            "jmx dev\\.floodgate:type=Filter,framework=\"(\\w+)\",name=\"[^\"]+\" counted=(\\d+) suppressed=(\\d+)");
    private static final Pattern METER = Pattern.compile("meter floodgate\\.events outcome=(\\w+) count=(\\d+)");
    private static final String CORE_EXPORTS = "exports dev.floodgate.core: [dev.floodgate.core,"
            + " dev.floodgate.core.fleet, dev.floodgate.core.internal to"
            + " [dev.floodgate.log4j2, dev.floodgate.logback, dev.floodgate.micrometer, dev.floodgate.spring],"
            + " dev.floodgate.core.jmx, dev.floodgate.core.summary]";

    @ParameterizedTest
    @CsvSource({
        "logback,    dev.floodgate.logback,    logback",
        "log4j2,     dev.floodgate.log4j2,     log4j2",
        "micrometer, dev.floodgate.micrometer, logback"})
    void main_onModulePath_dropsRepeatsAndWritesOneCountedSummary(String mode, String checkedModule,
            String framework) throws Exception {
        Run run = run(mode);

        assertThat(run.exit).as(run.toString()).isZero();
        assertThat(run.err).as(run.toString()).isEmpty();
        assertThat(run.out).as(run.toString())
                .contains("module dev.floodgate.examples.modulepath: " + checkedModule, CORE_EXPORTS,
                        "flooded " + ModulePathApp.FLOOD);
        long kept = run.out.stream().filter(l -> l.startsWith(FLOOD_LINE)).count();
        long summarized = 0;
        long mxSuppressed = -1;
        Map<String, Long> meters = new TreeMap<>();
        for (String line : run.out) {
            Matcher summary = SUMMARY.matcher(line);
            Matcher jmx = JMX.matcher(line);
            Matcher meter = METER.matcher(line);
            if (meter.matches()) {
                meters.put(meter.group(1), Long.parseLong(meter.group(2)));
            } else if (summary.matches()) {
                summarized += Long.parseLong(summary.group(1).replace(",", ""));
            } else if (jmx.matches()) {
                assertThat(jmx.group(1)).as(line).isEqualTo(framework);
                assertThat(Long.parseLong(jmx.group(2))).as(line).isEqualTo(ModulePathApp.FLOOD);
                mxSuppressed = Long.parseLong(jmx.group(3));
            } else {
                assertThat(line).as("an unexpected line (a status message?) in\n" + run)
                        .matches(l -> l.startsWith(FLOOD_LINE) || l.startsWith("module ") || l.startsWith("exports ")
                                || l.startsWith("flooded "), "a line of the flood or of the application");
            }
        }
        assertThat(kept).as(run.toString()).isPositive().isLessThan(ModulePathApp.FLOOD / 10);
        assertThat(kept + summarized).as(run.toString()).isEqualTo(ModulePathApp.FLOOD);
        assertThat(mxSuppressed).as("the MXBean's suppressed count in\n" + run).isEqualTo(summarized);
        if (mode.equals("micrometer")) {
            assertThat(meters).as("floodgate.events by outcome in\n" + run)
                    .isEqualTo(Map.of("passed", kept, "suppressed", summarized));
        } else {
            assertThat(meters).as(run.toString()).isEmpty();
        }
    }

    /** Runs the application on the module path made of its runtime jars and its own classes. */
    private static Run run(String framework) throws IOException, InterruptedException {
        Path target = Path.of("target");
        String modulePath = Files.readString(target.resolve("module-path.txt")).trim()
                + File.pathSeparator + target.resolve("classes");
        Path out = Files.createTempFile(target, "module-path-" + framework, ".out");
        Path err = Files.createTempFile(target, "module-path-" + framework, ".err");
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "--module-path", modulePath));
        if (framework.equals("micrometer")) {
            command.addAll(List.of("--add-modules", "dev.floodgate.micrometer"));
        }
        command.addAll(List.of("--module", "dev.floodgate.examples.modulepath/" + ModulePathApp.class.getName(),
                framework));
        ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
        builder.environment().remove("CLASSPATH");
        builder.environment().remove("JAVA_TOOL_OPTIONS");
        Process process = builder.start();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("the application did not end within 60 s: " + command);
        }
        return new Run(command, process.exitValue(), Files.readAllLines(out, StandardCharsets.UTF_8),
                Files.readAllLines(err, StandardCharsets.UTF_8));
    }

    private static final class Run {
        final List<String> command;
        final int exit;
        final List<String> out;
        final List<String> err;

        Run(List<String> command, int exit, List<String> out, List<String> err) {
            this.command = command;
            this.exit = exit;
            this.out = out;
            this.err = new ArrayList<>(err);
        }

        @Override
        public String toString() {
            List<String> shown = out.size() <= 40 ? out : out.subList(0, 40);
            return String.join(" ", command) + "\nexit " + exit + "\nstdout:\n" + String.join("\n", shown)
                    + (out.size() > shown.size() ? "\n…" : "") + "\nstderr:\n" + String.join("\n", err);
        }
    }
}
