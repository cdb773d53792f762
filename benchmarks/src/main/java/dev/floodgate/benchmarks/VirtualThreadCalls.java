package dev.floodgate.benchmarks;

import dev.floodgate.core.FloodEngine;
import dev.floodgate.core.FloodgateConfig;
import dev.floodgate.core.ManualClock;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.IntConsumer;

/**
 * Measures what a suppressed call allocates when every call runs on a thread of its own, as on a server that gives
 * each request a virtual thread (Java 21 and later): the bytes all threads allocated while {@value #TASKS} tasks ran,
 * each task one logging call on a new virtual thread, less what the same tasks allocate without Floodgate, per task
 * (the median of {@value #REPEATS} measurements).
 * The same is measured on two platform threads that run every task, where whatever Floodgate keeps per thread is
 * made once. The allocation counters are those of {@code com.sun.management.ThreadMXBean}, summed over every live
 * thread, the virtual threads' carriers among them.
 *
 * <p>The engine ({@link FloodEngine}) is called directly, with a frozen clock, so every call after a flood's first
 * few is suppressed. Run on Java 21 or later:
 * {@code java -cp benchmarks/target/benchmarks.jar dev.floodgate.benchmarks.VirtualThreadCalls}.
 */
public final class VirtualThreadCalls {

    /** The number of tasks measured per case, after as many to warm up. */
    static final int TASKS = 200_000;
    /** How many times each case is measured; the median is reported. */
    static final int REPEATS = 5;

    private static volatile Object sink;

    private VirtualThreadCalls() {
    }

    /** Prints the measurement as a Markdown table. */
    public static void main(String[] args) throws Exception {
        if (Runtime.version().feature() < 21) {
            System.out.println("VirtualThreadCalls needs Java 21 or later (virtual threads); this is "
                    + Runtime.version());
            return;
        }
        System.out.println("| Fingerprint | Call | Bytes per call, a virtual thread per call | Bytes per call, two"
                + " platform threads |");
        System.out.println("|---|---|---|---|");
        IntConsumer kilobyte = i -> sink = new byte[1_000];
        IntConsumer nothing = i -> sink = null;
        System.out.printf(Locale.ROOT, "| (check) | a task that allocates a 1,000-byte array | %.1f | %.1f |%n",
                difference(VirtualThreadCalls::virtualThreads, kilobyte, nothing),
                difference(() -> Executors.newFixedThreadPool(2), kilobyte, nothing));
        row("the template (default)", "`log.error(\"Connection to {} failed\", i)`", FloodgateConfig.defaults(),
                i -> "Connection to {} failed", true);
        row("the template, logger and level", "the same",
                FloodgateConfig.parse(Map.of("includeLogger", "true", "includeLevel", "true")),
                i -> "Connection to {} failed", true);
        row("the message (no arguments, no tokens)", "`log.error(\"Connection refused\")`",
                FloodgateConfig.defaults(), i -> "Connection refused", false);
        row("the message, logger and level", "the same",
                FloodgateConfig.parse(Map.of("includeLogger", "true", "includeLevel", "true")),
                i -> "Connection refused", false);
        row("masked text (`maskTokens`)", "`log.error(\"Failed for order \" + id)`",
                FloodgateConfig.parse(Map.of("maskTokens", "true")), i -> "Failed for order " + (100_000 + i % 65_536),
                false);
    }

    private interface Message {
        String of(int i);
    }

    private static void row(String fingerprint, String call, FloodgateConfig config, Message message,
            boolean hasArguments) throws Exception {
        FloodEngine filter = new FloodEngine(config, new ManualClock(1_000_000L));
        IntConsumer withFloodgate = i -> {
            String text = message.of(i);
            sink = filter.suppress(text, hasArguments, "com.acme.Db", "ERROR", null) ? text : null;
        };
        IntConsumer without = i -> sink = message.of(i);
        System.out.printf(Locale.ROOT, "| %s | %s | %.1f | %.1f |%n", fingerprint, call,
                difference(VirtualThreadCalls::virtualThreads, withFloodgate, without),
                difference(() -> Executors.newFixedThreadPool(2), withFloodgate, without));
    }

    /** The median of {@value #REPEATS} measurements of what {@code task} allocates per task beyond {@code base}. */
    private static double difference(Pool pool, IntConsumer task, IntConsumer base) throws Exception {
        double[] d = new double[REPEATS];
        for (int i = 0; i < REPEATS; i++) {
            d[i] = perTask(pool, task) - perTask(pool, base);
        }
        Arrays.sort(d);
        return d[REPEATS / 2];
    }

    private interface Pool {
        ExecutorService open() throws Exception;
    }

    /**
     * Runs the tasks twice on one pool, and returns the bytes allocated per task in the second run, counted while the
     * pool's threads (or the virtual threads' carriers) are alive.
     */
    private static double perTask(Pool pool, IntConsumer task) throws Exception {
        ExecutorService executor = pool.open();
        try {
            run(executor, task);
            long before = allocatedBytes();
            run(executor, task);
            return (double) (allocatedBytes() - before) / TASKS;
        } finally {
            executor.shutdown();
        }
    }

    private static void run(ExecutorService executor, IntConsumer task) throws InterruptedException {
        CountDownLatch done = new CountDownLatch(TASKS);
        for (int i = 0; i < TASKS; i++) {
            int n = i;
            executor.execute(() -> {
                task.accept(n);
                done.countDown();
            });
        }
        if (!done.await(5, TimeUnit.MINUTES)) {
            throw new IllegalStateException("the tasks did not end in 5 minutes");
        }
    }

    private static ExecutorService virtualThreads() throws Exception {
        return (ExecutorService) Executors.class.getMethod("newVirtualThreadPerTaskExecutor").invoke(null);
    }

    private static long allocatedBytes() {
        com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long sum = 0;
        for (long n : threads.getThreadAllocatedBytes(threads.getAllThreadIds())) {
            sum += Math.max(0, n);
        }
        return sum;
    }
}
