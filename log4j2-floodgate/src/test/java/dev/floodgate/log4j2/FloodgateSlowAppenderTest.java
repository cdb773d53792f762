package dev.floodgate.log4j2;

import static org.assertj.core.api.Assertions.assertThat;

import dev.floodgate.core.internal.SummaryPublisher;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.logging.log4j.Logger;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * An appender that takes "1 s per append" (here: as long as the test withholds a permit) never
 * holds a logging thread through Floodgate, nor the configuration's scheduler, and a stop returns within
 * {@link SummaryPublisher#STOP_TIMEOUT_MILLIS} while the appender is still stuck, reporting the counts it could not
 * write.
 */
@Timeout(60)
class FloodgateSlowAppenderTest {

    private static final Pattern SUMMARY_COUNT = Pattern.compile("Suppressed ([\\d,]+) |more templates?: ([\\d,]+) ");

    @ParameterizedTest
    @ValueSource(strings = {"contextWide", "appender"})
    void stuckSummaryWrite_holdsNoLoggingThread_andStopReturns(String place) throws InterruptedException {
        Log4jHarness h = Log4jHarness.start(getClass(), place);
        BlockingAppender appender = h.configuration().getAppender("blocking");
        FloodgateFilter filter = h.onlyFloodgate();
        Logger log = h.logger("com.acme.Db");
        AtomicLong logged = new AtomicLong();
        for (int i = 0; i < 1_000; i++) {
            log.error("Connection to {} failed", i);
            logged.incrementAndGet();
        }
        h.clock.advanceMillis(1_000);

        // What the scheduled task runs: it hands the summary over and returns; the writer is now stuck in the appender.
        filter.lifecycle().publishIfDue();
        appender.summaryEntered.acquire();
        appender.blockEvents = true;

        // A logging thread floods on and then logs one new message: it needs the appender for that one only.
        Thread logging = new Thread(() -> {
            for (int i = 0; i < 10_000; i++) {
                log.error("Connection to {} failed", i);
                logged.incrementAndGet();
            }
            log.error("Cache {} rebuilt", "prices");
            logged.incrementAndGet();
        }, "logging");
        logging.start();
        appender.eventEntered.acquire(17); // the 16 passed before, and the new message
        appender.eventPermits.release();
        logging.join();
        long appendsOfLoggingThread = appender.eventAppendsOf(logging);

        // Stop while the summary write is still stuck: it returns, and says what it could not write.
        long stopStarted = System.nanoTime();
        h.close();
        long stopMillis = (System.nanoTime() - stopStarted) / 1_000_000; // a figure for the docs, not asserted
        boolean stillStuck = appender.summaryPermits.hasQueuedThreads();
        List<String> errors = floodgateErrors(h.status.messages());
        long reportedAtStop = countsIn(errors);
        appender.summaryPermits.release(1_000);
        joinWriters(); // the stuck write now succeeds

        String figures = place + ": logged=" + logged + ", written=" + appender.written() + ", summarized="
                + appender.summarized() + ", reported at stop=" + reportedAtStop + ", event appends of the logging"
                + " thread=" + appendsOfLoggingThread + ", stop took " + stopMillis + " ms";
        System.out.println("FloodgateSlowAppenderTest: " + figures);
        assertThat(appendsOfLoggingThread).as("the logging thread waited for its own append only: " + figures)
                .isEqualTo(1);
        assertThat(stillStuck).as("stop returned while the summary write was still stuck").isTrue();
        assertThat(errors).singleElement().asString().contains("could not be written when the filter stopped")
                .contains("one more summary was still being written after 2,000 ms (984 suppressed");
        assertThat(appender.written() + appender.summarized() + reportedAtStop).as(figures).isEqualTo(logged.get());
    }

    private static List<String> floodgateErrors(List<String> messages) {
        List<String> errors = new ArrayList<>();
        for (String m : messages) {
            if (m.startsWith("ERROR Floodgate")) {
                errors.add(m);
            }
        }
        return errors;
    }

    private static long countsIn(List<String> errors) {
        long sum = 0;
        for (String e : errors) {
            Matcher m = SUMMARY_COUNT.matcher(e);
            while (m.find()) {
                sum += Long.parseLong((m.group(1) != null ? m.group(1) : m.group(2)).replace(",", ""));
            }
        }
        return sum;
    }

    /** Waits for Floodgate's summary writer threads to end. */
    private static void joinWriters() throws InterruptedException {
        for (Thread thread : Thread.getAllStackTraces().keySet()) {
            if (thread.getName().startsWith("floodgate-summaries")) {
                thread.join();
            }
        }
    }
}
