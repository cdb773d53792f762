package dev.floodgate.cli;

import dev.floodgate.core.Fingerprint;
import dev.floodgate.core.FloodgateConfig;
import dev.floodgate.core.ManualClock;
import dev.floodgate.core.summary.SuppressionSummary;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPInputStream;

/**
 * The {@code replay} command: runs a recorded log through a Floodgate filter on the log's own timestamps and
 * reports what the filter would have done, optionally writing the filtered log and a plot.
 *
 * <p>Events are the lines that match the format, or start like it up to a valid timestamp; lines without one
 * continue the event before them (stack traces) and share its fate. The filter's clock is set to each event's
 * timestamp, never backwards (an event stamped earlier than one before it is decided at the later time, as a live
 * filter would have). Summaries fall due every {@code summaryInterval} from the first event, as a filter's scheduler
 * would write them, and at the end.
 *
 * <p>Not thread-safe; one instance per run. Memory is bounded in bytes whatever the input's size and content: lines
 * are streamed (at most {@link #MAX_KEPT_BYTES} of a line is held, and at most {@link HeldEvent#MAX_LINES} lines
 * of an event waiting for its stack trace), detection reads at most {@link #DETECT_BYTES}, the fingerprint table
 * holds at most {@link #TABLE_CAPACITY} entries of a capped size ({@link FingerprintTable}) and the timeline at
 * most {@link Timeline#MAX_BUCKETS} buckets. The filter holds at most {@code maxKeys} fingerprints, each of the
 * size of the core's key, which keeps a digest and a sample of the message: a logger name and a level are cut
 * before they reach it ({@link LineMatcher#MAX_LOGGER_CHARS}, {@link LineMatcher#MAX_LEVEL_CHARS}).
 */
final class Replay {

    /** The most bytes of one line held in memory; longer lines are matched on this much and copied whole. */
    static final int MAX_KEPT_BYTES = 64 * 1024;
    /** Bytes at the start of the first input that format detection reads. */
    static final int DETECT_BYTES = 1 << 20;
    /** Lines at the start of the first input that format detection reads. */
    static final int DETECT_LINES = 2_000;
    /** The most fingerprints the report's table tracks. */
    static final int TABLE_CAPACITY = 10_000;
    private static final int PROGRESS_EVERY_LINES = 8_192;

    /** What to replay and how. */
    record Settings(List<String> inputs, LogFormat format, String timestampPattern, LocalDate date, ZoneId zone,
            String out, String plot, int top, boolean quiet, boolean terminal, FloodgateConfig config,
            boolean throwableInKey, boolean frameInKey) {
    }

    private final Settings settings;
    private final InputStream stdin;
    private final OutputStream stdout;
    private final ReplayCounts counts = new ReplayCounts();
    private final Timeline timeline = new Timeline();
    private final FingerprintTable table;
    private final boolean throwableInKey;
    private final boolean frameInKey;
    private final long summaryInterval;

    private LogFormat format;
    private LineMatcher matcher;
    private TimestampParser times;
    private OutputStream out;

    private ManualClock clock;
    private EventJudge judge;
    /** The filter's time: the latest event timestamp so far. */
    private long now;
    private long nextSummaryAt;

    private boolean inEvent;
    private boolean eventPassed;
    private long eventMillis;
    private String lastEventLine;
    private boolean lastEventCrlf;

    // The event waiting for its stack trace, when the throwable is part of the fingerprint.
    private final HeldEvent held;

    Replay(Settings settings, InputStream stdin, OutputStream stdout) {
        this.settings = settings;
        this.stdin = stdin;
        this.stdout = stdout;
        this.table = new FingerprintTable(TABLE_CAPACITY);
        this.summaryInterval = settings.config().summaryIntervalMillis();
        this.frameInKey = settings.frameInKey();
        this.throwableInKey = settings.throwableInKey() || frameInKey;
        this.held = new HeldEvent(frameInKey);
    }

