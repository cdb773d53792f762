package dev.floodgate.log4j2;

import static org.assertj.core.api.Assertions.assertThat;

import dev.floodgate.core.summary.SuppressionSummary;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.Logger;
import org.apache.logging.log4j.message.MapMessage;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * An appender that logs while floods are decided and summaries of the same fingerprint are written concurrently, and
 * a throwable whose {@code getMessage()} and {@code toString()} log: no recursion, no deadlock, exact counts.
 */
class FloodgateReentrancyTest {

    private static final String TEMPLATE = "Connection to {} failed";
    private static final String NESTED = "Asked for the message of {}";
    private static final int THREADS = 4;
    private static final int CALLS_PER_THREAD = 20_000;

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
            log.warn(NESTED, "a failure");
            return "failure";
        }

        @Override
        public String toString() {
            asked.incrementAndGet();
            log.warn(NESTED, "a failure");
            return getClass().getName() + ": failure";
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"contextWide", "appender"})
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void flood_appenderThatLogsWhileSummariesAreWritten_completesWithExactCounts(String place)
            throws InterruptedException {
        Log4jHarness h = Log4jHarness.start(getClass(), place);
        EchoingAppender echoing = h.configuration().getAppender("echoing");
        ListAppender echoes = h.list("echoes");
        AtomicLong asked = new AtomicLong();
        try {
            Logger log = h.logger("app.Db");
            Logger echo = h.logger("echo");
            AtomicBoolean done = new AtomicBoolean();
            List<Thread> threads = new ArrayList<>();
            for (int n = 0; n < THREADS; n++) {
                threads.add(new Thread(() -> {
                    for (int i = 0; i < CALLS_PER_THREAD; i++) {
                        if (i % 10 == 0) {
                            log.error(TEMPLATE, i, new LoggingThrowable(echo, asked));
                        } else {
                            log.error(TEMPLATE, i);
                        }
                        if (i % 200 == 199) {
                            h.clock.advanceMillis(50);
                        }
                    }
                }, "flood-" + n));
            }
            Thread summarizer = new Thread(() -> {
                while (!done.get()) {
                    h.writeDueSummaries();
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
            h.context.stop();
        } finally {
            h.close();
        }

        List<LogEvent> all = new ArrayList<>(echoing.events());
        all.addAll(echoes.events());
        assertThat(accounted(all, TEMPLATE)).isEqualTo((long) THREADS * CALLS_PER_THREAD);
        assertThat(Log4jHarness.suppressedIn(echoing.events())).isPositive();
        assertThat(asked.get()).as("calls of getMessage() and toString()").isPositive();
        assertThat(accounted(all, NESTED)).isEqualTo(asked.get());
        assertThat(Log4jHarness.lines(echoes.events())).anySatisfy(line -> assertThat(line).startsWith("echo of "));
        assertThat(h.status.messages()).isEmpty();
    }

    /** Returns how many calls of {@code template} were written or counted in its summaries. */
    @SuppressWarnings("deprecation") // Message.getFormat(): the template of a written event
    private static long accounted(List<LogEvent> events, String template) {
        long sum = 0;
        for (LogEvent e : events) {
            if (Log4jHarness.isSummary(e)) {
                Map<String, ?> fields = ((MapMessage<?, ?>) e.getMessage()).getData();
                if (template.equals(fields.get(SuppressionSummary.FIELD_FINGERPRINT))) {
                    sum += ((Number) fields.get(SuppressionSummary.FIELD_SUPPRESSED)).longValue();
                }
            } else if (template.equals(e.getMessage().getFormat())) {
                sum++;
            }
        }
        return sum;
    }
}
