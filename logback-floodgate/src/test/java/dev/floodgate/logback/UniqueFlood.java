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
 * <p>Arguments: the placement ({@code turbo} or {@code appender}) and the number of distinct templates. Each template
 * is logged twice in a row, so every fingerprint that gets its own limiter has something to summarize.
 */
public final class UniqueFlood {

    private static final int THREADS = 2;

    private UniqueFlood() {
    }

    /** Runs the flood described by {@code args} (place, number of templates) and prints the findings line. */
    public static void main(String[] args) throws InterruptedException {
        Adapter adapter = Adapter.valueOf(args[0].toUpperCase(java.util.Locale.ROOT));
        int templates = Integer.parseInt(args[1]);
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
                        String template = "Unique event " + i + " failed: {}";
                        log.error(template, 1);
                        log.error(template, 2);
                        logged.addAndGet(2);
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
        t.close();
        System.out.println("findings logged=" + logged.get() + " written=" + counts.writtenTotal()
                + " fingerprint=" + counts.summarized("<fingerprint>") + " other=" + counts.summarized("<other>")
                + " forgotten=" + counts.summarized("<forgotten>") + " summaries=" + counts.summaries()
                + " mostTracked=" + mostTracked.get() + " maxKeys=" + maxKeys + " afterStop=" + counts.afterStop()
                + " sameFrameworkVersion="
                + (BoundedMemoryTest.frameworkVersion().equals(System.getProperty("floodgate.test.frameworkVersion"))
                        ? 1 : 0)
                + " maxHeap=" + Runtime.getRuntime().maxMemory());
    }
}
