package dev.floodgate.logback;

import static dev.floodgate.logback.TestContext.events;
import static dev.floodgate.logback.TestContext.field;
import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import dev.floodgate.core.summary.SuppressionSummary;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * An appender that logs while floods are decided and summaries written, and a throwable whose {@code getMessage()}
 * and {@code toString()} log: no recursion, no deadlock, exact counts.
 */
class ReentrancyTest {

    private static final String TEMPLATE = "Connection to {} failed";
    private static final int THREADS = 2;
    private static final int CALLS_PER_THREAD = 20_000;

    @ParameterizedTest
    @EnumSource(Adapter.class)
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void flood_appenderThatLogsWhileSummariesAreWritten_completesWithExactCounts(Adapter adapter)
            throws InterruptedException {
        TestContext t = TestContext.configure(getClass(), adapter.xml);
        TestClock clock = (TestClock) (adapter == Adapter.TURBO ? t.turboFilter().clock()
                : t.filter("ECHOING").clock());
        Runnable summarize = adapter == Adapter.TURBO ? t.turboFilter()::summarizeIfDue
                : t.filter("ECHOING")::summarizeIfDue;
        Logger log = t.logger("com.acme.Db");
        AtomicBoolean done = new AtomicBoolean();
        List<Thread> threads = new ArrayList<>();
        for (int n = 0; n < THREADS; n++) {
            threads.add(new Thread(() -> {
                for (int i = 0; i < CALLS_PER_THREAD; i++) {
                    log.error(TEMPLATE, i);
                    if (i % 200 == 199) {
                        clock.advance(Duration.ofMillis(50));
                    }
                }
            }, "flood-" + n));
        }
        Thread summarizer = new Thread(() -> {
            while (!done.get()) {
                summarize.run();
                Thread.yield();
            }
        }, "summarizer");

        threads.forEach(Thread::start);
        summarizer.start();
        for (Thread thread : threads) {
            thread.join();
        }
        done.set(true);
        summarizer.join();
        ListAppender<ILoggingEvent> echoingList = t.list("ECHOING");
        ListAppender<ILoggingEvent> echoesList = t.list("ECHOES");
        t.close();
        List<ILoggingEvent> echoing = events(echoingList);
        List<ILoggingEvent> echoes = events(echoesList);

        long written = echoing.stream().filter(e -> !TestContext.isSummary(e)).count();
        long summarized = TestContext.summaries(echoing).stream()
                .filter(s -> TEMPLATE.equals(field(s, SuppressionSummary.FIELD_FINGERPRINT)))
                .mapToLong(s -> (Long) field(s, SuppressionSummary.FIELD_SUPPRESSED)).sum();
        assertThat(written + summarized).isEqualTo((long) THREADS * CALLS_PER_THREAD);
        assertThat(summarized).isPositive();
        // Every event ECHOING received, summaries included, was echoed once: written to ECHOES, or, where the turbo
        // filter limits the echoes too, counted in a summary of theirs (which one is refused depends on the threads).
        assertThat(accounted(echoes, "echo of {}")).isEqualTo(echoing.size());
        assertThat(t.problems()).isEmpty();
    }

    /** A throwable whose {@code getMessage()} and {@code toString()} log through {@code log}, and count it. */
    static final class LoggingThrowable extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final transient Logger log;
        private final AtomicLong asked;

        LoggingThrowable(Logger log, AtomicLong asked) {
            super("failure");
            this.log = log;
            this.asked = asked;
        }

        @Override
        public String getMessage() {
            asked.incrementAndGet();
            log.warn("Asked for the message of {}", "a failure");
            return "failure";
        }

        @Override
        public String toString() {
            asked.incrementAndGet();
            log.warn("Asked for the message of {}", "a failure");
            return getClass().getName() + ": failure";
        }
    }

    @ParameterizedTest
    @EnumSource(Adapter.class)
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void flood_throwableWhoseToStringLogs_completesWithExactCounts(Adapter adapter) throws InterruptedException {
        TestContext t = TestContext.configure(getClass(), adapter.xml);
        TestClock clock = (TestClock) (adapter == Adapter.TURBO ? t.turboFilter().clock()
                : t.filter("ECHOING").clock());
        Logger log = t.logger("com.acme.Db");
        AtomicLong asked = new AtomicLong();
        List<Thread> threads = new ArrayList<>();
        for (int n = 0; n < THREADS; n++) {
            threads.add(new Thread(() -> {
                for (int i = 0; i < 5_000; i++) {
                    log.error(TEMPLATE, i, new LoggingThrowable(log, asked));
                    if (i % 200 == 199) {
                        clock.advance(Duration.ofMillis(50));
                    }
                }
            }, "flood-" + n));
        }

        threads.forEach(Thread::start);
        for (Thread thread : threads) {
            thread.join();
        }
        ListAppender<ILoggingEvent> echoingList = t.list("ECHOING");
        t.close();
        List<ILoggingEvent> echoing = events(echoingList);

        String nested = "Asked for the message of {}";
        assertThat(accounted(echoing, TEMPLATE)).isEqualTo(THREADS * 5_000L);
        assertThat(asked.get()).as("calls of getMessage() and toString()").isPositive();
        assertThat(accounted(echoing, nested)).isEqualTo(asked.get());
        assertThat(t.problems()).isEmpty();
    }

    /** Returns how many calls of {@code template} were written or counted in its summaries. */
    private static long accounted(List<ILoggingEvent> events, String template) {
        long written = events.stream().filter(e -> !TestContext.isSummary(e) && template.equals(e.getMessage()))
                .count();
        long summarized = TestContext.summaries(events).stream()
                .filter(s -> template.equals(field(s, SuppressionSummary.FIELD_FINGERPRINT)))
                .mapToLong(s -> (Long) field(s, SuppressionSummary.FIELD_SUPPRESSED)).sum();
        return written + summarized;
    }
}
