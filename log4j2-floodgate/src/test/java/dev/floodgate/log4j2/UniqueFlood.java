package dev.floodgate.log4j2;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.logging.log4j.core.Logger;

/**
 * The child JVM of {@link BoundedMemoryTest}: floods a real Log4j context, started from
 * {@code BoundedMemoryTest-<place>.xml}, with distinct message templates on two threads while a test clock moves,
 * samples the number of tracked fingerprints, stops the context, and prints one line of findings:
 * {@code findings logged=.. written=.. fingerprint=.. other=.. forgotten=.. summaries=.. mostTracked=.. maxKeys=..}.
 *
 * <p>Arguments: the place ({@code contextWide} or {@code appender}), the number of distinct templates, and
 * optionally their shape: {@code templates} (the default), each template logged twice in a row with an argument, so
 * every fingerprint that gets its own limiter has something to summarize; or {@code masked}, distinct messages of
 * 1,000 characters logged once each without arguments, each with dozens of tokens to mask (the Logback tests'
 * {@code UniqueFlood.maskedMessage}), so that each is as large a fingerprint as a message can make.
 */
public final class UniqueFlood {

    private static final int THREADS = 2;

    private UniqueFlood() {
    }

    /** Returns the {@code i}th of the distinct masked messages, 1,000 characters each. */
    static String maskedMessage(int i) {
        StringBuilder sb = new StringBuilder(1_100).append("Unique event ");
        for (char c : Integer.toString(i).toCharArray()) {
            sb.append((char) ('a' + c - '0'));
        }
        while (sb.length() < 1_000) {
            sb.append(" id 42 at 10.0.0.7:5432 took 250ms for user 'bob' at 0x1f on 2024-05-01 v1.2.3");
        }
        sb.setLength(1_000);
        return sb.toString();
    }

    /** Runs the flood described by {@code args} (place, number of templates) and prints the findings line. */
    public static void main(String[] args) throws InterruptedException {
        String place = args[0];
        int templates = Integer.parseInt(args[1]);
        boolean masked = args.length > 2 && args[2].equals("masked");
        Log4jHarness h = Log4jHarness.start(BoundedMemoryTest.class, place);
        CountingAppender counts = h.counting("counting");
        FloodgateFilter filter = h.onlyFloodgate();
        int maxKeys = filter.config().maxKeys();
        Logger log = h.logger("app.Unique");
        AtomicLong logged = new AtomicLong();
        AtomicLong mostTracked = new AtomicLong();
        CountDownLatch done = new CountDownLatch(THREADS);
        for (int n = 0; n < THREADS; n++) {
            int thread = n;
            new Thread(() -> {
                try {
                    for (int i = thread; i < templates; i += THREADS) {
                        if (masked) {
                            log.error(maskedMessage(i));
                            logged.incrementAndGet();
                        } else {
                            String template = "Unique event " + i + " failed: {}";
                            log.error(template, 1);
                            log.error(template, 2);
                            logged.addAndGet(2);
                        }
                        if (i % 100 < THREADS) {
                            h.clock.advanceMillis(1);
                            mostTracked.accumulateAndGet(filter.trackedFingerprints(), Math::max);
                        }
                    }
                } finally {
                    done.countDown();
                }
            }, "unique-" + n).start();
        }
        done.await();
        // what the filter holds at the end of the flood, with everything that waits for a summary: for the docs
        System.gc();
        long heapAfterFlood = java.lang.management.ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        h.close();
        System.out.println("findings logged=" + logged.get() + " written=" + counts.writtenTotal()
                + " fingerprint=" + counts.summarized("<fingerprint>") + " other=" + counts.summarized("<other>")
                + " forgotten=" + counts.summarized("<forgotten>") + " summaries=" + counts.summaries()
                + " mostTracked=" + mostTracked.get() + " maxKeys=" + maxKeys + " afterStop=" + counts.afterStop()
                + " statusProblems=" + h.status.floodgateMessages().size()
                + " sameFrameworkVersion="
                + (BoundedMemoryTest.frameworkVersion().equals(System.getProperty("floodgate.test.frameworkVersion"))
                        ? 1 : 0)
                + " maxHeap=" + Runtime.getRuntime().maxMemory() + " heapAfterFlood=" + heapAfterFlood);
    }
}