    /**
     * Runs the replay; returns the counts for the report.
     *
     * @throws ReplayException when the input is in no known format
     * @throws IOException when an input cannot be read or an output written
     */
    ReplayCounts run(PrintStream err) throws IOException, ReplayException {
        long start = System.nanoTime();
        for (String name : settings.inputs()) {
            if (!name.equals("-") && !Files.isReadable(Path.of(name))) {
                throw Files.exists(Path.of(name)) ? new AccessDeniedException(name) : new NoSuchFileException(name);
            }
        }
        long total = totalBytes();
        Progress progress = new Progress(err, !settings.quiet(), settings.terminal(), total);
        format = settings.format();
        try {
            if (settings.out() != null) {
                OutputStream target = settings.out().equals("-") ? stdout
                        : Files.newOutputStream(Path.of(settings.out()));
                out = new BufferedOutputStream(new SinkStream(target), 1 << 16);
            }
            long doneBytes = 0;
            for (int i = 0; i < settings.inputs().size(); i++) {
                String name = settings.inputs().get(i);
                CountingInputStream raw = new CountingInputStream(open(name));
                try (InputStream in = decompress(raw)) {
                    InputStream data = in;
                    if (format == null) {
                        BufferedInputStream marked = new BufferedInputStream(in, DETECT_BYTES + 1);
                        format = detect(marked, name);
                        data = marked;
                    }
                    if (matcher == null) {
                        matcher = format.matcher();
                        times = new TimestampParser(settings.zone(), settings.date(), settings.timestampPattern());
                    }
                    LineReader reader = new LineReader(data, MAX_KEPT_BYTES);
                    try {
                        while (reader.next()) {
                            line(reader);
                            if ((counts.lines & (PROGRESS_EVERY_LINES - 1)) == 0) {
                                progress.update(counts.lines, doneBytes + raw.count);
                            }
                        }
                    } catch (EOFException e) {
                        counts.truncatedInput = true;
                        Main.printError(err, name + ": ends in the middle of compressed data; replayed what was "
                                + "readable");
                    }
                    counts.cutLines += reader.cutLines();
                }
                doneBytes += raw.count;
            }
            counts.bytes = doneBytes;
            finish();
            if (out != null) {
                out.flush();
            }
        } finally {
            progress.finish();
            if (out != null && !settings.out().equals("-")) {
                out.close();
            }
        }
        counts.elapsedNanos = System.nanoTime() - start;
        return counts;
    }

    /** Returns the format the replay used (detected or given). */
    LogFormat format() {
        return format;
    }

    /** Returns whether the format was detected rather than given. */
    boolean detected() {
        return settings.format() == null;
    }

    Timeline timeline() {
        return timeline;
    }

    FingerprintTable table() {
        return table;
    }

    private void line(LineReader reader) throws IOException {
        counts.lines++;
        String text = reader.text();
        boolean matched = matcher.match(text);
        long ts = matched ? matcher.timestamp(times) : TimestampParser.INVALID;
        if (ts != TimestampParser.INVALID || (matched && matcher.isFull())) {
            resolveHeld();
            if (ts == TimestampParser.INVALID) {
                counts.badTimestampLines++;
                inEvent = false;
                passThrough(reader);
                return;
            }
            if (!matcher.isFull()) {
                counts.leadOnlyLines++;
            }
            event(reader, text, ts);
            return;
        }
        if (isBinary(text)) {
            counts.binaryLines++;
        }
        if (!inEvent) {
            counts.unparsedLines++;
            passThrough(reader);
            return;
        }
        counts.continuationLines++;
        if (held.isHeld()) {
            if (!reader.isCut() && held.hasRoom()) {
                if (held.add(text, reader.copy())) {
                    resolveHeld();
                }
                return;
            }
            resolveHeld();
        }
        timeline.add(eventMillis, 1, eventPassed ? 1 : 0);
        if (eventPassed) {
            counts.passedLines++;
            write(reader);
        }
    }

