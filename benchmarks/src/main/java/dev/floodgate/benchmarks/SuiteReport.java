package dev.floodgate.benchmarks;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Runs the benchmark suite and writes {@code benchmarks/results/latest.json} (JMH JSON) and
 * {@code benchmarks/results/latest.md} (the table and the targets, each met or not met); src/docs/performance.md
 * says what each target compares.
 *
 * <p>Run through {@code benchmarks/run.sh [--quick]}: {@code --quick} uses one fork and short iterations
 * (about 12 minutes on 2 cores, with wider error bars); the default uses two forks and longer iterations (about 65).
 */
public final class SuiteReport {

    private static final String[] END_TO_END = {"logback-floodgate", "logback-noFilter", "log4j2-floodgate",
        "log4j2-noFilter"};

    /** The fingerprints the parts floods are run with, and the call logged with no filter. */
    private static final String[] PARTS_SETUPS = {"floodgate", "floodgateLoggerLevel", "floodgateThrowable",
        "noFilter"};

    private final boolean quick;
    private final Path out;
    private final Map<String, Long> lines = new LinkedHashMap<>();
    private final Map<String, Measured> results = new LinkedHashMap<>();
    private final List<String> jsonParts = new ArrayList<>();
    private String memory = "";
    /**
     * The 2-thread flood's allocation in each fork of a 5-fork run, the highest of its iterations, by benchmark class:
     * Logback's, then Log4j2's.
     */
    private final Map<Class<?>, List<Double>> forkAllocation = new LinkedHashMap<>();
    private String summaryPass = "";

    private SuiteReport(boolean quick, Path out) {
        this.quick = quick;
        this.out = out;
    }

