package dev.floodgate.logback;

import ch.qos.logback.classic.Logger;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The child JVM of {@link BoundedMemoryTest}: floods a real Logback context, configured from
 * {@code BoundedMemoryTest-<placement>.xml}, with distinct message templates on two threads while a test clock moves,
 * samples the number of tracked fingerprints, stops the context, and prints one line of findings:
 * {@code findings logged=.. written=.. fingerprint=.. other=.. forgotten=.. summaries=.. mostTracked=.. maxKeys=..}.
 *
 * <p>Arguments: the placement ({@code turbo} or {@code appender}), the number of distinct templates, and optionally
 * their shape: {@code templates} (the default), each template logged twice in a row with an argument, so every
 * fingerprint that gets its own limiter has something to summarize; or {@code masked}, distinct messages of
 * {@value #MASKED_CHARS} characters logged once each without arguments, each with dozens of tokens to mask
 * ({@link #maskedMessage}), so that each is as large a fingerprint as a message can make.
 */
public final class UniqueFlood {

    private static final int THREADS = 2;
    static final int MASKED_CHARS = 1_000;
    private static final String TOKENS = " id 42 at 10.0.0.7:5432 took 250ms for user 'bob' at 0x1f on 2024-05-01 v1.2.3";

    private UniqueFlood() {
    }

    /**
     * Returns a message of {@value #MASKED_CHARS} characters that masks to a text of its own for each {@code i}: a
     * word made of {@code i}'s digits as letters (digits would be masked), then numbers, an address, a duration, a
     * quoted string, hex, a date and a version, again and again.
     */
    static String maskedMessage(int i) {
        StringBuilder sb = new StringBuilder(MASKED_CHARS + TOKENS.length()).append("Unique event ");
        for (char c : Integer.toString(i).toCharArray()) {
            sb.append((char) ('a' + c - '0'));
        }
        while (sb.length() < MASKED_CHARS) {
            sb.append(TOKENS);
        }
        sb.setLength(MASKED_CHARS);
        return sb.toString();
    }

    /** Runs the flood described by {@code args} (place, number of templates) and prints the findings line. */
    public static void main(String[] args) throws InterruptedException {
        Adapter adapter = Adapter.valueOf(args[0].toUpperCase(java.util.Locale.ROOT));
        int templates = Integer.parseInt(args[1]);
        boolean masked = args.length > 2 && args[2].equals("masked");
        TestContext t = TestContext.configure(BoundedMemoryTest.class, adapter.xml);
        CountingAppender counts = (CountingAppender) t.appender(Adapter.LIST);
        TestClock clock = adapter.clock(t);
        int maxKeys = adapter.active(t).config().maxKeys();
        Logger log = t.logger("com.acme.Unique");
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
                            clock.advance(Duration.ofMillis(1));
                            long tracked = adapter.active(t).engine().trackedFingerprints();
                            mostTracked.accumulateAndGet(tracked, Math::max);
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
        t.close();
        System.out.println("findings logged=" + logged.get() + " written=" + counts.writtenTotal()
                + " fingerprint=" + counts.summarized("<fingerprint>") + " other=" + counts.summarized("<other>")
                + " forgotten=" + counts.summarized("<forgotten>") + " summaries=" + counts.summaries()
                + " mostTracked=" + mostTracked.get() + " maxKeys=" + maxKeys + " afterStop=" + counts.afterStop()
                + " sameFrameworkVersion="
                + (BoundedMemoryTest.frameworkVersion().equals(System.getProperty("floodgate.test.frameworkVersion"))
                        ? 1 : 0)
                + " maxHeap=" + Runtime.getRuntime().maxMemory() + " heapAfterFlood=" + heapAfterFlood);
    }
}