    private void event(LineReader reader, String text, long ts) throws IOException {
        counts.eventLines++;
        if (judge == null) {
            now = ts;
            clock = new ManualClock(ts);
            judge = new EventJudge(settings.config(), clock);
            nextSummaryAt = ts + summaryInterval;
        }
        if (ts < now) {
            counts.outOfOrderEvents++;
            counts.maxBackstepMillis = Math.max(counts.maxBackstepMillis, now - ts);
        } else {
            now = ts;
        }
        counts.firstMillis = Math.min(counts.firstMillis, ts);
        counts.lastMillis = Math.max(counts.lastMillis, ts);
        writeDueSummaries();
        clock.set(now);
        inEvent = true;
        eventMillis = ts;
        lastEventLine = text;
        lastEventCrlf = reader.isCrlf();
        String message = matcher.message();
        String logger = matcher.logger();
        String level = matcher.level();
        if (matcher.format().isJson()) {
            jsonEvent(reader, message, logger, level, text, ts);
            return;
        }
        if (throwableInKey && !reader.isCut()) {
            held.hold(message, logger, level, text, reader.copy());
            return;
        }
        eventPassed = decide(message, false, logger, level, text);
        timeline.add(ts, 1, eventPassed ? 1 : 0);
        if (eventPassed) {
            counts.passedLines++;
            write(reader);
        }
    }

    /** Decides the event waiting for its stack trace, if any, and writes its lines if it passed. */
    private void resolveHeld() throws IOException {
        if (!held.isHeld()) {
            return;
        }
        eventPassed = decide(held.template(), false, held.logger(), held.level(), held.line());
        int n = held.lines().size();
        timeline.add(eventMillis, n, eventPassed ? n : 0);
        if (eventPassed) {
            counts.passedLines += n;
            if (out != null) {
                for (byte[] line : held.lines()) {
                    out.write(line);
                }
            }
        }
        held.release();
    }

    /**
     * Decides an event and counts it in the table of fingerprints; {@code isTemplate} if its message is the template
     * of a call with arguments, which is not masked.
     */
    private boolean decide(String template, boolean isTemplate, String logger, String level, String line) {
        counts.events++;
        if (judge.exempt(logger, level)) {
            counts.exemptEvents++;
            return true;
        }
        Fingerprint fingerprint = judge.fingerprint(template, isTemplate, logger, level);
        boolean suppressed = judge.suppress(fingerprint, logger, level);
        if (suppressed) {
            counts.suppressedEvents++;
        }
        table.count(fingerprint, line, logger, level, suppressed);
        return !suppressed;
    }

    private void passThrough(LineReader reader) throws IOException {
        counts.passedLines++;
        write(reader);
    }

    private void write(LineReader reader) throws IOException {
        if (out != null) {
            reader.writeTo(out);
        }
    }

    /** Writes the summaries a filter's scheduler would have written up to now. */
    private void writeDueSummaries() throws IOException {
        while (nextSummaryAt <= now) {
            clock.set(nextSummaryAt);
            writeSummaries(judge.summarizeIfDue(), nextSummaryAt);
            nextSummaryAt += summaryInterval;
            if (now - nextSummaryAt >= 2 * summaryInterval) {
                // Nothing happened in between: one more (empty) summary at the last due time before now.
                nextSummaryAt += (now - nextSummaryAt) / summaryInterval * summaryInterval;
            }
        }
    }

    private void finish() throws IOException {
        resolveHeld();
        if (judge == null) {
            return;
        }
        clock.set(now);
        writeSummaries(judge.close(), now);
    }

    private void writeSummaries(List<SuppressionSummary> summaries, long at) throws IOException {
        if (summaries.isEmpty()) {
            return;
        }
        LineTemplate template = null;
        if (out != null) {
            LineMatcher m = format.matcher();
            template = m.match(lastEventLine) ? m.template() : LineTemplate.PLAIN;
        }
        for (SuppressionSummary s : summaries) {
            counts.summaryLines++;
            counts.summarizedEvents += s.suppressed();
            if (template != null) {
                String line = template.render(times.format(at), judge.summaryLevel(s), EventJudge.summaryLogger(s),
                        "floodgate", s.message());
                out.write((line + (lastEventCrlf ? "\r\n" : "\n")).getBytes(StandardCharsets.UTF_8));
            }
        }
    }

