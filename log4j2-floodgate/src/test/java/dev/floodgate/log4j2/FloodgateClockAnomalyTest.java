package dev.floodgate.log4j2;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.logging.log4j.core.Logger;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The filter's clock steps back an hour and then forward a day in the middle of a flood from 4 threads, while
 * summaries are written concurrently, context-wide and on an appender: nothing throws, no count is negative or lost,
 * summaries go on after the step back, and events pass again after the jump forward.
 */
class FloodgateClockAnomalyTest {

    private static final int THREADS = 4;
    private static final int CALLS_PER_PHASE = 20_000;
    private static final int TEMPLATES = 5;
    private static final long HOUR = 3_600_000L;
    private static final long DAY = 86_400_000L;

    /**
     * Logs {@link #CALLS_PER_PHASE} calls on each of {@link #THREADS} threads, moving the clock 30 s in all, while
     * another thread writes the summaries that are due.
     */
    private static void phase(Log4jHarness h, AtomicLong logged, AtomicReference<Throwable> failure)
            throws InterruptedException {
        Logger log = h.logger("app.Jobs");
        AtomicBoolean done = new AtomicBoolean();
        Thread summarizer = new Thread(() -> {
            while (!done.get()) {
                try {
                    h.writeDueSummaries();
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
                Thread.yield();
            }
        }, "summarizer");
        summarizer.start();
        List<Thread> threads = new ArrayList<>();
        for (int n = 0; n < THREADS; n++) {
            threads.add(new Thread(() -> {
                try {
                    for (int i = 0; i < CALLS_PER_PHASE; i++) {
                        log.error("Job " + (i % TEMPLATES) + " failed: {}", i);
                        logged.incrementAndGet();
                        if (i % 2_000 == 1_999) {
                            h.clock.advanceMillis(750);
                        }
                    }
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            }, "flood-" + n));
        }
        threads.forEach(Thread::start);
        for (Thread thread : threads) {
            thread.join();
        }
        done.set(true);
        summarizer.join();
    }

    @ParameterizedTest
    @ValueSource(strings = {"contextWide", "appender"})
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void flood_clockStepsBackAnHourThenForwardADay_losesNothingAndRecovers(String place)
            throws InterruptedException {
        Log4jHarness h = Log4jHarness.start(getClass(), place);
        CountingAppender counts = h.counting("counting");
        AtomicLong logged = new AtomicLong();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        long summariesBeforeStep;
        long summariesAfterStep;
        long writtenBeforeJump;
        long writtenAfterJump;
        try {
            phase(h, logged, failure);
            summariesBeforeStep = counts.summaries();
            h.clock.advanceMillis(-HOUR);
            phase(h, logged, failure);
            summariesAfterStep = counts.summaries();
            writtenBeforeJump = counts.writtenTotal();
            h.clock.advanceMillis(DAY);
            phase(h, logged, failure);
            writtenAfterJump = counts.writtenTotal();
            h.context.stop();
        } finally {
            h.close();
        }

        String context = "written=" + counts.writtenTotal() + ", summarized=" + counts.summarizedTotal()
                + ", summaries=" + counts.summaries();
        assertThat(failure.get()).as(context).isNull();
        assertThat(counts.writtenTotal() + counts.summarizedTotal()).as(context).isEqualTo(logged.get());
        for (int k = 0; k < TEMPLATES; k++) {
            String template = "Job " + k + " failed: {}";
            assertThat(counts.written(template) + counts.summarized(template)).as(template + ", " + context)
                    .isEqualTo((long) THREADS * CALLS_PER_PHASE * 3 / TEMPLATES);
        }
        assertThat(summariesAfterStep).as("summaries after the step back, " + context)
                .isGreaterThan(summariesBeforeStep);
        assertThat(writtenAfterJump).as("events written after the jump forward, " + context)
                .isGreaterThan(writtenBeforeJump);
        assertThat(counts.afterStop()).as(context).isZero();
        assertThat(h.status.floodgateMessages()).as(context).isEmpty();
    }
}
