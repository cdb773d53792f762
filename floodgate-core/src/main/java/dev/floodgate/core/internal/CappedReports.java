package dev.floodgate.core.internal;

import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One kind of diagnostic of one filter, reported through its {@link FilterStatus} at most {@code max} times: the last
 * one ends with {@value #SUPPRESSED}, and later ones are dropped, so that a failure on every logging call cannot flood
 * the status output.
 *
 * <p>Thread-safe and lock-free; a report that is dropped costs one volatile read. Invariant: at most {@code max}
 * reports, of which exactly the {@code max}-th carries the suffix.
 */
public final class CappedReports {

    /** The suffix of the last report. */
    public static final String SUPPRESSED = " (further messages suppressed)";

    private final FilterStatus status;
    private final int max;
    private final AtomicInteger reported = new AtomicInteger();

    /**
     * Creates a budget of {@code max} reports through {@code status}.
     *
     * @throws NullPointerException if {@code status} is null
     * @throws IllegalArgumentException if {@code max} is not positive
     */
    public CappedReports(FilterStatus status, int max) {
        this.status = Objects.requireNonNull(status, "status");
        if (max <= 0) {
            throw new IllegalArgumentException("max must be > 0, was " + max);
        }
        this.max = max;
    }

    /** Reports {@code message} as a warning, unless the budget is spent. */
    public void warn(String message, Throwable cause) {
        String text = next(message);
        if (text != null) {
            status.warn(text, cause);
        }
    }

    /** Reports {@code message} as an error, unless the budget is spent. */
    public void error(String message, Throwable cause) {
        String text = next(message);
        if (text != null) {
            status.error(text, cause);
        }
    }

    /** Returns the text of the next report, or null once {@code max} were made. */
    private String next(String message) {
        if (reported.get() >= max) {
            return null;
        }
        int n = reported.incrementAndGet();
        if (n > max) {
            return null;
        }
        return n == max ? message + SUPPRESSED : message;
    }
}
