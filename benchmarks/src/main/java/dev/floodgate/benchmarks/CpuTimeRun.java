package dev.floodgate.benchmarks;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.Locale;

/**
 * Runs one benchmark method of a benchmark class ({@link LogbackBenchmark}, {@link Log4j2Benchmark},
 * {@link HostileFloodBenchmark}, ...) in this JVM, one thread, and reports the least thread CPU time per call over 12
 * rounds of 200,000 calls ({@code -Drounds=N -Dcalls=N} change those): a figure that a machine shared with other work
 * disturbs far less than JMH's wall-clock average, for comparing setups on such a machine. It includes a reflective
 * call per operation (the same for every setup), so compare setups with each other, not with JMH's figures.
 *
 * <p>Run: {@code java -cp benchmarks/target/benchmarks.jar dev.floodgate.benchmarks.CpuTimeRun LogbackBenchmark
 * masked floodgate,noFilter}. A setup is the value of the class's {@code setup} parameter, or its parameters as
 * {@code name=value} pairs joined by {@code /}: {@code CpuTimeRun HostileFloodBenchmark call
 * framework=logback/blocks=colliding/call=masked,framework=logback/blocks=control/call=masked}.
 */
public final class CpuTimeRun {

    private static final int ROUNDS = Integer.getInteger("rounds", 12);
    private static final int CALLS = Integer.getInteger("calls", 200_000);

    private CpuTimeRun() {
    }

    /** Arguments: the benchmark class's simple name, the method, and the setups, comma-separated. */
    public static void main(String[] args) throws Exception {
        if (args.length != 3) {
            System.err.println("usage: CpuTimeRun <benchmark class> <method> <setup,setup,...>");
            System.exit(2);
        }
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        Class<?> type = Class.forName(CpuTimeRun.class.getPackageName() + "." + args[0]);
        Method method = benchmarkMethod(type, args[1]);
        for (String setup : args[2].split(",")) {
            Object benchmark = type.getConstructor().newInstance();
            for (String parameter : setup.split("/")) {
                int eq = parameter.indexOf('=');
                Field field = type.getField(eq < 0 ? "setup" : parameter.substring(0, eq));
                String value = parameter.substring(eq + 1);
                field.set(benchmark, field.getType() == int.class ? (Object) Integer.valueOf(value) : value);
            }
            type.getMethod("setUp").invoke(benchmark);
            Object[] cursor = method.getParameterCount() == 0 ? new Object[0] : new Object[] {new Cursor()};
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

    /** The benchmark method {@code name}: one that takes a {@link Cursor}, else one without parameters. */
    private static Method benchmarkMethod(Class<?> type, String name) throws NoSuchMethodException {
        try {
            return type.getMethod(name, Cursor.class);
        } catch (NoSuchMethodException e) {
            return type.getMethod(name);
        }
    }
}