    /** Reads the first lines of the input and returns their format (see {@link Detection}). */
    private LogFormat detect(BufferedInputStream in, String name) throws IOException, ReplayException {
        in.mark(DETECT_BYTES + 1);
        byte[] buffer = new byte[DETECT_BYTES];
        int n = 0;
        try {
            for (int r; n < buffer.length && (r = in.read(buffer, n, buffer.length - n)) >= 0; ) {
                n += r;
            }
        } catch (EOFException e) {
            // Truncated compressed data: detect on what was readable; the replay reports the truncation.
        }
        in.reset();
        byte[] head = Arrays.copyOf(buffer, n);
        List<String> lines = new ArrayList<>();
        int from = 0;
        for (int i = 0; i <= head.length && lines.size() < DETECT_LINES; i++) {
            if (i == head.length || head[i] == '\n') {
                if (i == head.length && i == from) {
                    break;
                }
                int to = i > from && head[i - 1] == '\r' ? i - 1 : i;
                lines.add(new String(head, from, to - from, StandardCharsets.UTF_8));
                from = i + 1;
            }
        }
        return Detection.detect(lines, () -> new TimestampParser(settings.zone(), settings.date(),
                settings.timestampPattern()), name);
    }

    private InputStream open(String name) throws IOException {
        if (name.equals("-")) {
            return new FilterInputStream(stdin) {
                @Override
                public void close() {
                    // Standard input stays open.
                }
            };
        }
        return Files.newInputStream(Path.of(name));
    }

    /** Returns the input itself, or a gunzipping view if it starts with the gzip magic number. */
    private static InputStream decompress(InputStream raw) throws IOException {
        BufferedInputStream in = new BufferedInputStream(raw, 1 << 16);
        in.mark(2);
        int b1 = in.read();
        int b2 = in.read();
        in.reset();
        if (b1 == 0x1f && b2 == 0x8b) {
            return new GZIPInputStream(in, 1 << 16);
        }
        return in;
    }

    private long totalBytes() {
        long total = 0;
        for (String name : settings.inputs()) {
            if (name.equals("-")) {
                return -1;
            }
            try {
                total += Files.size(Path.of(name));
            } catch (IOException | RuntimeException e) {
                return -1;
            }
        }
        return total;
    }

    /** Returns whether a line holds control characters (other than tab) or undecodable bytes. */
    static boolean isBinary(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if ((c < 0x20 && c != '\t') || c == 0x7f || c == '\uFFFD') {
                return true;
            }
        }
        return false;
    }

    /**
     * Decides an event of a JSON line: its throwable, when part of the fingerprint, is in the line itself, and its
     * message may be the template of a call with arguments (Logback's JsonEncoder), which is not masked.
     */
    private void jsonEvent(LineReader reader, String message, String logger, String level, String text, long ts)
            throws IOException {
        String template = message;
        if (throwableInKey && matcher.throwableClass() != null) {
            template += " with " + matcher.throwableClass();
            if (frameInKey && matcher.throwableFrame() != null) {
                template += " at " + matcher.throwableFrame();
            }
        }
        eventPassed = decide(template, matcher.messageIsTemplate(), logger, level, text);
        timeline.add(ts, 1, eventPassed ? 1 : 0);
        if (eventPassed) {
            counts.passedLines++;
            write(reader);
        }
    }

    /** The input is not in any format the tool knows. */
    static final class ReplayException extends Exception {
        private static final long serialVersionUID = 1L;

        ReplayException(String message) {
            super(message);
        }
    }

    /** Reports the errors of the stream it wraps as {@link LineReader.SinkException}s. */
    private static final class SinkStream extends FilterOutputStream {
        SinkStream(OutputStream out) {
            super(out);
        }

        @Override
        public void write(int b) throws IOException {
            try {
                out.write(b);
            } catch (IOException e) {
                throw new LineReader.SinkException(e);
            }
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            try {
                out.write(b, off, len);
            } catch (IOException e) {
                throw new LineReader.SinkException(e);
            }
        }

        @Override
        public void flush() throws IOException {
            try {
                out.flush();
            } catch (IOException e) {
                throw new LineReader.SinkException(e);
            }
        }
    }

    /** Counts the bytes read through it, for progress. */
    private static final class CountingInputStream extends FilterInputStream {
        long count;

        CountingInputStream(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                count++;
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            if (n > 0) {
                count += n;
            }
            return n;
        }

        @Override
        public long skip(long n) throws IOException {
            long skipped = super.skip(n);
            count += skipped;
            return skipped;
        }
    }
}
