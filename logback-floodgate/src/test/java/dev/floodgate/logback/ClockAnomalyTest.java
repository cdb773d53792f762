package dev.floodgate.logback;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The filter's clock steps back an hour and then forward a day in the middle of a flood from 4 threads, while
 * summaries are written concurrently: nothing throws, no count is negative or lost, summaries go on after the step
 * back, and events pass again after the jump forward.
 */
class ClockAnomalyTest {

    private static final int THREADS = 4;
    private static final int CALLS_PER_PHASE = 20_000;
    private static final int TEMPLATES = 5;

    /**
     * Logs {@link #CALLS_PER_PHASE} calls on each of {@link #THREADS} threads, moving the clock 30 s in all, while
     * another thread writes the summaries that are due.
     */
    private static void phase(Adapter adapter, TestContext t, AtomicLong logged, AtomicReference<Throwable> failure)
            throws InterruptedException {
        Logger log = t.logger("com.acme.Jobs");
        TestClock clock = adapter.clock(t);
        AtomicBoolean done = new AtomicBoolean();
        Thread summarizer = new Thread(() -> {
            while (!done.get()) {
                try {
                    adapter.summarizeIfDue(t);
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
                            clock.advance(Duration.ofMillis(750));
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
    @EnumSource(Adapter.class)
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void flood_clockStepsBackAnHourThenForwardADay_losesNothingAndRecovers(Adapter adapter)
            throws InterruptedException {
        TestContext t = TestContext.configure(getClass(), adapter.xml);
        CountingAppender counts = (CountingAppender) t.appender(Adapter.LIST);
        TestClock clock = adapter.clock(t);
        AtomicLong logged = new AtomicLong();
        AtomicReference<Throwable> failure = new AtomicReference<>();

        phase(adapter, t, logged, failure);
        long summariesBeforeStep = counts.summaries();
        clock.advance(Duration.ofHours(-1));
        phase(adapter, t, logged, failure);
        long summariesAfterStep = counts.summaries();
        long writtenBeforeJump = counts.writtenTotal();
        clock.advance(Duration.ofDays(1));
        phase(adapter, t, logged, failure);
        long writtenAfterJump = counts.writtenTotal();
        t.close();

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
        assertThat(t.problems()).as(context).isEmpty();
    }
}
