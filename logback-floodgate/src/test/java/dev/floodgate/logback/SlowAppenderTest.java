package dev.floodgate.logback;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.core.status.Status;
import dev.floodgate.core.internal.SummaryPublisher;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * An appender that takes "1 s per append" (here: as long as the test withholds a permit) never
 * holds a logging thread through Floodgate, nor the scheduler that triggers summaries, and a stop returns within
 * {@link SummaryPublisher#STOP_TIMEOUT_MILLIS} while the appender is still stuck, reporting the counts it could not
 * write.
 */
@Timeout(60)
class SlowAppenderTest {

    private static final Pattern SUMMARY_COUNT = Pattern.compile("Suppressed ([\\d,]+) |more templates?: ([\\d,]+) ");

    @ParameterizedTest
    @EnumSource(Adapter.class)
    void stuckSummaryWrite_holdsNoLoggingThread_andStopReturns(Adapter adapter) throws InterruptedException {
        List<Status> statuses = new CopyOnWriteArrayList<>();
        TestContext t = TestContext.configure(getClass(), adapter.xml);
        t.context.getStatusManager().add(statuses::add);
        BlockingAppender appender = (BlockingAppender) t.appender(Adapter.LIST);
        TestClock clock = adapter.clock(t);
        Logger log = t.logger("com.acme.Db");
        AtomicLong logged = new AtomicLong();
        for (int i = 0; i < 1_000; i++) {
            log.error("Connection to {} failed", i);
            logged.incrementAndGet();
        }
        clock.advance(Duration.ofSeconds(1));

        // The scheduled task hands the summary over and returns; the writer thread is now stuck in the appender.
        adapter.active(t).lifecycle().publishIfDue();
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
        t.context.stop();
        long stopMillis = (System.nanoTime() - stopStarted) / 1_000_000; // a figure for the docs, not asserted
        boolean stillStuck = appender.summaryPermits.hasQueuedThreads();
        List<String> errors = floodgateErrors(statuses);
        long reportedAtStop = countsIn(errors);
        appender.summaryPermits.release(1_000);
        joinWriters();
        long reported = countsIn(floodgateErrors(statuses));

        String figures = adapter + ": logged=" + logged + ", written=" + appender.written() + ", summarized="
                + appender.summarized() + ", reported at stop=" + reportedAtStop + ", reported in all=" + reported
                + ", event appends of the logging thread=" + appendsOfLoggingThread + ", stop took " + stopMillis + " ms";
        System.out.println("SlowAppenderTest: " + figures);
        assertThat(appendsOfLoggingThread).as("the logging thread waited for its own append only: " + figures)
                .isEqualTo(1);
        assertThat(stillStuck).as("stop returned while the summary write was still stuck").isTrue();
        assertThat(errors).singleElement().asString().contains("could not be written when the filter stopped")
                .contains("one more summary was still being written after 2,000 ms (984 suppressed");
        assertThat(appender.written() + appender.summarized() + reported).as(figures).isEqualTo(logged.get());
    }

    private static List<String> floodgateErrors(List<Status> statuses) {
        List<String> errors = new java.util.ArrayList<>();
        for (Status s : statuses) {
            if (s.getLevel() == Status.ERROR && s.getMessage().startsWith("Floodgate")) {
                errors.add(s.getMessage());
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
