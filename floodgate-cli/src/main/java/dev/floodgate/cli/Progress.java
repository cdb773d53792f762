package dev.floodgate.cli;

import java.io.PrintStream;
import java.util.Locale;

/**
 * Progress of a long replay on stderr: lines, lines per second and, when the input size is known, the share read.
 *
 * <p>Quiet for the first {@link #FIRST_REPORT_NANOS} (small inputs show nothing), then at most one report per
 * {@link #INTERVAL_NANOS}. On a terminal it rewrites one line with {@code \r} and clears it at the end; otherwise it
 * writes whole lines.
 * Not thread-safe.
 */
final class Progress {

    static final long FIRST_REPORT_NANOS = 1_000_000_000L;
    static final long INTERVAL_NANOS = 1_000_000_000L;

    private final PrintStream err;
    private final boolean enabled;
    private final boolean terminal;
    private final long totalBytes;
    private final long startNanos = System.nanoTime();
    private long nextReportNanos = startNanos + FIRST_REPORT_NANOS;
    private boolean shown;
    /** The longest progress line written, to clear it. */
    private int width;

    /**
     * Creates a progress reporter.
     *
     * @param totalBytes the size of the input, or -1 if unknown
     */
    Progress(PrintStream err, boolean enabled, boolean terminal, long totalBytes) {
        this.err = err;
        this.enabled = enabled;
        this.terminal = terminal;
        this.totalBytes = totalBytes;
    }

    /** Reports if it is time; cheap enough to call every few thousand lines. */
    void update(long lines, long bytes) {
        if (!enabled) {
            return;
        }
        long now = System.nanoTime();
        if (now - nextReportNanos < 0) {
            return;
        }
        nextReportNanos = now + INTERVAL_NANOS;
        double seconds = (now - startNanos) / 1e9;
        String text = String.format(Locale.ROOT, "floodgate: %,d lines, %,.0f lines/s", lines, lines / seconds);
        if (totalBytes > 0) {
            text += String.format(Locale.ROOT, ", %.0f%% of %s", 100.0 * Math.min(bytes, totalBytes) / totalBytes,
                    Report.bytes(totalBytes));
        }
        if (terminal) {
            width = Math.max(width, text.length());
            err.print("\r" + text + " ".repeat(width - text.length()));
        } else {
            err.println(text);
        }
        err.flush();
        shown = true;
    }

    /** Clears the progress line, if one was shown on a terminal. */
    void finish() {
        if (enabled && terminal && shown) {
            err.print("\r" + " ".repeat(width) + "\r");
            err.flush();
        }
    }
}