    /** Runs the suite; arguments: {@code [--quick] [--out DIR]}. */
    public static void main(String[] args) throws Exception {
        boolean quick = false;
        Path out = Paths.get("benchmarks", "results");
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--quick")) {
                quick = true;
            } else if (args[i].equals("--out") && i + 1 < args.length) {
                out = Paths.get(args[++i]);
            } else {
                System.err.println("usage: SuiteReport [--quick] [--out DIR]");
                System.exit(2);
            }
        }
        Files.createDirectories(out);
        SuiteReport report = new SuiteReport(quick, out);
        report.runAll();
        report.write();
    }

    private void runAll() throws Exception {
        String[] lbAll = {"floodgate", "duplicateMessageFilter", "denyAll", "noFilter", "noFilterFile"};
        String[] lbFilters = {"floodgate", "duplicateMessageFilter", "noFilter"};
        String[] l4All = {"floodgate", "burstFilter", "denyAll", "noFilter", "noFilterFile"};
        String[] l4Filters = {"floodgate", "burstFilter", "noFilter"};
        for (int threads : new int[] {1, 2}) {
            run(LogbackBenchmark.class, "flood", lbAll, threads);
            run(Log4j2Benchmark.class, "flood", l4All, threads);
            for (String method : new String[] {"disabled", "distinct1k", "distinct100k"}) {
                run(LogbackBenchmark.class, method, lbFilters, threads);
                run(Log4j2Benchmark.class, method, l4Filters, threads);
            }
            for (String method : new String[] {"masked", "maskedHostPort", "maskedHostName"}) {
                run(LogbackBenchmark.class, method, new String[] {"floodgate", "floodgateNoMasking",
                    "duplicateMessageFilter", "denyAll", "noFilter"}, threads);
                run(Log4j2Benchmark.class, method, new String[] {"floodgate", "floodgateNoMasking", "burstFilter",
                    "denyAll", "noFilter"}, threads);
            }
        }
        for (Class<?> parts : new Class<?>[] {FingerprintPartsBenchmark.class, Log4j2FingerprintPartsBenchmark.class}) {
            for (String method : new String[] {"flood", "floodWithoutArguments"}) {
                run(parts, method, PARTS_SETUPS, 1, "exception", "reused", "depth", "20");
            }
        }
        runForks();
        run(EndToEndBenchmark.class, "flood", END_TO_END, 1);
        for (String setup : END_TO_END) {
            lines.put(setup, EndToEndBenchmark.linesWritten(setup));
        }
        memory = FingerprintMemory.measure();
        summaryPass = SummaryPass.measure();
    }


    /** Runs {@code method} of {@code benchmark} once per setup; {@code params} are more JMH parameters, name, value. */
    private void run(Class<?> benchmark, String method, String[] setups, int threads, String... params)
            throws RunnerException, IOException {
        for (String setup : setups) {
            Path json = Files.createTempFile("floodgate-jmh", ".json");
            ChainedOptionsBuilder options = new OptionsBuilder()
                    .include("^" + Pattern.quote(benchmark.getName() + "." + method) + "$")
                    .param("setup", setup)
                    .threads(threads)
                    .addProfiler(GCProfiler.class)
                    .resultFormat(ResultFormatType.JSON)
                    .result(json.toString())
                    .shouldFailOnError(true);
            for (int i = 0; i < params.length; i += 2) {
                options.param(params[i], params[i + 1]);
            }
            if (benchmark != EndToEndBenchmark.class) {
                options.forks(quick ? 1 : 2)
                        .warmupIterations(quick ? 2 : 3).warmupTime(TimeValue.seconds(quick ? 1 : 2))
                        .measurementIterations(quick ? 3 : 5).measurementTime(TimeValue.seconds(quick ? 1 : 2));
            } else {
                options.forks(quick ? 1 : 2).warmupIterations(quick ? 2 : 3).measurementIterations(quick ? 3 : 5);
            }
            for (RunResult r : new Runner(options.build()).run()) {
                Result<?> primary = r.getPrimaryResult();
                Result<?> alloc = r.getSecondaryResults().get("gc.alloc.rate.norm");
                String key = key(benchmark, method, setup, threads);
                results.put(key, new Measured(primary.getScore(), primary.getScoreError(),
                        alloc == null ? Double.NaN : alloc.getScore()));
            }
            String text = Files.readString(json, StandardCharsets.UTF_8).trim();
            if (text.startsWith("[") && text.endsWith("]")) {
                String inner = text.substring(1, text.length() - 1).trim();
                if (!inner.isEmpty()) {
                    jsonParts.add(inner);
                }
            }
            Files.deleteIfExists(json);
        }
    }

    /**
     * Runs the 2-thread flood of each framework in 5 forks (3×1 s warm-up, 3×1 s measurement): whether the argument
     * array is optimised away depends on the JIT's compile order, which differs per fork, so every fork is checked.
     */
    private void runForks() throws RunnerException {
        for (Class<?> benchmark : new Class<?>[] {LogbackBenchmark.class, Log4j2Benchmark.class}) {
            forkAllocation.put(benchmark, runForks(benchmark));
        }
    }

    private static List<Double> runForks(Class<?> benchmark) throws RunnerException {
        List<Double> highestPerFork = new ArrayList<>();
        ChainedOptionsBuilder options = new OptionsBuilder()
                .include("^" + Pattern.quote(benchmark.getName() + ".flood") + "$")
                .param("setup", "floodgate")
                .threads(2)
                .addProfiler(GCProfiler.class)
                .shouldFailOnError(true)
                .forks(5)
                .warmupIterations(3).warmupTime(TimeValue.seconds(1))
                .measurementIterations(3).measurementTime(TimeValue.seconds(1));
        for (RunResult r : new Runner(options.build()).run()) {
            for (BenchmarkResult fork : r.getBenchmarkResults()) {
                double highest = Double.NaN;
                for (IterationResult iteration : fork.getIterationResults()) {
                    Result<?> alloc = iteration.getSecondaryResults().get("gc.alloc.rate.norm");
                    if (alloc != null && !(alloc.getScore() <= highest)) {
                        highest = alloc.getScore();
                    }
                }
                highestPerFork.add(highest);
            }
        }
        return highestPerFork;
    }

    private static String key(Class<?> benchmark, String method, String setup, int threads) {
        return benchmark.getSimpleName() + "." + method + " " + setup + " t" + threads;
    }

    private void write() throws IOException {
        Files.writeString(out.resolve("latest.json"), "[\n" + String.join(",\n", jsonParts) + "\n]\n",
                StandardCharsets.UTF_8);
        Files.writeString(out.resolve("latest.md"), markdown(), StandardCharsets.UTF_8);
        System.out.println(markdown());
    }

    private String markdown() {
        String load = String.format(Locale.ROOT, "Load average when the run ended: %.1f (%d CPUs).%n%n",
                java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(),
                Runtime.getRuntime().availableProcessors());
        StringBuilder sb = new StringBuilder();
        sb.append("Measured ").append(ZonedDateTime.now().format(DateTimeFormatter.ISO_OFFSET_DATE_TIME))
                .append(" with `benchmarks/run.sh").append(quick ? " --quick" : "").append("` on ")
                .append(Runtime.getRuntime().availableProcessors()).append(" CPUs, Java ")
                .append(System.getProperty("java.version")).append(" (").append(System.getProperty("java.vm.name"))
                .append("), ").append(System.getProperty("os.name")).append(' ').append(System.getProperty("os.arch"))
                .append(", JMH 1.37").append(quick ? ", quick mode: 1 fork, 2×1 s warm-up, 3×1 s measurement" :
                        ", 2 forks, 3×2 s warm-up, 5×2 s measurement").append(".\n\n");
        sb.append(load);
        sb.append("### Targets\n\n| Target | Measured | Limit | Met |\n|---|---|---|---|\n");
        for (Target t : targets()) {
            sb.append(t.row());
        }
        sb.append("\n### All results\n\n| Benchmark | Setup | Threads | ns/op | ± | B/op |\n|---|---|---|---|---|---|\n");
        for (Map.Entry<String, Measured> e : results.entrySet()) {
            String[] parts = e.getKey().split(" ");
            Measured m = e.getValue();
            sb.append(String.format(Locale.ROOT, "| %s | %s | %s | %.1f | %.1f | %s |%n", parts[0], parts[1],
                    parts[2].substring(1), m.score, m.error, Double.isNaN(m.alloc) ? "" :
                    String.format(Locale.ROOT, "%.1f", m.alloc)));
        }
        sb.append(endToEnd());
        sb.append(memory);
        sb.append(summaryPass);
        return sb.toString();
    }

    private String endToEnd() {
        StringBuilder sb = new StringBuilder("\n### End to end: ")
                .append(String.format(Locale.ROOT, "%,d", EndToEndBenchmark.CALLS))
                .append(" identical errors into a FileAppender\n\n| Setup | calls/s | lines written |\n|---|---|---|\n");
        for (String setup : END_TO_END) {
            Measured m = results.get(key(EndToEndBenchmark.class, "flood", setup, 1));
            if (m != null) {
                sb.append(String.format(Locale.ROOT, "| %s | %,.0f | %,d |%n", setup, 1e9 / m.score,
                        lines.getOrDefault(setup, -1L)));
            }
        }
        return sb.toString();
    }

    private List<Target> targets() {
        List<Target> t = new ArrayList<>();
        String lb = "LogbackBenchmark.";
        String l4 = "Log4j2Benchmark.";
        t.add(ratio("Logback suppressed call, 1 thread: Floodgate / DuplicateMessageFilter",
                lb + "flood floodgate t1", lb + "flood duplicateMessageFilter t1", 0.75));
        t.add(ratio("Log4j2 suppressed call, 1 thread: Floodgate / BurstFilter",
                l4 + "flood floodgate t1", l4 + "flood burstFilter t1", 0.5));
        t.add(ratio("Logback suppressed call, 2 threads, same template: Floodgate / DuplicateMessageFilter",
                lb + "flood floodgate t2", lb + "flood duplicateMessageFilter t2", 0.1));
        t.add(ratio("Log4j2 suppressed call, 2 threads, same template: Floodgate / BurstFilter",
                l4 + "flood floodgate t2", l4 + "flood burstFilter t2", 0.5));
        t.add(ratio("Logback: Floodgate 2 threads / 1 thread", lb + "flood floodgate t2", lb + "flood floodgate t1",
                2.0));
        t.add(ratio("Log4j2: Floodgate 2 threads / 1 thread", l4 + "flood floodgate t2", l4 + "flood floodgate t1",
                2.0));
        t.add(ratio("Logback disabled level: Floodgate / no filter", lb + "disabled floodgate t1",
                lb + "disabled noFilter t1", 2.0));
        t.add(ratio("Log4j2 disabled level: Floodgate / no filter", l4 + "disabled floodgate t1",
                l4 + "disabled noFilter t1", 2.0));
        t.add(ratio("Logback 100,000 templates / one template (Floodgate)", lb + "distinct100k floodgate t1",
                lb + "flood floodgate t1", 2.0));
        t.add(ratio("Log4j2 100,000 templates / one template (Floodgate)", l4 + "distinct100k floodgate t1",
                l4 + "flood floodgate t1", 2.0));
        for (String[] fw : new String[][] {{"Logback", lb}, {"Log4j2", l4}}) {
            for (String[] m : new String[][] {{"masked", "\"Failed for order \" + id", "23"},
                {"maskedHostPort", "\"Connection to \" + host:port + \" failed: \" + n", "47"},
                {"maskedHostName", "\"Connection to db-01.internal:5432 failed: \" + n", "47"}}) {
                t.add(beyond(fw[0] + " " + m[1] + ", 1 thread: Floodgate − no filter", fw[1] + m[0] + " floodgate t1",
                        fw[1] + m[0] + " noFilter t1", 50.0));
                t.add(allocationAtMost(fw[0] + " " + m[1] + ", 1 thread: Floodgate B/op vs the concatenated string",
                        fw[1] + m[0] + " floodgate t1", stringBytes(Integer.parseInt(m[2]))));
            }
        }
        t.add(allocation("Logback B/op, suppressed call vs no-filter disabled call", lb + "flood floodgate t1",
                lb + "disabled noFilter t1"));
        t.add(allocation("Log4j2 B/op, suppressed call vs no-filter disabled call", l4 + "flood floodgate t1",
                l4 + "disabled noFilter t1"));
        t.add(everyFork("Logback B/op, suppressed call, 2 threads, each of 5 forks (its highest iteration) vs no-filter "
                + "disabled call", LogbackBenchmark.class, lb + "disabled noFilter t1"));
        t.add(everyFork("Log4j2 B/op, suppressed call, 2 threads, each of 5 forks (its highest iteration) vs no-filter "
                + "disabled call", Log4j2Benchmark.class, l4 + "disabled noFilter t1"));
        t.add(partsAllocation());
        for (String fw : new String[] {"logback", "log4j2"}) {
            String with = key(EndToEndBenchmark.class, "flood", fw + "-floodgate", 1);
            String without = key(EndToEndBenchmark.class, "flood", fw + "-noFilter", 1);
            Measured a = results.get(with);
            Measured b = results.get(without);
            if (a != null && b != null) {
                double speedup = b.score / a.score;
                t.add(new Target(fw + " end to end: calls/s with / without Floodgate",
                        String.format(Locale.ROOT, "%.1f×", speedup), "≥ 20×", speedup >= 20));
                double fewer = 100.0 * (1 - (double) lines.get(fw + "-floodgate") / lines.get(fw + "-noFilter"));
                t.add(new Target(fw + " end to end: fewer lines written",
                        String.format(Locale.ROOT, "%.3f %%", fewer), "≥ 99.9 %", fewer >= 99.9));
            }
        }
        return t;
    }

    private Target ratio(String name, String numerator, String denominator, double limit) {
        Measured a = results.get(numerator);
        Measured b = results.get(denominator);
        if (a == null || b == null) {
            return new Target(name, "not measured", "≤ " + limit, false);
        }
        double r = a.score / b.score;
        return new Target(name, String.format(Locale.ROOT, "%.3f (%.1f / %.1f ns)", r, a.score, b.score),
                "≤ " + limit, r <= limit);
    }

    private Target allocation(String name, String ours, String reference) {
        Measured a = results.get(ours);
        Measured b = results.get(reference);
        if (a == null || b == null) {
            return new Target(name, "not measured", "equal", false);
        }
        return new Target(name, String.format(Locale.ROOT, "%.1f vs %.1f B/op", a.alloc, b.alloc), "equal",
                Math.abs(a.alloc - b.alloc) < 1.0);
    }

    private Target everyFork(String name, Class<?> benchmark, String reference) {
        Measured b = results.get(reference);
        List<Double> forks = forkAllocation.getOrDefault(benchmark, List.of());
        if (b == null || forks.isEmpty()) {
            return new Target(name, "not measured", "equal in every fork", false);
        }
        StringBuilder measured = new StringBuilder();
        boolean met = true;
        for (double alloc : forks) {
            measured.append(measured.length() == 0 ? "" : ", ").append(String.format(Locale.ROOT, "%.1f", alloc));
            met &= Math.abs(alloc - b.alloc) < 1.0;
        }
        return new Target(name, measured + String.format(Locale.ROOT, " vs %.1f B/op", b.alloc), "equal in every fork",
                met);
    }

    /**
     * Floodgate's suppressed calls in the fingerprint-parts floods, both frameworks, every fingerprint run: they log
     * an exception made once, so the call site allocates nothing, and an argument array that escapes in one fork
     * shows as about half its size in the mean of two.
     */
    private Target partsAllocation() {
        String name = "B/op, suppressed call with each fingerprint of the parts floods, both frameworks (the highest "
                + "mean)";
        double most = Double.NaN;
        for (Map.Entry<String, Measured> e : results.entrySet()) {
            if (e.getKey().contains("FingerprintPartsBenchmark.") && e.getKey().contains(" floodgate")) {
                most = Double.isNaN(most) ? e.getValue().alloc : Math.max(most, e.getValue().alloc);
            }
        }
        if (Double.isNaN(most)) {
            return new Target(name, "not measured", "0", false);
        }
        return new Target(name, String.format(Locale.ROOT, "%.1f B/op", most), "0", most < 1.0);
    }

    private Target beyond(String name, String ours, String reference, double limitNanos) {
        Measured a = results.get(ours);
        Measured b = results.get(reference);
        if (a == null || b == null) {
            return new Target(name, "not measured", "≤ " + limitNanos + " ns", false);
        }
        double d = a.score - b.score;
        return new Target(name, String.format(Locale.ROOT, "%.1f ns (%.1f − %.1f ns)", d, a.score, b.score),
                String.format(Locale.ROOT, "≤ %.0f ns", limitNanos), d <= limitNanos);
    }

    private Target allocationAtMost(String name, String ours, double bytes) {
        Measured a = results.get(ours);
        if (a == null) {
            return new Target(name, "not measured", "≤ " + bytes, false);
        }
        return new Target(name, String.format(Locale.ROOT, "%.1f vs %.0f B/op", a.alloc, bytes),
                String.format(Locale.ROOT, "≤ %.0f B/op", bytes), a.alloc < bytes + 1.0);
    }

    /** Returns the bytes of a Latin-1 string of {@code length} characters: the object and its byte array. */
    private static double stringBytes(int length) {
        return 24 + (16 + length + 7) / 8 * 8;
    }

    /** One measured benchmark: score and error in ns/op, allocation in B/op. */
    private static final class Measured {
        final double score;
        final double error;
        final double alloc;

        Measured(double score, double error, double alloc) {
            this.score = score;
            this.error = error;
            this.alloc = alloc;
        }
    }

    /** One target row. */
    private static final class Target {
        final String name;
        final String measured;
        final String limit;
        final boolean met;

        Target(String name, String measured, String limit, boolean met) {
            this.name = name;
            this.measured = measured;
            this.limit = limit;
            this.met = met;
        }

        String row() {
            return "| " + name + " | " + measured + " | " + limit + " | " + (met ? "met" : "**not met**") + " |\n";
        }
    }
}
