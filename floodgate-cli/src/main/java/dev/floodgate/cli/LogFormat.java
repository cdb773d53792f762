package dev.floodgate.cli;

import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * How the first line of a log event looks: a regular expression with the named groups {@code ts} (timestamp),
 * {@code msg} (message) and optionally {@code level}, {@code logger}, {@code thread} and {@code pri} (a syslog
 * priority, read as the level). A line that does not match continues the event before it (a stack trace line).
 *
 * <p>Immutable; {@link #matcher()} returns a matcher for one thread.
 */
final class LogFormat {

    /** Timestamps at the start of Logback and Log4j2 lines: a time of day, optionally after a date. */
    private static final String TS_ANY =
            "(?:\\d{4}-\\d{2}-\\d{2}[T ])?\\d{2}:\\d{2}:\\d{2}(?:[.,]\\d{1,9})?(?:Z|[+-]\\d{2}(?::?\\d{2})?)?";
    /** A full ISO-8601 date and time, with a space allowed for the T. */
    private static final String TS_DATE =
            "\\d{4}-\\d{2}-\\d{2}[T ]\\d{2}:\\d{2}:\\d{2}(?:[.,]\\d{1,9})?(?:Z|[+-]\\d{2}(?::?\\d{2})?)?";
    private static final String LEVEL =
            "TRACE|DEBUG|INFO|WARNING|WARN|ERROR|FATAL|SEVERE|CONFIG|FINEST|FINER|FINE|NOTICE|CRITICAL";
    private static final String THREAD = "\\[(?<thread>[^\\]]*)\\]";

    /** The built-in formats, most specific first: the order auto-detection prefers them in. */
    static final List<LogFormat> PRESETS = List.of(
            new LogFormat("logback",
                    "%d{HH:mm:ss.SSS} [%thread] %-5level %logger{36} - %msg%n: the default of Logback and of "
                            + "Log4j2 (alias log4j2); also with yyyy-MM-dd, ISO-8601 or ,SSS timestamps",
                    "^(?<ts>" + TS_ANY + ") " + THREAD + " (?<level>" + LEVEL + ") +(?<logger>\\S+) - (?<msg>.*)$"),
            new LogFormat("level-first",
                    "%d %-5level [%t] %logger{36} - %msg%n",
                    "^(?<ts>" + TS_ANY + ") (?<level>" + LEVEL + ") +" + THREAD + " (?<logger>\\S+) - (?<msg>.*)$"),
            new LogFormat("log4j2-file",
                    "%d %p %c{1.} [%t] %m%n: the Log4j2 manual's file appender pattern",
                    "^(?<ts>" + TS_ANY + ") (?<level>" + LEVEL + ") +(?<logger>\\S+) " + THREAD + " (?<msg>.*)$"),
            new LogFormat("no-thread",
                    "%d %-5p %c{1}:%L - %m%n and %d %-5level %logger - %msg%n",
                    "^(?<ts>" + TS_ANY + ") (?<level>" + LEVEL + ") +(?<logger>[^\\s:]+)(?::\\d+)? - (?<msg>.*)$"),
            new LogFormat("spring-boot",
                    "Spring Boot's console and file pattern: date  LEVEL pid --- [app] [thread] logger : msg",
                    "^(?<ts>" + TS_DATE + ") +(?<level>" + LEVEL + ") +\\d+ --- (?:\\[[^\\]]*\\] )?\\[ *"
                            + "(?<thread>[^\\]]*)\\] (?:\\[[^\\]]*\\] )?(?<logger>\\S+) *: (?<msg>.*)$"),
            new LogFormat("rfc5424",
                    "syslog RFC 5424: <PRI>1 timestamp host app procid msgid [sd] msg",
                    "^<(?<pri>\\d{1,3})>1 (?<ts>\\S+) \\S+ (?<logger>\\S+) \\S+ \\S+ "
                            + "(?:-|(?:\\[(?:[^\\]\\\\\"]|\\\\.|\"(?:[^\"\\\\]|\\\\.)*\")*\\])+)(?: \\uFEFF?(?<msg>.*))?$"),
            new LogFormat("syslog",
                    "syslog RFC 3164: [<PRI>]Mmm dd HH:mm:ss host program[pid]: msg (also with an ISO-8601 stamp)",
                    "^(?:<(?<pri>\\d{1,3})>)?(?<ts>[A-Z][a-z]{2} [ \\d]\\d \\d{2}:\\d{2}:\\d{2}|" + TS_DATE + ") "
                            + "(?!(?:" + LEVEL + ")\\b)\\S+ (?<logger>[^\\s\\[:]+)(?:\\[[^\\]]*\\])?: ?(?<msg>.*)$"),
            new LogFormat("iso",
                    "any line starting with an ISO-8601 date-time or a time of day, then an optional level; "
                            + "the rest is the message",
                    "^(?<ts>" + TS_ANY + ")\\s+(?:\\[?(?<level>" + LEVEL + ")\\]?:?\\s+)?(?<msg>.*)$"));

    /**
     * Every line is an event except the lines of a Java stack trace: those starting with white space,
     * {@code Caused by:} or {@code ... N more}, and exception headers such as {@code java.io.IOException: closed}.
     */
    static final LogFormat NONE = new LogFormat("none",
            "no timestamps: each line is a message, except that stack trace lines (indented, \"Caused by:\", "
                    + "\"... N more\", \"java.io.IOException: ...\") continue the line before (pipe only)",
            "^(?![ \\t]|Caused by: |\\.\\.\\. \\d+ more|(?:[\\p{L}_$][\\w$]*\\.)+[\\p{L}_$][\\w$]*"
                    + "(?:Exception|Error|Throwable)(?::|$))(?<msg>.*)$");

    private final String name;
    private final String description;
    private final Pattern pattern;
    private final boolean hasTs;
    private final boolean hasLevel;
    private final boolean hasLogger;
    private final boolean hasThread;
    private final boolean hasPri;

    private LogFormat(String name, String description, String regex) {
        this.name = name;
        this.description = description;
        this.pattern = Pattern.compile(regex);
        this.hasTs = hasGroup(regex, "ts");
        this.hasLevel = hasGroup(regex, "level");
        this.hasLogger = hasGroup(regex, "logger");
        this.hasThread = hasGroup(regex, "thread");
        this.hasPri = hasGroup(regex, "pri");
    }

    /**
     * Returns the format of a user's regular expression.
     *
     * @throws IllegalArgumentException if it does not compile or lacks a {@code msg} group
     */
    static LogFormat custom(String regex) {
        try {
            Pattern.compile(regex);
        } catch (PatternSyntaxException e) {
            throw new IllegalArgumentException("--pattern: not a regular expression: "
                    + e.getDescription() + " near index " + e.getIndex());
        }
        if (!hasGroup(regex, "msg")) {
            throw new IllegalArgumentException("--pattern: needs a named group (?<msg>...) for the message, and "
                    + "(?<ts>...) for the timestamp; (?<level>...) and (?<logger>...) are optional");
        }
        return new LogFormat("custom", "--pattern " + regex, regex);
    }

    /** Returns the preset (or {@code none}) called {@code name}, or null. */
    static LogFormat named(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        if (n.equals("log4j2")) {
            n = "logback";
        }
        if (n.equals(NONE.name)) {
            return NONE;
        }
        for (LogFormat f : PRESETS) {
            if (f.name.equals(n)) {
                return f;
            }
        }
        return null;
    }

    private static boolean hasGroup(String regex, String group) {
        return regex.contains("(?<" + group + ">");
    }

    String name() {
        return name;
    }

    String description() {
        return description;
    }

    boolean hasTimestamp() {
        return hasTs;
    }

    Matcher newRegexMatcher() {
        return pattern.matcher("");
    }

    LineMatcher matcher() {
        return new LineMatcher(this);
    }

    @Override
    public String toString() {
        return name;
    }

    /**
     * Matches lines of one format and hands out their parts.
     *
     * <p>Not thread-safe; valid until the next {@link #match}.
     */
    static final class LineMatcher {
        private final LogFormat format;
        private final Matcher m;
        private String line;

        LineMatcher(LogFormat format) {
            this.format = format;
            this.m = format.newRegexMatcher();
        }

        LogFormat format() {
            return format;
        }

        /** Returns whether {@code text} is the first line of an event in this format. */
        boolean match(String text) {
            line = text;
            m.reset(text);
            return m.find();
        }

        int tsStart() {
            return format.hasTs ? m.start("ts") : -1;
        }

        int tsEnd() {
            return format.hasTs ? m.end("ts") : -1;
        }

        String message() {
            String msg = m.group("msg");
            return msg == null ? "" : msg;
        }

        /** Returns the logger, or "" if the format has none. */
        String logger() {
            String logger = format.hasLogger ? m.group("logger") : null;
            return logger == null ? "" : logger;
        }

        /** Returns the level as written (upper case), or null if the line has none. */
        String level() {
            if (format.hasLevel) {
                String level = m.group("level");
                if (level != null) {
                    return level.toUpperCase(Locale.ROOT);
                }
            }
            if (format.hasPri) {
                return Levels.ofSyslogPriority(m.group("pri"));
            }
            return null;
        }

        /** Returns the current line as a template for the lines the tool adds in the same format. */
        LineTemplate template() {
            return new LineTemplate(line, span("ts"), span(format.hasLevel ? "level" : null),
                    span(format.hasLogger ? "logger" : null), span(format.hasThread ? "thread" : null),
                    span("msg"));
        }

        private int[] span(String group) {
            if (group == null || (group.equals("ts") && !format.hasTs)) {
                return null;
            }
            int s = m.start(group);
            return s < 0 ? null : new int[] {s, m.end(group)};
        }
    }
}
