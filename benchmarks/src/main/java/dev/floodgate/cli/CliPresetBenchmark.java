package dev.floodgate.cli;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What the command-line tool's formats cost to read 16 lines of 60 KB, as {@code replay} and {@code pipe} read them
 * (split from the bytes, decoded, matched, the timestamp parsed and the message, logger and level taken), for each
 * preset: {@code plain} lines are the preset's sample line with its message made long of ordinary words; the other
 * shapes are the sample line cut at 16 places spread over it, each followed by a run of spaces, digits, {@code [} or
 * {@code :}, the shapes that make a layout's fields backtrack. {@code auto} is format detection over 16 such lines,
 * each of another preset. A shape within 2× of {@code plain} reads in linear time.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar CliPresetBenchmark}. On a machine shared with other work,
 * {@code java -cp benchmarks/target/benchmarks.jar dev.floodgate.cli.CliPresetBenchmark} (its {@link #main}) prints
 * instead the least thread CPU time of each cell over {@value #ROUNDS} rounds, which that disturbs far less, and each
 * shape's ratio to {@code plain}, as a Markdown table.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 3, time = 1)
public class CliPresetBenchmark {

    private static final int ROUNDS = 40;
    private static final long WARM_UP_NANOS = 300_000_000L;
    private static final int PASSES = 2;
    private static final String[] SHAPES = {"plain", "spaces", "digits", "brackets", "colons"};
    private static final int LINE_CHARS = 60 * 1024;
    private static final int LINES = 16;
    private static final String WORDS = "the quick brown fox jumps over the lazy dog ";

    /** A preset's name, or {@code auto} for format detection. */
    @Param({"logback", "level-first", "log4j2-file", "no-thread", "spring-boot", "kafka", "zookeeper", "android",
        "rfc5424", "syslog", "access", "apache-error", "nginx-error", "json", "iso", "date-time", "bracketed",
        "epoch", "auto"})
    public String format;

    /** {@code plain}, or the run after each cut of the sample line. */
    @Param({"plain", "spaces", "digits", "brackets", "colons"})
    public String shape;

    /** Keeps {@link #main}'s results alive. */
    private static long sink;

    private byte[] input;
    private List<String> lines;
    private LogFormat preset;

    /** Builds the 16 lines. */
    @Setup
    public void setUp() {
        lines = new ArrayList<>();
        for (int i = 0; i < LINES; i++) {
            LogFormat f = format.equals("auto") ? LogFormat.PRESETS.get(i) : LogFormat.named(format);
            int cut = format.equals("auto") ? f.sample().length() / 2 : i * f.sample().length() / LINES;
            lines.add(shape.equals("plain") ? plain(f) : hostile(f.sample().substring(0, cut), run(shape)));
        }
        preset = format.equals("auto") ? null : LogFormat.named(format);
        input = (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8);
    }

    /** Reads the lines as {@code replay} does, or detects their format. */
    @Benchmark
    public long read() {
        if (preset == null) {
            try {
                return Detection.detect(lines, CliPresetBenchmark::parser, "bench").name().length();
            } catch (Replay.ReplayException e) {
                throw new IllegalStateException(e);
            }
        }
        LineMatcher matcher = preset.matcher();
        TimestampParser parser = parser();
        LineReader reader = new LineReader(new ByteArrayInputStream(input), Replay.MAX_KEPT_BYTES);
        long sum = 0;
        try {
            while (reader.next()) {
                String text = reader.text();
                if (matcher.match(text)) {
                    String level = matcher.level();
                    sum += matcher.timestamp(parser) + matcher.message().length() + matcher.logger().length()
                            + (level == null ? 0 : level.length());
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return sum;
    }

    /**
     * Prints, for every format and shape, the least thread CPU time of {@link #read} over {@value #ROUNDS} rounds (after
     * 0.3 s of CPU time to warm up), the least of {@value #PASSES} passes over all cells, and each shape's ratio to
     * {@code plain}.
     *
     * @param args the formats to run, comma-separated; all of them if none
     */
    public static void main(String[] args) {
        List<String> formats = args.length > 0 ? List.of(args[0].split(",")) : formats();
        double[][] least = new double[formats.size()][SHAPES.length];
        for (double[] row : least) {
            Arrays.fill(row, Double.MAX_VALUE);
        }
        for (int pass = 0; pass < PASSES; pass++) {
            for (int f = 0; f < formats.size(); f++) {
                for (int s = 0; s < SHAPES.length; s++) {
                    least[f][s] = Math.min(least[f][s], leastMicros(formats.get(f), SHAPES[s]));
                }
            }
        }
        System.out.println("| format | plain (µs CPU) | spaces | digits | `[` | `:` |");
        System.out.println("|---|---|---|---|---|---|");
        for (int f = 0; f < formats.size(); f++) {
            StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "| `%s` | %,.0f |", formats.get(f),
                    least[f][0]));
            for (int s = 1; s < SHAPES.length; s++) {
                row.append(String.format(Locale.ROOT, " %.2f× |", least[f][s] / least[f][0]));
            }
            System.out.println(row);
        }
    }

    /** Returns the least thread CPU time of {@link #read} in one cell, in microseconds, after warming it up. */
    private static double leastMicros(String format, String shape) {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        CliPresetBenchmark b = new CliPresetBenchmark();
        b.format = format;
        b.shape = shape;
        b.setUp();
        long warmUntil = mx.getCurrentThreadCpuTime() + WARM_UP_NANOS;
        while (mx.getCurrentThreadCpuTime() < warmUntil) {
            sink += b.read();
        }
        long least = Long.MAX_VALUE;
        for (int round = 0; round < ROUNDS; round++) {
            long start = mx.getCurrentThreadCpuTime();
            sink += b.read();
            least = Math.min(least, mx.getCurrentThreadCpuTime() - start);
        }
        return least / 1_000.0;
    }

    private static List<String> formats() {
        try {
            return List.of(CliPresetBenchmark.class.getField("format").getAnnotation(Param.class).value());
        } catch (NoSuchFieldException e) {
            throw new IllegalStateException(e);
        }
    }

    private static TimestampParser parser() {
        return new TimestampParser(ZoneOffset.UTC, LocalDate.of(2024, 5, 1), null);
    }

    private static String run(String shape) {
        switch (shape) {
            case "spaces":
                return " ";
            case "digits":
                return "0";
            case "brackets":
                return "[";
            case "colons":
                return ":";
            default:
                throw new IllegalArgumentException("shape " + shape);
        }
    }

    /** Returns the preset's sample line with its message made {@value #LINE_CHARS} characters long of words. */
    private static String plain(LogFormat f) {
        String sample = f.sample();
        if (f.isJson()) {
            int at = sample.indexOf("\"Started\"") + "\"Started".length();
            String words = WORDS.repeat((LINE_CHARS - sample.length()) / WORDS.length() + 1)
                    .substring(0, LINE_CHARS - sample.length() - 1);
            return sample.substring(0, at) + " " + words + sample.substring(at);
        }
        return hostile(sample + " ", WORDS);
    }

    private static String hostile(String start, String run) {
        StringBuilder sb = new StringBuilder(start);
        while (sb.length() < LINE_CHARS) {
            sb.append(run);
        }
        sb.setLength(LINE_CHARS);
        return sb.toString();
    }
}
