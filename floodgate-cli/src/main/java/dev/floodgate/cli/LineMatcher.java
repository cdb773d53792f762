package dev.floodgate.cli;

/**
 * Reads the lines of one log format: whether a line starts an event, and that event's parts.
 *
 * <p>Not thread-safe; the parts are those of the last line {@link #match matched}.
 */
interface LineMatcher {

    /**
     * The longest logger name read, in characters; a longer one is cut, so that no fingerprint or table entry holds
     * more of it.
     */
    int MAX_LOGGER_CHARS = 200;
    /** The longest level read, in characters; a longer one is cut (it is no level the tool knows). */
    int MAX_LEVEL_CHARS = 20;

    /**
     * Returns whether {@code text} may start an event: it matches the format, or starts like it up to the
     * timestamp ({@link #isFull()} tells which). The caller checks the timestamp with {@link #timestamp}.
     */
    boolean match(String text);

    /** Returns whether the last line matched matched the whole format, not only its start up to the timestamp. */
    boolean isFull();

    /** Returns the format of the last line matched (one of the parts of a mixed format). */
    LogFormat format();

    /** Returns the timestamp as epoch milliseconds, or {@link TimestampParser#INVALID}. */
    long timestamp(TimestampParser parser);

    /** Returns the timestamp as written, or null if the format has none. */
    String timestampText();

    /** Returns the message; "" if the line has none. */
    String message();

    /** Returns whether {@link #message()} is the unformatted template of a call with arguments. */
    default boolean messageIsTemplate() {
        return false;
    }

    /** Returns the logger, at most {@link #MAX_LOGGER_CHARS} characters of it, or "" if the line has none. */
    String logger();

    /**
     * Returns the level as written (upper case), at most {@link #MAX_LEVEL_CHARS} characters of it, or null if the
     * line has none.
     */
    String level();

    /** Returns the class of the event's throwable where the line itself carries it (JSON), else null. */
    default String throwableClass() {
        return null;
    }

    /** Returns the first frame of the event's stack trace where the line itself carries it (JSON), else null. */
    default String throwableFrame() {
        return null;
    }

    /** Returns the current line as a template for the lines the tool adds in the same format. */
    LineTemplate template();

    /** Returns the first {@code max} characters of {@code s} (not splitting a surrogate pair), or {@code s}. */
    static String cut(String s, int max) {
        if (s == null || s.length() <= max) {
            return s;
        }
        return s.substring(0, Character.isHighSurrogate(s.charAt(max - 1)) ? max - 1 : max);
    }
}
