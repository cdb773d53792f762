package dev.floodgate.benchmarks;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.util.LogbackMDCAdapter;
import ch.qos.logback.core.AppenderBase;
import dev.floodgate.core.FloodEngine;
import dev.floodgate.core.ManualClock;
import dev.floodgate.logback.FloodgateTurboFilter;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Measures a summary pass of {@value #FINGERPRINTS} fingerprints through Logback's turbo filter, the way it runs in
 * production: drained on the context's scheduler thread, written by the filter's summary writer thread through the
 * loggers to an appender (one that only counts), while a logging thread keeps logging a flooding template.
 *
 * <p>Each round gives every fingerprint suppressed calls, moves the filter's clock past the summary interval and
 * waits until all the summaries are written (one line each: {@code maxSummaryLines} is raised above the default
 * 100). Reported per pass: the CPU time of the context's scheduler threads (which drain the counts and hand them to
 * the filter's summary writer thread), the writer thread's CPU time (a new thread per pass, so its total), and the
 * wall time from the first to the last summary line. The logging thread
 * measures each of its calls with {@link System#nanoTime()}; its latencies during passes and between them are
 * reported as percentiles. Run: {@code java -cp benchmarks/target/benchmarks.jar dev.floodgate.benchmarks.SummaryPass}.
 */
public final class SummaryPass {

    /** The number of fingerprints summarized per pass. */
    static final int FINGERPRINTS = 10_000;
    private static final int ROUNDS = 12;
    private static final int WARMUP_ROUNDS = 3;

    private SummaryPass() {
    }

    /** Prints the measurement as Markdown. */
    public static void main(String[] args) throws Exception {
        System.out.print(measure());
    }

    /** Runs the rounds and returns the result as Markdown. */
    static String measure() throws Exception {
        ManualClock clock = new ManualClock(1_000_000L);
        LoggerContext context = new LoggerContext();
        context.setName("summary-pass");
        context.setMDCAdapter(new LogbackMDCAdapter());
        SummaryCounter counter = new SummaryCounter();
        counter.setContext(context);
        counter.start();
        Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        root.setLevel(Level.INFO);
        root.addAppender(counter);
        FloodgateTurboFilter filter = new FloodgateTurboFilter();
        filter.setContext(context);
        filter.setClock(clock);
        filter.setSummaryInterval("1 second");
        filter.setMaxKeys(String.valueOf(FINGERPRINTS + 10));
        // every fingerprint gets its own line, the most work a pass can be, instead of the default cap of 100 lines
        filter.setMaxSummaryLines(String.valueOf(FINGERPRINTS + 10));
        filter.start();
        context.addTurboFilter(filter);
        context.start();
        Logger log = context.getLogger("com.acme.Db");
        String[] templates = new String[FINGERPRINTS];
        for (int i = 0; i < templates.length; i++) {
            templates[i] = "Operation " + Integer.toHexString(i * 0x9E3779B9) + " failed on {} after {} retries";
        }
        Latencies latencies = new Latencies(counter);
        Thread logging = new Thread(() -> {
            Logger hot = context.getLogger("com.acme.Hot");
            long i = 0;
            while (!latencies.stop.get()) {
                long t0 = System.nanoTime();
                hot.error("Connection to {} failed: {}", "db-1", i++);
                latencies.record(System.nanoTime() - t0);
            }
        }, "logging");
        logging.start();
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        long[] cpu = new long[ROUNDS];
        long[] writerCpu = new long[ROUNDS];
        long[] wall = new long[ROUNDS];
        for (int round = 0; round < WARMUP_ROUNDS + ROUNDS; round++) {
            for (String template : templates) {
                for (int k = 0; k < 20; k++) {
                    log.error(template, "db-1", k);
                }
            }
            // and one for the logging thread's flooding template
            CountDownLatch written = counter.expect(FINGERPRINTS + 1);
            long schedulerBefore = schedulerCpu(mx);
            clock.advance(Duration.ofSeconds(1));
            if (!written.await(60, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the summaries of round " + round + " were not written");
            }
            if (round >= WARMUP_ROUNDS) {
                cpu[round - WARMUP_ROUNDS] = schedulerCpu(mx) - schedulerBefore;
                writerCpu[round - WARMUP_ROUNDS] = counter.lastCpu;
                wall[round - WARMUP_ROUNDS] = counter.lastAt - counter.firstAt;
            }
        }
        latencies.stop.set(true);
        logging.join();
        context.stop();
        Arrays.sort(cpu);
        Arrays.sort(writerCpu);
        Arrays.sort(wall);
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "%n### Summary pass: %,d fingerprints through Logback's turbo filter%n%n",
                FINGERPRINTS));
        sb.append(String.format(Locale.ROOT, "%d passes (after %d warm-up passes), each writing %,d lines: the"
                + " scheduler's CPU time per pass (draining the counts and handing them over) median %.1f ms, max"
                + " %.1f ms; the summary writer thread's CPU time median %.1f ms, max %.1f ms; wall time from the"
                + " first to the last line median %.1f ms, max %.1f ms.%n%n", ROUNDS, WARMUP_ROUNDS, FINGERPRINTS + 1,
                cpu[ROUNDS / 2] / 1e6, cpu[ROUNDS - 1] / 1e6, writerCpu[ROUNDS / 2] / 1e6,
                writerCpu[ROUNDS - 1] / 1e6, wall[ROUNDS / 2] / 1e6, wall[ROUNDS - 1] / 1e6));
        sb.append("| A logging thread's suppressed call | calls | p50 | p99 | p99.9 | max |\n|---|---|---|---|---|---|\n");
        sb.append(latencies.row("while a pass is written", true));
        sb.append(latencies.row("between passes", false));
        return sb.toString();
    }

    /** Returns the CPU time of the context's scheduler threads ({@code logback-N}) so far. */
    private static long schedulerCpu(ThreadMXBean mx) {
        long sum = 0;
        for (java.lang.management.ThreadInfo info : mx.getThreadInfo(mx.getAllThreadIds())) {
            if (info != null && info.getThreadName().startsWith("logback-")) {
                long t = mx.getThreadCpuTime(info.getThreadId());
                sum += Math.max(0, t);
            }
        }
        return sum;
    }

    /** Counts summary lines: when the first and last of a pass were written, and the writer's CPU time then. */
    static final class SummaryCounter extends AppenderBase<ILoggingEvent> {
        private final ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        volatile CountDownLatch latch = new CountDownLatch(0);
        volatile boolean writing;
        volatile long firstAt;
        volatile long lastAt;
        volatile long lastCpu;
        private int seen;
        private int expected;

        CountDownLatch expect(int summaries) {
            synchronized (this) {
                seen = 0;
                expected = summaries;
                latch = new CountDownLatch(1);
                return latch;
            }
        }

        @Override
        protected void append(ILoggingEvent event) {
            if (event.getMarkerList() == null || event.getMarkerList().stream()
                    .noneMatch(m -> m.getName().equals(FloodEngine.SUMMARY_MARKER))) {
                return;
            }
            long now = System.nanoTime();
            if (seen == 0) {
                firstAt = now;
                writing = true;
            }
            seen++;
            if (seen == expected) {
                lastAt = now;
                lastCpu = mx.getCurrentThreadCpuTime();
                writing = false;
                latch.countDown();
            }
        }
    }

    /** Latencies of the logging thread's calls in power-of-two nanosecond buckets, during passes and between. */
    static final class Latencies {
        final AtomicBoolean stop = new AtomicBoolean();
        private final SummaryCounter counter;
        private final long[][] buckets = new long[2][64];
        private final long[] max = new long[2];

        Latencies(SummaryCounter counter) {
            this.counter = counter;
        }

        void record(long nanos) {
            int during = counter.writing ? 1 : 0;
            buckets[during][63 - Long.numberOfLeadingZeros(Math.max(1, nanos))]++;
            max[during] = Math.max(max[during], nanos);
        }

        String row(String name, boolean during) {
            long[] b = buckets[during ? 1 : 0];
            long total = Arrays.stream(b).sum();
            return String.format(Locale.ROOT, "| %s | %,d | %s | %s | %s | %s |%n", name, total,
                    below(b, total, 0.5), below(b, total, 0.99), below(b, total, 0.999),
                    nanos(max[during ? 1 : 0]));
        }

        private static String below(long[] b, long total, double quantile) {
            long need = (long) Math.ceil(total * quantile);
            long sum = 0;
            for (int i = 0; i < b.length; i++) {
                sum += b[i];
                if (sum >= need) {
                    return "< " + nanos(2L << i);
                }
            }
            return "-";
        }

        private static String nanos(long n) {
            return n < 10_000 ? n + " ns" : n < 10_000_000 ? String.format(Locale.ROOT, "%.0f µs", n / 1e3)
                    : String.format(Locale.ROOT, "%.0f ms", n / 1e6);
        }
    }
}
