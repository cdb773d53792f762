package dev.floodgate.examples.common;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * One run of a README quick start's program ({@code com.example.QuickStart} of {@code examples/quickstart-*}), in a
 * new JVM as a user runs it, and what it printed, read the way the README shows it.
 *
 * <p>The program logs {@value #FLOOD} errors of one template and then one other line, and exits; Floodgate writes
 * its summary when the JVM exits. Immutable.
 */
public final class QuickStartRun {

    /** The errors the program logs. */
    public static final int FLOOD = 10_000;
    /** The text that starts each of the flood's messages. */
    public static final String FLOOD_TEXT = "Connection to db-";
    /** The length of a timeframe in the quick start's configuration (the default). */
    private static final long TIMEFRAME_MILLIS = 5_000;

    private static final Pattern TIME_OF_DAY = Pattern.compile("\\b\\d\\d:\\d\\d:\\d\\d\\.\\d\\d\\d\\b");
    private static final Pattern INTERVAL = Pattern.compile("in the last [0-9hms]+ \\(");
    private static final Pattern SUMMARY = Pattern.compile("Suppressed ([\\d,]+) messages like ");

    private final List<String> command;
    private final int exitCode;
    private final List<String> stdout;
    private final List<String> stderr;

    private QuickStartRun(List<String> command, int exitCode, List<String> stdout, List<String> stderr) {
        this.command = command;
        this.exitCode = exitCode;
        this.stdout = stdout;
        this.stderr = stderr;
    }

    /**
     * Runs {@code mainClass} of the quick-start project whose compiled classes are at {@code classes} in a new JVM,
     * with those classes first on the class path and then this JVM's, less the calling module's own
     * {@code target/classes} and {@code target/test-classes} (whose logging configuration would come first), and
     * waits at most a minute for it to end.
     *
     * @throws IOException if the JVM cannot be started or its output read
     * @throws InterruptedException if interrupted while waiting
     * @throws IllegalStateException if it does not end within a minute
     */
    public static QuickStartRun run(Path classes, String mainClass) throws IOException, InterruptedException {
        Objects.requireNonNull(classes, "classes");
        Objects.requireNonNull(mainClass, "mainClass");
        Path target = Paths.get(System.getProperty("basedir", System.getProperty("user.dir")), "target")
                .toAbsolutePath();
        String classPath = classes.toAbsolutePath() + File.pathSeparator
                + Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                        .filter(e -> !Paths.get(e).toAbsolutePath().startsWith(target))
                        .collect(Collectors.joining(File.pathSeparator));
        List<String> command = List.of(Paths.get(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                classPath, mainClass);
        Files.createDirectories(target);
        Path out = Files.createTempFile(target, "quickstart", ".out");
        Path err = Files.createTempFile(target, "quickstart", ".err");
        ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
        builder.environment().remove("CLASSPATH");
        builder.environment().remove("JAVA_TOOL_OPTIONS");
        Process process = builder.start();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IllegalStateException(mainClass + " did not end within 60 s");
        }
        return new QuickStartRun(command, process.exitValue(), Files.readAllLines(out, StandardCharsets.UTF_8),
                Files.readAllLines(err, StandardCharsets.UTF_8));
    }

    /** Returns the process's exit code. */
    public int exitCode() {
        return exitCode;
    }

    /** Returns the lines it printed on standard output. */
    public List<String> stdout() {
        return stdout;
    }

    /** Returns the lines it printed on standard error. */
    public List<String> stderr() {
        return stderr;
    }

    /** Returns how many of the flood's errors were printed. */
    public long kept() {
        return stdout.stream().filter(l -> l.contains(FLOOD_TEXT)).count();
    }

    /** Returns the sum of the counts of the summary lines printed. */
    public long suppressed() {
        long sum = 0;
        for (String line : stdout) {
            Matcher m = SUMMARY.matcher(line);
            if (m.find()) {
                sum += Long.parseLong(m.group(1).replace(",", ""));
            }
        }
        return sum;
    }

    /**
     * Returns whether the flood, from its first error printed to the line logged after it, crossed into a new
     * 5-second timeframe (timeframes follow the clock, so a flood may fall on two; the second then lets up to 8 more
     * errors through). Reads the lines' time of day, in the JVM's time zone, whose offset is a whole number of
     * minutes.
     */
    public boolean crossedTimeframe() {
        List<LocalTime> times = new ArrayList<>();
        for (String line : stdout) {
            Matcher m = TIME_OF_DAY.matcher(line);
            if (m.lookingAt() && !SUMMARY.matcher(line).find()) {
                times.add(LocalTime.parse(m.group()));
            }
        }
        if (times.isEmpty()) {
            return false;
        }
        return millisOfDay(times.get(0)) / TIMEFRAME_MILLIS
                != millisOfDay(times.get(times.size() - 1)) / TIMEFRAME_MILLIS;
    }

    /**
     * Returns how this run's output differs from what the README shows of it, or nothing if it does not.
     *
     * <p>The README shows one run, abridged: the first two errors, a line {@code …}, the last error, the line logged
     * after the flood and the summary. Another run matches it if it printed every line the README shows, in that
     * place, with only its times of day and its summary's interval different ({@link #shape}), and as many errors as
     * the line {@code …} stands for: the burst allowance, 16, with a summary of the other {@value #FLOOD} − 16. A run
     * whose flood {@linkplain #crossedTimeframe crossed into a new timeframe} prints up to 8 more errors and
     * summarizes that many fewer; then every printed error and summarized one together must make {@value #FLOOD}.
     *
     * @param shown the README's lines
     */
    public List<String> mismatches(List<String> shown) {
        List<String> out = new ArrayList<>();
        if (exitCode != 0 || !stderr.isEmpty()) {
            out.add("exit code " + exitCode + " and " + stderr.size() + " lines on standard error");
        }
        if (shown.size() != 6 || !shown.get(2).equals("…")) {
            out.add("the README does not show two errors, …, the last error, the next line and the summary");
            return out;
        }
        long kept = kept();
        long suppressed = suppressed();
        boolean crossed = crossedTimeframe();
        if (kept + suppressed != FLOOD) {
            out.add(kept + " errors printed + " + suppressed + " summarized, not " + FLOOD);
        }
        if (crossed ? kept <= 16 || kept > 24 : kept != 16) {
            out.add(kept + " errors printed" + (crossed ? " in two timeframes" : ""));
        }
        if (stdout.size() != kept + 2) {
            out.add(stdout.size() + " lines printed, not the errors, the next line and the summary");
            return out;
        }
        List<String> expected = new ArrayList<>(shown.subList(0, 2));
        expected.addAll(shown.subList(3, 6));
        List<String> printed = new ArrayList<>(stdout.subList(0, 2));
        printed.addAll(stdout.subList(stdout.size() - 3, stdout.size()));
        for (int i = 0; i < expected.size(); i++) {
            String want = shape(expected.get(i));
            String got = shape(printed.get(i));
            if (crossed) {
                want = SUMMARY.matcher(want).replaceAll("Suppressed N messages like ");
                got = SUMMARY.matcher(got).replaceAll("Suppressed N messages like ");
            }
            if (!got.equals(want)) {
                out.add("printed  " + printed.get(i) + "\nREADME   " + expected.get(i));
            }
        }
        return out;
    }

    /**
     * Returns {@code line} as the README may show it from another run: every time of day reads {@code hh:mm:ss.SSS}
     * and a summary's interval {@code in the last …}.
     */
    public static String shape(String line) {
        String out = TIME_OF_DAY.matcher(line).replaceAll("hh:mm:ss.SSS");
        return INTERVAL.matcher(out).replaceAll("in the last … (");
    }

    /** Returns the command, its exit code and what it printed, for failure messages. */
    @Override
    public String toString() {
        return String.join(" ", command) + "\nexit " + exitCode + "\nstdout:\n" + String.join("\n", stdout)
                + "\nstderr:\n" + String.join("\n", stderr);
    }

    private static long millisOfDay(LocalTime time) {
        return time.toNanoOfDay() / 1_000_000;
    }
}
