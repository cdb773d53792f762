package dev.floodgate.benchmarks;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.Method;
import java.util.Locale;

/**
 * Runs one benchmark method of {@link LogbackBenchmark} or {@link Log4j2Benchmark} in this JVM, one thread, and
 * reports the least thread CPU time per call over {@value #ROUNDS} rounds of {@value #CALLS} calls: a figure that a
 * machine shared with other work disturbs far less than JMH's wall-clock average, for comparing setups on such a
 * machine. It includes a reflective call per operation (the same for every setup), so compare setups with each other,
 * not with JMH's figures.
 *
 * <p>Run: {@code java -cp benchmarks/target/benchmarks.jar dev.floodgate.benchmarks.CpuTimeRun LogbackBenchmark
 * masked floodgate,noFilter}.
 */
public final class CpuTimeRun {

    private static final int ROUNDS = 12;
    private static final int CALLS = 200_000;

    private CpuTimeRun() {
    }

    /** Arguments: the benchmark class's simple name, the method, and the setups, comma-separated. */
    public static void main(String[] args) throws Exception {
        if (args.length != 3) {
            System.err.println("usage: CpuTimeRun <LogbackBenchmark|Log4j2Benchmark> <method> <setup,setup,...>");
            System.exit(2);
        }
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        Class<?> type = Class.forName(CpuTimeRun.class.getPackageName() + "." + args[0]);
        Method method = type.getMethod(args[1], Cursor.class);
        for (String setup : args[2].split(",")) {
            Object benchmark = type.getConstructor().newInstance();
            type.getField("setup").set(benchmark, setup);
            type.getMethod("setUp").invoke(benchmark);
            Cursor cursor = new Cursor();
            double least = Double.MAX_VALUE;
            for (int round = 0; round < ROUNDS; round++) {
                long start = mx.getCurrentThreadCpuTime();
                for (int i = 0; i < CALLS; i++) {
                    method.invoke(benchmark, cursor);
                }
                least = Math.min(least, (double) (mx.getCurrentThreadCpuTime() - start) / CALLS);
            }
            type.getMethod("tearDown").invoke(benchmark);
            System.out.printf(Locale.ROOT, "%s.%s %s: %.1f ns CPU per call (least of %d rounds)%n", args[0], args[1],
                    setup, least, ROUNDS);
        }
    }
}
