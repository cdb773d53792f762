package dev.floodgate.core.internal;

/**
 * How a filter reports on itself: each adapter implements it with its framework's status mechanism (Logback's status
 * manager, Log4j2's {@code StatusLogger}) and names the filter in every message, so that the core's lifecycle never
 * logs through the framework it filters.
 *
 * <p>Implementations are thread-safe: the summary writer, the scheduler and logging threads all report.
 */
public interface FilterStatus {

    /** Reports what went as it should and is worth knowing (a start, a handover). */
    void info(String message);

    /** Reports a problem that lost nothing: the filter works on, or a count is carried. */
    void warn(String message, Throwable cause);

    /** Reports a problem that cost something: the filter cannot work, or counts could not be written. */
    void error(String message, Throwable cause);
}
