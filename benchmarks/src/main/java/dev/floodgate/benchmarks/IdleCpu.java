package dev.floodgate.benchmarks;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What Floodgate costs while nothing is logged: for Logback and Log4j2, a process ({@link IdleApp}) with and one
 * without Floodgate each log a flood, settle, then log nothing for the idle window; printed are each process's CPU
 * time over the window, the ratio with / without, and the threads that used CPU in it. The two processes of a
 * framework run at the same time, so that a machine shared with other work weighs on both alike; the frameworks one
 * after the other, {@code runs} times.
 *
 * <p>Run: {@code java -cp benchmarks/target/benchmarks.jar dev.floodgate.benchmarks.IdleCpu 60 3} (idle seconds,
 * runs).
 */
public final class IdleCpu {

    private IdleCpu() {
    }

    /** Arguments: idle seconds (default 60), runs (default 1). */
    public static void main(String[] args) throws Exception {
        String seconds = args.length > 0 ? args[0] : "60";
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 1;
        System.out.printf(Locale.ROOT, "%s, %s %s; idle window %s s%n", System.getProperty("java.vm.name"),
                System.getProperty("java.version"), System.getProperty("os.arch"), seconds);
        for (int run = 1; run <= runs; run++) {
            for (String framework : List.of("logback", "log4j2")) {
                Process withoutProcess = start(framework, "without", seconds);
                Process withProcess = start(framework, "with", seconds);
                double[] without = collect(withoutProcess, framework, "without");
                double[] with = collect(withProcess, framework, "with");
                System.out.printf(Locale.ROOT, "run %d %-7s process: without %6.1f ms, with %6.1f ms, ratio %.3f;"
                        + " threads alive through the window: without %6.1f ms, with %6.1f ms, ratio %.3f%n", run,
                        framework, without[0], with[0], with[0] / without[0], without[1], with[1],
                        with[1] / without[1]);
            }
        }
    }

    /** Starts one process of {@link IdleApp}. */
    private static Process start(String framework, String setup, String seconds) throws java.io.IOException {
        return new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m",
                "-cp", System.getProperty("java.class.path"), IdleApp.class.getName(), framework, setup, seconds)
                .redirectErrorStream(true).start();
    }

    /**
     * Waits for one process; returns its CPU time over the idle window and that of its threads alive through it, in
     * milliseconds, and prints its busy threads.
     */
    private static double[] collect(Process child, String framework, String setup) throws Exception {
        double millis = Double.NaN;
        double tasks = Double.NaN;
        List<String> threads = new ArrayList<>();
        List<String> tasksByName = new ArrayList<>();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(),
                StandardCharsets.UTF_8))) {
            String line;
            while ((line = out.readLine()) != null) {
                if (line.startsWith("IDLE_CPU_NANOS ")) {
                    millis = Long.parseLong(line.substring(15)) / 1e6;
                } else if (line.startsWith("TASKS_CPU_NANOS ")) {
                    tasks = Long.parseLong(line.substring(16)) / 1e6;
                } else if (line.startsWith("TASK ")) {
                    String[] parts = line.split(" ", 3);
                    tasksByName.add(String.format(Locale.ROOT, "%s %.1f ms", parts[2], Long.parseLong(parts[1]) / 1e6));
                } else if (line.startsWith("THREAD ")) {
                    String[] parts = line.split(" ", 3);
                    long nanos = Long.parseLong(parts[1]);
                    if (nanos >= 100_000) {
                        threads.add(String.format(Locale.ROOT, "%s %.1f ms", parts[2], nanos / 1e6));
                    }
                } else {
                    System.out.println("  " + framework + " " + setup + ": " + line);
                }
            }
        }
        if (child.waitFor() != 0) {
            throw new IllegalStateException(framework + " " + setup + " exited with " + child.exitValue());
        }
        System.out.printf(Locale.ROOT, "  %-7s %-7s idle CPU %6.1f ms, threads alive through it %6.1f ms; Java threads"
                + " over 0.1 ms: %s; all threads over 1 ms: %s%n", framework, setup, millis, tasks, threads,
                tasksByName);
        return new double[] {millis, tasks};
    }
}
