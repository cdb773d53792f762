package dev.floodgate.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Reads a byte stream line by line, keeping at most {@code maxKeptBytes} of each line in memory, so a 10 MB line
 * or a newline-free binary file cannot exhaust the heap.
 *
 * <p>A line ends at {@code \n}; a {@code \r} before it is part of the terminator. {@link #text()} is the kept part
 * decoded as UTF-8 (malformed bytes become U+FFFD). {@link #writeTo} writes the line's original bytes, all of them
 * even when the line was longer than what was kept: the rest is streamed from the input, not buffered. A last line
 * without a terminator is written with one ({@code \r\n} if the line before it had one, else {@code \n}), so
 * nothing written after it can be glued to it.
 *
 * <p>Not thread-safe. Memory: one buffer of {@code 2 * maxKeptBytes} bytes (at least 64 KiB); reading a line
 * allocates only its decoded text, on demand.
 */
final class LineReader {

    private static final int MIN_BUFFER = 1 << 16;
    private static final byte[] CRLF = {'\r', '\n'};
    private static final byte[] LF = {'\n'};

    private final InputStream in;
    private final int maxKeptBytes;
    private byte[] buf;
    /** Unread bytes are {@code buf[pos, limit)}. */
    private int pos;
    private int limit;
    private boolean eof;

    /** The current line's kept bytes are {@code buf[start, end)}, without its terminator. */
    private int start;
    private int end;
    /** Bytes of the current line's terminator in {@code buf} after {@code end}: 0, 1 or 2. */
    private int terminator;
    /** Whether the last line that had a terminator ended with {@code \r\n}. */
    private boolean crlfSeen;
    /** True if the current line goes on beyond {@code end} and its rest is still unread. */
    private boolean cut;
    /** True if the current line was longer than what is kept, whether or not its rest was read. */
    private boolean lineCut;
    private boolean hasLine;
    private String text;
    private long lines;
    private long cutLines;

    LineReader(InputStream in, int maxKeptBytes) {
        if (maxKeptBytes < 1) {
            throw new IllegalArgumentException("maxKeptBytes must be > 0, was " + maxKeptBytes);
        }
        this.in = in;
        this.maxKeptBytes = maxKeptBytes;
        this.buf = new byte[Math.max(MIN_BUFFER, 2 * maxKeptBytes + 2)];
    }

    /**
     * Moves to the next line, skipping what is left of the current one.
     *
     * @return false at the end of the input
     */
    boolean next() throws IOException {
        if (cut) {
            copyRest(null);
        }
        hasLine = false;
        lineCut = false;
        text = null;
        int scanned = 0;
        while (true) {
            int window = Math.min(limit, pos + maxKeptBytes + 1);
            int nl = indexOfNewline(pos + scanned, window);
            if (nl >= 0) {
                start = pos;
                end = nl;
                terminator = 1;
                if (end > start && buf[end - 1] == '\r') {
                    end--;
                    terminator = 2;
                }
                crlfSeen = terminator == 2;
                pos = nl + 1;
                return found(false);
            }
            scanned = window - pos;
            if (scanned > maxKeptBytes) {
                start = pos;
                end = pos + maxKeptBytes;
                terminator = 0;
                pos = end;
                return found(true);
            }
            if (eof || !fill()) {
                if (pos == limit) {
                    return false;
                }
                start = pos;
                end = limit;
                terminator = 0;
                pos = limit;
                return found(false);
            }
        }
    }

    private boolean found(boolean isCut) {
        hasLine = true;
        cut = isCut;
        lineCut = isCut;
        lines++;
        if (isCut) {
            cutLines++;
            // The kept bytes may move once the rest is read, so decode them now.
            text();
        }
        return true;
    }

    /** Returns the kept part of the current line, decoded, without its terminator. */
    String text() {
        if (text == null) {
            text = new String(buf, start, end - start, StandardCharsets.UTF_8);
        }
        return text;
    }

    /** Returns whether the current line was longer than what is kept of it. */
    boolean isCut() {
        return lineCut;
    }

    /**
     * Returns whether the current line ended with {@code \r\n}, or, if it is the last line and has no terminator,
     * whether the line before it did.
     */
    boolean isCrlf() {
        return terminator == 2 || (terminator == 0 && crlfSeen);
    }

    /** Returns the number of lines read so far. */
    long lines() {
        return lines;
    }

    /** Returns the number of lines longer than the kept length. */
    long cutLines() {
        return cutLines;
    }

    /**
     * Returns a copy of the current line's bytes with its terminator, or null if the line was cut (its rest is not
     * in memory).
     */
    byte[] copy() {
        if (lineCut) {
            return null;
        }
        if (terminator == 0) {
            byte[] line = Arrays.copyOfRange(buf, start, end + (crlfSeen ? 2 : 1));
            appendTerminator(line);
            return line;
        }
        return Arrays.copyOfRange(buf, start, end + terminator);
    }

    private void appendTerminator(byte[] line) {
        if (crlfSeen) {
            line[line.length - 2] = '\r';
        }
        line[line.length - 1] = '\n';
    }

    /**
     * Writes the whole current line, with its original terminator (or one added if the input ended without), to
     * {@code out}; a cut line's rest is streamed from the input. A line can be written once.
     *
     * @throws IOException from either stream; {@link SinkException} wraps those of {@code out}
     */
    void writeTo(OutputStream out) throws IOException {
        if (!hasLine) {
            throw new IllegalStateException("no current line");
        }
        try {
            out.write(buf, start, end - start + (cut ? 0 : terminator));
        } catch (IOException e) {
            throw new SinkException(e);
        }
        hasLine = false;
        boolean terminated = cut ? copyRest(out) : terminator > 0;
        if (!terminated) {
            writeTerminator(out);
        }
    }

    private void writeTerminator(OutputStream out) throws SinkException {
        try {
            out.write(crlfSeen ? CRLF : LF, 0, crlfSeen ? 2 : 1);
        } catch (IOException e) {
            throw new SinkException(e);
        }
    }

    /**
     * Copies (or with a null sink, skips) the rest of a cut line through its newline; returns false if the input
     * ended before one.
     */
    private boolean copyRest(OutputStream out) throws IOException {
        boolean terminated = false;
        while (true) {
            if (pos == limit && (eof || !fill())) {
                break;
            }
            int nl = indexOfNewline(pos, limit);
            int stop = nl >= 0 ? nl + 1 : limit;
            if (out != null) {
                try {
                    out.write(buf, pos, stop - pos);
                } catch (IOException e) {
                    throw new SinkException(e);
                }
            }
            pos = stop;
            if (nl >= 0) {
                crlfSeen = nl > 0 && buf[nl - 1] == '\r';
                terminated = true;
                break;
            }
        }
        cut = false;
        return terminated;
    }

    private int indexOfNewline(int from, int to) {
        byte[] b = buf;
        for (int i = from; i < to; i++) {
            if (b[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

    /** Reads more input after the unread bytes; returns false at the end of the input. */
    private boolean fill() throws IOException {
        if (pos > 0 && (pos == limit || buf.length - limit < maxKeptBytes + 1)) {
            int unread = limit - pos;
            System.arraycopy(buf, pos, buf, 0, unread);
            start = 0;
            end = 0;
            pos = 0;
            limit = unread;
        }
        if (limit == buf.length) {
            return true;
        }
        int n = in.read(buf, limit, buf.length - limit);
        if (n < 0) {
            eof = true;
            return false;
        }
        limit += n;
        return true;
    }

    /** An I/O error of the stream a line was written to, as opposed to the input. */
    static final class SinkException extends IOException {
        private static final long serialVersionUID = 1L;

        SinkException(IOException cause) {
            super(cause.getMessage(), cause instanceof SinkException ? cause.getCause() : cause);
        }
    }
}
