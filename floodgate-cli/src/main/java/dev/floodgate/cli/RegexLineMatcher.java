package dev.floodgate.cli;

import java.util.Locale;
import java.util.regex.Matcher;

/**
 * Matches lines of a format given by a regular expression, or failing that its lead (the expression up to the
 * timestamp), and hands out their parts.
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
        this.full = format.pattern().matcher("");
        this.lead = format.lead() == null ? null : format.lead().matcher("");
    }

    @Override
    public boolean match(String text) {
        line = text;
        if (full.reset(text).find()) {
            m = full;
            return true;
        }
        if (lead != null && lead.reset(text).lookingAt()) {
            m = lead;
            leadEnd = lead.end();
            while (leadEnd < text.length() && " \t]|:-,".indexOf(text.charAt(leadEnd)) >= 0) {
                leadEnd++;
            }
            return true;
        }
        return false;
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
        return logger == null ? "" : logger;
    }

    @Override
    public String level() {
        if (m == lead) {
            return null;
        }
        if (format.hasLevel) {
            String level = m.group(format.levelGroup);
            if (level != null) {
                return level.toUpperCase(Locale.ROOT);
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
