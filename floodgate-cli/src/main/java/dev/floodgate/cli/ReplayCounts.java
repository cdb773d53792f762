package dev.floodgate.cli;

/**
 * The figures of one replay. A plain mutable holder, filled by {@link Replay} and read by {@link Report}.
 *
 * <p>Not thread-safe. Invariants at the end of a replay: {@code lines == eventLines + continuationLines +
 * unparsedLines + badTimestampLines}; every suppressed event is in exactly one summary, so
 * {@code summarizedEvents == suppressedEvents}.
 */
final class ReplayCounts {
    long lines;
    long bytes;
    long eventLines;
    /** Event lines that start like the format up to a valid timestamp but do not match the rest of it. */
    long leadOnlyLines;
    long continuationLines;
    /** Lines outside any event (before the first, or after an unparsable timestamp) that start none. */
    long unparsedLines;
    /** Lines that look like an event start but whose timestamp is not a date. */
    long badTimestampLines;
    /** Lines holding control characters or bytes that are not UTF-8. */
    long binaryLines;
    long cutLines;
    long passedLines;
    long events;
    long suppressedEvents;
    long exemptEvents;
    long summaryLines;
    long summarizedEvents;
    long outOfOrderEvents;
    long maxBackstepMillis;
    long firstMillis = Long.MAX_VALUE;
    long lastMillis = Long.MIN_VALUE;
    long elapsedNanos;
    boolean truncatedInput;
}
