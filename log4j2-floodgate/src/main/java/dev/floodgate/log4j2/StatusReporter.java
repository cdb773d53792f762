package dev.floodgate.log4j2;

import java.util.concurrent.atomic.AtomicInteger;
import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.status.StatusLogger;

/**
 * Reports one filter's runtime failures to the status logger, at most {@value #MAX_REPEATS} times, then once more
 * that further messages are suppressed. A filter never logs through the framework it filters.
 *
 * <p>Thread-safe and lock-free.
 */
final class StatusReporter {

    /** How many failures are reported in full. */
    static final int MAX_REPEATS = 3;

    private static final Logger STATUS = StatusLogger.getLogger();

    private final String name;
    private final AtomicInteger failures = new AtomicInteger();

    StatusReporter(String name) {
        this.name = name;
    }

    /** Reports that {@code what} failed with {@code e}; the event concerned was let through. */
    void failure(String what, RuntimeException e) {
        int n = failures.incrementAndGet();
        if (n <= MAX_REPEATS) {
            STATUS.error("{}: {} failed, so the event passes: {}", name, what, e.toString(), e);
            if (n == MAX_REPEATS) {
                STATUS.error("{}: further messages suppressed", name);
            }
        }
    }

    /** Returns how many failures were reported or suppressed. */
    int failures() {
        return failures.get();
    }
}
