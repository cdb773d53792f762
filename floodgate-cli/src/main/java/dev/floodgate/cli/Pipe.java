package dev.floodgate.cli;

import dev.floodgate.core.Clock;
import dev.floodgate.core.FloodgateConfig;
import dev.floodgate.core.summary.SuppressionSummary;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The {@code pipe} command: filters standard input to standard output live, on the wall clock, writing summary
 * lines inline when they fall due and at the end of the input.
 *
 * <p>Due summaries are checked before every event line, never between an event and its stack trace, and by a
 * timer whenever no line arrived since its last tick, so they also appear while the input is quiet.
 *
 * <p>Every line written is flushed at once, so the tool can sit in {@code kubectl logs -f | ...}. Lines are
 * written with their original bytes. A line that is not an event start (a stack trace line) follows the event
 * before it.
 *
 * <p>Threads: the caller's thread reads, decides and writes lines; one daemon timer thread writes due summaries.
 * Both write under one lock, so lines are never interleaved. Memory: at most {@link Replay#MAX_KEPT_BYTES} of a line
 * is held; the filter holds at most {@code maxKeys} fingerprints.
 */
final class Pipe {

    /** What to filter and how. */
    record Settings(LogFormat format, String timestampPattern, ZoneId zone, FloodgateConfig config) {
    }

    private final Settings settings;
    private final InputStream in;
    private final OutputStream out;
    private final Object lock = new Object();
    private final EventJudge judge;
    private final LineMatcher matcher;
    private final TimestampParser times;

    /** Guarded by {@link #lock}. */
    private String lastEventLine;
    private boolean lastEventCrlf;
    private volatile boolean outputClosed;
    /** Lines read; written by the reading thread only. */
    private volatile long lines;
    /** {@link #lines} at the timer's last tick; timer thread only. */
    private long linesAtLastTick = -1;

    Pipe(Settings settings, InputStream in, OutputStream out) {
        this.settings = settings;
        this.in = in;
        this.out = out;
        this.judge = new EventJudge(settings.config(), Clock.monotonic());
        this.matcher = settings.format().matcher();
        this.times = new TimestampParser(settings.zone(), LocalDate.now(settings.zone()),
                settings.timestampPattern());
    }

    /**
     * Filters until the end of the input or until standard output is closed.
     *
     * @return the exit status: 0, or 1 if the input could not be read
     */
    int run(PrintStream err) {
        long period = Math.max(25L, Math.min(1_000L, settings.config().summaryIntervalMillis() / 4));
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "floodgate-summaries");
            t.setDaemon(true);
            return t;
        });
        timer.scheduleWithFixedDelay(this::tick, period, period, TimeUnit.MILLISECONDS);
        int status = 0;
        try {
            filter();
        } catch (LineReader.SinkException e) {
            outputClosed = true;
        } catch (IOException e) {
            Main.printError(err, "cannot read standard input: " + e.getMessage());
            status = 1;
        } finally {
            timer.shutdownNow();
            try {
                timer.awaitTermination(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        emit(judge.close());
        return status;
    }

    private void filter() throws IOException {
        LineReader reader = new LineReader(in, Replay.MAX_KEPT_BYTES);
        boolean inEvent = false;
        boolean eventPassed = true;
        while (!outputClosed && reader.next()) {
            lines++;
            String text = reader.text();
            boolean event = matcher.match(text)
                    && (matcher.isFull() || matcher.timestamp(times) != TimestampParser.INVALID);
            if (event) {
                emit(judge.summarizeIfDue());
            }
            synchronized (lock) {
                if (event) {
                    if (settings.format().hasTimestamp()) {
                        matcher.timestamp(times);
                    }
                    lastEventLine = text;
                    lastEventCrlf = reader.isCrlf();
                    inEvent = true;
                    eventPassed = (matcher.messageIsTemplate()
                            ? judge.judgeTemplate(matcher.message(), matcher.logger(), matcher.level())
                            : judge.judge(matcher.message(), matcher.logger(), matcher.level()))
                            != EventJudge.SUPPRESSED;
                }
                if (!inEvent || eventPassed) {
                    reader.writeTo(out);
                    flush();
                }
            }
        }
    }

    /** On the timer: writes due summaries if no line arrived since the last tick (else the reader does). */
    private void tick() {
        long seen = lines;
        if (seen == linesAtLastTick) {
            emit(judge.summarizeIfDue());
        }
        linesAtLastTick = seen;
    }

    /** Writes summary lines; from either thread. */
    private void emit(List<SuppressionSummary> summaries) {
        if (summaries.isEmpty() || outputClosed) {
            return;
        }
        synchronized (lock) {
            try {
                LineTemplate template = LineTemplate.PLAIN;
                if (lastEventLine != null && settings.format() != LogFormat.NONE) {
                    LineMatcher m = settings.format().matcher();
                    if (m.match(lastEventLine)) {
                        template = m.template();
                    }
                }
                String ts = settings.format().hasTimestamp() ? times.format(System.currentTimeMillis()) : null;
                for (SuppressionSummary s : summaries) {
                    String line = template.render(ts, judge.summaryLevel(s), EventJudge.summaryLogger(s),
                            "floodgate", s.message());
                    out.write((line + (lastEventCrlf ? "\r\n" : "\n")).getBytes(StandardCharsets.UTF_8));
                }
                flush();
            } catch (IOException e) {
                outputClosed = true;
            }
        }
    }

    private void flush() throws IOException {
        try {
            out.flush();
        } catch (IOException e) {
            throw new LineReader.SinkException(e);
        }
    }
}
