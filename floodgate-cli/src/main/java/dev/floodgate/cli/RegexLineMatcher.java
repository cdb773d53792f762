package dev.floodgate.cli;

import java.util.Locale;
import java.util.regex.Matcher;

/**
 * Matches lines of a format given by a regular expression, or failing that its lead (the expression up to the
 * timestamp), and hands out their parts. A preset whose message runs to the end of the line is matched within the
 * first {@link LogFormat#MAX_HEADER_CHARS} characters ({@link LogFormat#headerWindow}): a match counts only if the
 * message starts inside them, so a line costs no more to match than its first characters, however long it is. A line
 * read by its lead has its message after the timestamp and at most as many separators (white space,
 * {@code ]|:-,}).
 *
 * <p>Not thread-safe; valid until the next {@link #match}.
 */
final class RegexLineMatcher implements LineMatcher {
    private final LogFormat format;
    private final Matcher full;
    private final Matcher lead;
    private Matcher m;
    private String line;
    private int leadEnd;

    RegexLineMatcher(LogFormat format) {
        this.format = format;
        this.full = fullMatcher(format, "");
        this.lead = format.lead() == null ? null : format.lead().matcher("");
    }

    @Override
    public boolean match(String text) {
        line = text;
        if (matchWhole(format, full.reset(text))) {
            m = full;
            return true;
        }
        if (lead != null && lead.reset(text).lookingAt()) {
            m = lead;
            leadEnd = lead.end();
            int limit = Math.min(text.length(), leadEnd + LogFormat.MAX_HEADER_CHARS);
            while (leadEnd < limit && isLeadSeparator(text.charAt(leadEnd))) {
                leadEnd++;
            }
            return true;
        }
        return false;
    }

    /**
     * Returns a matcher of the format's whole pattern over {@code text}, set up as {@link #matchWhole} needs it: the
     * bounds of a region are not the start and end of the line.
     */
    static Matcher fullMatcher(LogFormat format, CharSequence text) {
        return format.pattern().matcher(text).useAnchoringBounds(false);
    }

    /**
     * Returns whether the line that {@code full} (from {@link #fullMatcher}) is set to matches the whole format: within
     * the first {@link LogFormat#MAX_HEADER_CHARS} characters if the format has a header window: then a match
     * counts only if the message starts inside them. A preset is matched at the start of the line only, as its
     * {@code ^} says, so that a line it does not match costs no search through the rest.
     */
    static boolean matchWhole(LogFormat format, Matcher full) {
        boolean windowed = format.headerWindow && full.regionEnd() > LogFormat.MAX_HEADER_CHARS;
        if (windowed) {
            full.region(0, LogFormat.MAX_HEADER_CHARS);
        }
        boolean found = format.anchored ? full.lookingAt() : full.find();
        return found && (!windowed || full.start(format.msgGroup) < LogFormat.MAX_HEADER_CHARS);
    }

    /** Returns whether {@code c} separates a timestamp read alone from the message: white space or {@code ]|:-,}. */
    private static boolean isLeadSeparator(char c) {
        switch (c) {
            case ' ':
            case '\t':
            case ']':
            case '|':
            case ':':
            case '-':
            case ',':
                return true;
            default:
                return false;
        }
    }

    /** Returns whether {@code text} matches the whole format, not only its lead. */
    boolean matchFull(String text) {
        return match(text) && isFull();
    }

    @Override
    public boolean isFull() {
        return m == full;
    }

    @Override
    public LogFormat format() {
        return format;
    }

    @Override
    public long timestamp(TimestampParser parser) {
        if (!format.hasTimestamp()) {
            return TimestampParser.INVALID;
        }
        return parser.parse(line, m.start(format.tsGroup), m.end(format.tsGroup));
    }

    @Override
    public String timestampText() {
        return format.hasTimestamp() ? m.group(format.tsGroup) : null;
    }

    @Override
    public String message() {
        if (m == lead) {
            return line.substring(leadEnd);
        }
        if (format.messageToEnd) {
            return line.substring(m.start(format.msgGroup));
        }
        String msg = m.group(format.msgGroup);
        return msg == null ? "" : msg;
    }

    @Override
    public String logger() {
        String logger = m == full && format.hasLogger ? m.group(format.loggerGroup) : null;
        return logger == null ? "" : LineMatcher.cut(logger, MAX_LOGGER_CHARS);
    }

    @Override
    public String level() {
        if (m == lead) {
            return null;
        }
        if (format.hasLevel) {
            String level = m.group(format.levelGroup);
            if (level != null) {
                return LineMatcher.cut(level, MAX_LEVEL_CHARS).toUpperCase(Locale.ROOT);
            }
        }
        if (format.hasPri) {
            return Levels.ofSyslogPriority(m.group(format.priGroup));
        }
        if (format.hasStatus) {
            return Levels.ofHttpStatus(m.group(format.statusGroup));
        }
        return null;
    }

    @Override
    public LineTemplate template() {
        if (m == lead) {
            return new LineTemplate(line, span("ts"), null, null, null, new int[] {leadEnd, line.length()});
        }
        return new LineTemplate(line, span("ts"), span(format.hasLevel ? "level" : null),
                span(format.hasLogger ? "logger" : null), span(format.hasThread ? "thread" : null), span("msg"));
    }

    private int[] span(String group) {
        if (group == null || (group.equals("ts") && !format.hasTimestamp())) {
            return null;
        }
        int s = m.start(group);
        if (s < 0) {
            return null;
        }
        return new int[] {s, group.equals("msg") && format.messageToEnd ? line.length() : m.end(group)};
    }
}
