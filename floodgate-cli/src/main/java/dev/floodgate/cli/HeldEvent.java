package dev.floodgate.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An event of a replay held back until its stack trace shows the throwable's class (and, when the frame is part of the
 * key, its first frame), so that it is fingerprinted as a live filter with {@code includeThrowable} would: its
 * message, logger, level and first line, and the raw lines taken so far, to be written if it passes.
 *
 * <p>Not thread-safe; one replay's own. Invariants: while nothing is held, no line is kept; at most
 * {@link #MAX_LINES} lines are kept, the event's own included, so memory is bounded by that many lines of at most
 * {@link Replay#MAX_KEPT_BYTES} bytes.
 */
final class HeldEvent {

    /** The most lines held, the event's own and the continuation lines searched for the class and frame. */
    static final int MAX_LINES = 8;

    /** The first line of a stack trace, its group 1 the throwable's class. */
    static final Pattern EXCEPTION_LINE = Pattern.compile(
            "^(?:Exception in thread \"[^\"]*+\" )?([\\p{L}_$][\\w$]*+(?:\\.[\\p{L}_$][\\w$]*+)++)(?::|\\s*+$)");

    private final boolean frameInKey;
    private final List<byte[]> lines = new ArrayList<>();
    private boolean held;
    private String message;
    private String logger;
    private String level;
    private String line;
    private String throwableClass;
    private String frame;

    /** @param frameInKey whether the first frame is part of the key, so that the event waits for it too */
    HeldEvent(boolean frameInKey) {
        this.frameInKey = frameInKey;
    }

    /** Holds a new event whose first line is {@code line} (its raw bytes {@code raw}); nothing may be held. */
    void hold(String message, String logger, String level, String line, byte[] raw) {
        this.held = true;
        this.message = message;
        this.logger = logger;
        this.level = level;
        this.line = line;
        this.lines.add(raw);
    }

    /** Returns whether an event is held. */
    boolean isHeld() {
        return held;
    }

    /** Returns whether the held event can take another line: fewer than {@link #MAX_LINES} are held. */
    boolean hasRoom() {
        return lines.size() < MAX_LINES;
    }

    /**
     * Adds a continuation line to the held event, looking in it for the throwable's class, or once that is found, for
     * the first frame.
     *
     * @return whether the event is complete now: its class found, and its frame too if the frame is part of the key
     */
    boolean add(String text, byte[] raw) {
        lines.add(raw);
        if (throwableClass == null) {
            Matcher m = EXCEPTION_LINE.matcher(text);
            if (m.find()) {
                throwableClass = m.group(1);
            }
        } else if (frame == null) {
            frame = frameOf(text);
        }
        return throwableClass != null && (!frameInKey || frame != null);
    }

    /**
     * Returns the frame of a stack trace line, {@code com.x.A.run(A.java:12)} of {@code "\tat com.x.A.run(A.java:12)"},
     * or null: after white space and {@code "at "}, the longest run of non-space characters up to a {@code (} that a
     * {@code )} follows, through that {@code )}. This is what {@code ^\s+at (\S+\([^)]*\))} finds, read in one pass
     * instead of trying every {@code (}.
     */
    static String frameOf(String text) {
        int at = 0;
        while (at < text.length() && isSpace(text.charAt(at))) {
            at++;
        }
        if (at == 0 || !text.startsWith("at ", at)) {
            return null;
        }
        int start = at + 3;
        int runEnd = start;
        while (runEnd < text.length() && !isSpace(text.charAt(runEnd))) {
            runEnd++;
        }
        int lastClose = text.lastIndexOf(')');
        int open = text.lastIndexOf('(', Math.min(runEnd, lastClose) - 1);
        if (open <= start) {
            return null;
        }
        return text.substring(start, text.indexOf(')', open) + 1);
    }

    /** Returns whether {@code c} is white space as {@code \s} of {@link Pattern} means it. */
    private static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == 0x0b || c == '\f' || c == '\r';
    }

    /** Returns the held event's template: its message, then " with " its class and " at " its frame if found. */
    String template() {
        if (throwableClass == null) {
            return message;
        }
        String template = message + " with " + throwableClass;
        return frameInKey && frame != null ? template + " at " + frame : template;
    }

    String logger() {
        return logger;
    }

    String level() {
        return level;
    }

    /** Returns the held event's first line, as text. */
    String line() {
        return line;
    }

    /** Returns the raw lines held, the event's own first. */
    List<byte[]> lines() {
        return lines;
    }

    /** Lets the held event go: nothing is held and no line is kept. */
    void release() {
        held = false;
        message = null;
        logger = null;
        level = null;
        line = null;
        throwableClass = null;
        frame = null;
        lines.clear();
    }
}
