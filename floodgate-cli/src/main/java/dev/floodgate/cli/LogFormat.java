package dev.floodgate.cli;

import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * How the first line of a log event looks: a regular expression with the named groups {@code ts} (timestamp),
 * {@code msg} (message) and optionally {@code level}, {@code logger}, {@code thread}, {@code pri} (a syslog
 * priority, read as the level) and {@code status} (an HTTP status, read as the level: 5xx ERROR, 4xx WARN, else
 * INFO); or JSON lines ({@link JsonLineMatcher}); or several formats mixed in one log.
 *
 * <p>A line that matches starts an event. So does a line that starts like the format up to its timestamp (the
 * regular expression's <em>lead</em>) with a valid timestamp but does not match the rest: its message is the text
 * after the timestamp. Every other line continues the event before it (a stack trace line).
 *
 * <p>Immutable; {@link #matcher()} returns a matcher for one thread.
 */
final class LogFormat {

    /**
     * The characters of a line within which a preset whose message runs to the end of the line must find everything
     * before the message (timestamp, level, thread, logger); a line whose layout would end further on is read by its
     * timestamp alone. It bounds the work of matching a line, whatever its length and shape.
     */
    static final int MAX_HEADER_CHARS = 1_024;

    /** Timestamps at the start of Logback and Log4j2 lines: a time of day, optionally after a date. */
    private static final String TS_ANY =
            "(?:\\d{4}-\\d{2}-\\d{2}[T ])?\\d{2}:\\d{2}:\\d{2}(?:[.,]\\d{1,9})?(?:Z|[+-]\\d{2}(?::?\\d{2})?)?";
    /** A full ISO-8601 date and time, with a space allowed for the T. */
    private static final String TS_DATE =
            "\\d{4}-\\d{2}-\\d{2}[T ]\\d{2}:\\d{2}:\\d{2}(?:[.,]\\d{1,9})?(?:Z|[+-]\\d{2}(?::?\\d{2})?)?";
    /** Other dates and times: yyyy/MM/dd and yyyy.MM.dd, yy/MM/dd, yyMMdd HHmmss, MM-dd, MM.dd, yyyyMMdd-HH:mm:ss. */
    private static final String TS_TWO_PART =
            "\\d{4}(?<ds>[/.])\\d{2}\\k<ds>\\d{2}[T ]\\d{2}:\\d{2}:\\d{2}(?:[.,]\\d{1,9})?"
                    + "|\\d{2}/\\d{2}/\\d{2} \\d{2}:\\d{2}:\\d{2}(?:[.,]\\d{1,9})?"
                    + "|\\d{6} \\d{6}"
                    + "|\\d{2}[-.]\\d{2} \\d{2}:\\d{2}:\\d{2}(?:[.,]\\d{1,9})?"
                    + "|\\d{8}-\\d{2}:\\d{2}:\\d{2}(?:[.,:]\\d{1,9})?";
    /** The RFC 3164 stamp. */
    private static final String TS_SYSLOG = "[A-Z][a-z]{2} [ \\d]\\d \\d{2}:\\d{2}:\\d{2}";
    /** C's ctime, as in Apache's error log: {@code Sun Dec 04 04:47:44 2005}. */
    private static final String TS_CTIME =
            "[A-Z][a-z]{2} [A-Z][a-z]{2} [ \\d]\\d \\d{2}:\\d{2}:\\d{2}(?:\\.\\d{1,9})? \\d{4}";
    /** The Common Log Format's stamp: {@code 10/Oct/2000:13:55:36 -0700}. */
    private static final String TS_CLF = "\\d{2}/[A-Z][a-z]{2}/\\d{4}:\\d{2}:\\d{2}:\\d{2} [+-]\\d{4}";
    /** Epoch seconds, milliseconds, microseconds or nanoseconds, the first two with an optional fraction. */
    private static final String TS_EPOCH =
            "(?:\\d{18,19}|\\d{15,16}|\\d{12,13}(?:\\.\\d{1,9})?|\\d{9,10}(?:\\.\\d{1,9})?)(?![\\d.])";
    private static final String LEVEL =
            "TRACE|DEBUG|INFO|WARNING|WARN|ERROR|FATAL|SEVERE|CONFIG|FINEST|FINER|FINE|NOTICE|CRITICAL";
    /** A level, in any case, optionally bracketed and followed by a colon, then white space. */
    private static final String LOOSE_LEVEL = "(?:\\[?(?<level>(?i:" + LEVEL + "))\\]?:?\\s++)?";
    /**
     * The characters {@code .} does not match, the line terminators of {@link Pattern}, for a character class (the two
     * separators as a range, which {@link Pattern} tests several times faster than two single characters).
     */
    private static final String LINE_TERMINATORS = "\\n\\r\\u0085\\u2028-\\u2029";
    private static final String THREAD = "\\[(?<thread>[^\\]]*+)\\]";
    /** A run of characters other than spaces and line terminators. */
    private static final String WORD = "[^ " + LINE_TERMINATORS + "]*+";
    /**
     * A field of non-space characters before the timestamp or the message of a layout whose message is not the rest
     * of the line: at most {@link #MAX_HEADER_CHARS} of them, so that a long run where the field should be is not
     * read whole.
     */
    private static final String FIELD = "\\S{1," + MAX_HEADER_CHARS + "}+";

    /** The built-in formats, most specific first: the order auto-detection prefers them in. */
    static final List<LogFormat> PRESETS = List.of(
            regex("logback",
                    "%d{HH:mm:ss.SSS} [%thread] %-5level %logger{36} - %msg%n: the default of Logback (also its "
                            + "TTLLLayout, -- msg) and of Log4j2 (alias log4j2); also with yyyy-MM-dd, ISO-8601 or "
                            + ",SSS timestamps",
                    "10:00:00.123 [main] INFO  c.e.App - Started",
                    "^(?<ts>" + TS_ANY + ") " + THREAD + " (?<level>" + LEVEL + ") ++(?<logger>\\S++) "
                            + "-(?:-|[^-\\s][^-]*+-)? (?<msg>.*)$"),
            regex("level-first",
                    "%d %-5level [%t] %logger{36} - %msg%n",
                    "2024-05-01 10:00:00,123 INFO  [main] c.e.App - Started",
                    "^(?<ts>" + TS_ANY + ") (?<level>" + LEVEL + ") ++" + THREAD + " (?<logger>\\S++) - (?<msg>.*)$"),
            regex("log4j2-file",
                    "%d %p %c{1.} [%t] %m%n: the Log4j2 manual's file appender pattern",
                    "2024-05-01 10:00:00,123 INFO c.e.App [main] Started",
                    "^(?<ts>" + TS_ANY + ") (?<level>" + LEVEL + ") ++(?<logger>\\S++) " + THREAD + " (?<msg>.*)$"),
            regex("no-thread",
                    "%d %-5p %c{1}:%L - %m%n and %d %-5level %logger - %msg%n",
                    "2024-05-01 10:00:00,123 INFO  App:42 - Started",
                    "^(?<ts>" + TS_ANY + ") (?<level>" + LEVEL + ") ++(?<logger>[^\\s:]++)(?::\\d++)? - (?<msg>.*)$"),
            regex("spring-boot",
                    "Spring Boot's console and file patterns: date  LEVEL pid --- [app] [thread] logger : msg",
                    "2024-05-01T10:00:00.123+02:00  INFO 4242 --- [shop] [           main] c.e.App"
                            + "                                  : Started",
                    "^(?<ts>" + TS_DATE + ") ++(?<level>" + LEVEL + ") ++(?:\\d++ ++)?--- (?:\\[[^\\]]*+\\] )?"
                            + "\\[ *+(?<thread>[^\\]]*+)\\] (?:\\[[^\\]]*+\\] )?(?<logger>\\S+) *+: (?<msg>.*)$"),
            regex("kafka",
                    "[%d] %p %m (%c)%n: the Log4j layout of Kafka brokers (server, controller, state-change logs)",
                    "[2024-05-01 10:00:00,123] INFO [KafkaServer id=1] started (kafka.server.KafkaServer)",
                    "^\\[(?<ts>" + TS_DATE + ")\\] (?<level>" + LEVEL + ") (?<msg>" + WORD + "(?: (?!\\([\\w$.]++\\)$)"
                            + WORD + ")*+)(?: \\((?<logger>[\\w$.]++)\\))?$"),
            regex("zookeeper",
                    "%d{ISO8601} [myid:%X{myid}] - %-5p [%t:%C{1}@%L] - %m%n: the Log4j layout of ZooKeeper (also "
                            + "without [myid:])",
                    "2024-05-01 10:00:00,123 [myid:1] - INFO  [main:QuorumPeerMain@123] - Starting",
                    "^(?<ts>" + TS_DATE + ") (?:\\[myid:[^\\]]*+\\] )?- (?<level>" + LEVEL + ") ++\\["
                            + "(?<thread>.*):(?<logger>[\\w$]++)@\\d++\\] - (?<msg>.*)$"),
            regex("android",
                    "Android logcat's threadtime format: MM-dd HH:mm:ss.SSS pid tid level tag: msg",
                    "05-01 10:00:00.123  1702  2395 D WindowManager: Freezing display",
                    "^(?<ts>\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}\\.\\d{3}) ++\\d++ ++\\d++ (?<level>[VDIWEFA]) "
                            + "(?<logger>(?:[^ :" + LINE_TERMINATORS + "]++| ++(?!: )|:(?! ))*+) *+: (?<msg>.*)$"),
            regex("rfc5424",
                    "syslog RFC 5424: <PRI>1 timestamp host app procid msgid [sd] msg",
                    "<165>1 2024-05-01T10:00:00.003Z web01 shop 4242 ID47 - Started",
                    "^<(?<pri>\\d{1,3})>1 (?<ts>" + FIELD + ") " + FIELD + " (?<logger>" + FIELD + ") " + FIELD + " "
                            + FIELD + " (?:-|(?:\\["
                            + "(?:[^\\]\\\\\"]++|\\\\.|\"(?:[^\"\\\\]++|\\\\.)*+\")*+\\])++)(?: \\uFEFF?(?<msg>.*+))?$"),
            regex("syslog",
                    "syslog RFC 3164: [<PRI>]Mmm dd HH:mm:ss host program[pid]: msg (also with an ISO-8601 stamp)",
                    "May  1 10:00:00 web01 sshd[4242]: Accepted publickey for deploy",
                    "^(?:<(?<pri>\\d{1,3})>)?(?<ts>" + TS_SYSLOG + "|" + TS_DATE + ") "
                            + "(?!(?:" + LEVEL + ")\\b)\\S++ (?<logger>[^\\s\\[:]++)(?:\\[[^\\]]*+\\])?: ?(?<msg>.*)$"),
            regex("access",
                    "the Common and Combined Log Formats of Apache's and Nginx's access logs; the message is the "
                            + "request line, the level follows the status (5xx ERROR, 4xx WARN, else INFO)",
                    "203.0.113.9 - - [01/May/2024:10:00:00 +0200] \"GET /api/orders/7 HTTP/1.1\" 200 512",
                    "^" + FIELD + " " + FIELD + " " + FIELD + " \\[(?<ts>" + TS_CLF + ")\\] "
                            + "\"(?<msg>[^\"\\\\]*+(?:\\\\.[^\"\\\\]*+)*+)\" (?<status>\\d{3}) .*+$"),
            regex("apache-error",
                    "Apache httpd's error log (2.2 and 2.4): [ctime] [module:level] [pid] [client] msg",
                    "[Wed May 01 10:00:00.123456 2024] [core:error] [pid 4242:tid 7] [client 203.0.113.9:5120] "
                            + "AH00124: Request exceeded the limit",
                    "^\\[(?<ts>" + TS_CTIME + ")\\] \\[(?:(?<logger>[\\w-]++):)?(?<level>emerg|alert|crit|error|warn"
                            + "|notice|info|debug|trace\\d)\\](?: \\[pid [^\\]]*+\\])?(?: \\[client [^\\]]*+\\])? "
                            + "(?<msg>.*)$"),
            regex("nginx-error",
                    "Nginx's error log: yyyy/MM/dd HH:mm:ss [level] pid#tid: *cid msg",
                    "2024/05/01 10:00:00 [error] 4242#4242: *7 open() \"/srv/x\" failed (2: No such file or "
                            + "directory)",
                    "^(?<ts>\\d{4}/\\d{2}/\\d{2} \\d{2}:\\d{2}:\\d{2}) \\[(?<level>debug|info|notice|warn|error|crit"
                            + "|alert|emerg)\\] \\d++#\\d++: (?:\\*\\d++ )?(?<msg>.*)$"),
            json(),
            regex("iso",
                    "any line starting with an ISO-8601 date-time (yyyy-MM-dd HH:mm:ss,SSS too) or a time of day, "
                            + "then an optional level; the rest is the message",
                    "2024-05-01 10:00:00,123 WARN Disk almost full",
                    "^(?<ts>" + TS_ANY + ")(?:,?\\s++|\\|)" + LOOSE_LEVEL + "(?<msg>.*)$"),
            regex("date-time",
                    "any line starting with another date and time (yyyy/MM/dd, yyyy.MM.dd, yy/MM/dd, yyMMdd HHmmss, "
                            + "MM-dd, MM.dd, yyyyMMdd-HH:mm:ss), then an optional level",
                    "2005.11.09 12:34:56 INFO Job started",
                    "^(?<ts>" + TS_TWO_PART + ")(?:,?\\s++|\\|)(?:\\d++\\s++(?=(?i:" + LEVEL + ")\\b))?" + LOOSE_LEVEL
                            + "(?<msg>.*)$"),
            regex("bracketed",
                    "any line starting with a bracketed date and time of any shape above, then an optional level",
                    "[10.30 16:49:06] chrome.exe - proxy.example.com:5070 open through proxy",
                    "^\\[(?<ts>" + TS_ANY + "|" + TS_TWO_PART + "|" + TS_CTIME + "|" + TS_CLF + "|" + TS_SYSLOG + "|"
                            + TS_EPOCH + ")\\]\\s*+" + LOOSE_LEVEL + "(?<msg>.*)$"),
            regex("epoch",
                    "any line starting with epoch seconds, milliseconds or microseconds (after an optional - or "
                            + "alert tag, as in BGL and Thunderbird logs), then an optional level",
                    "1714557600 2024.05.01 node-17 kernel: link up",
                    "^(?:(?:-|[A-Z][A-Z_]{0," + MAX_HEADER_CHARS + "}+) )?(?<ts>" + TS_EPOCH + ")\\s++" + LOOSE_LEVEL + "(?<msg>.*)$"));

    /**
     * Every line is an event except the lines of a Java stack trace: those starting with white space,
     * {@code Caused by:} or {@code ... N more}, and exception headers such as {@code java.io.IOException: closed}.
     */
    static final LogFormat NONE = regex("none",
            "no timestamps: each line is a message, except that stack trace lines (indented, \"Caused by:\", "
                    + "\"... N more\", \"java.io.IOException: ...\") continue the line before (pipe only)",
            "connection to 10.0.0.7 refused",
            "^(?![ \\t]|Caused by: |\\.\\.\\. \\d+ more|(?:[\\p{L}_$][\\w$]*+\\.)++[\\p{L}_$][\\w$]*"
                    + "(?:Exception|Error|Throwable)(?::|$))(?<msg>.*)$");

    private final String name;
    private final String description;
    private final String sample;
    private final Pattern pattern;
    /**
     * Whether the message runs to the end of the line: the pattern then ends at the start of the message instead of
     * matching it character by character.
     */
    final boolean messageToEnd;
    /**
     * Whether the pattern is matched within the first {@link #MAX_HEADER_CHARS} characters of a line: true for the
     * presets whose message runs to the end of the line, false for a {@code --pattern}, which runs as written.
     */
    final boolean headerWindow;
    /** Whether the pattern only matches at the start of a line ({@code ^...}): true for the presets. */
    final boolean anchored;
    /** The pattern up to and including the timestamp, or null. */
    private final Pattern lead;
    private final List<LogFormat> parts;
    private final boolean hasTs;
    /** The numbers of the named groups in {@link #pattern()} (and, up to {@code ts}, in {@link #lead()}); -1 if absent. */
    final int tsGroup;
    final int msgGroup;
    final int levelGroup;
    final int loggerGroup;
    final int threadGroup;
    final int priGroup;
    final int statusGroup;
    final boolean hasLevel;
    final boolean hasLogger;
    final boolean hasThread;
    final boolean hasPri;
    final boolean hasStatus;

    private LogFormat(String name, String description, String sample, String regex, List<LogFormat> parts,
            boolean builtIn) {
        this.name = name;
        this.description = description;
        this.sample = sample;
        int toEnd = regex == null ? -1 : messageToEnd(regex);
        this.messageToEnd = toEnd >= 0;
        this.headerWindow = builtIn && messageToEnd;
        this.anchored = builtIn;
        this.pattern = regex == null ? null : Pattern.compile(toEnd >= 0 ? regex.substring(0, toEnd) + "(?<msg>)"
                : regex);
        this.lead = regex == null ? null : leadOf(regex);
        this.parts = parts;
        this.hasTs = regex == null ? parts == null || parts.get(0).hasTs : hasGroup(regex, "ts");
        String compiled = pattern == null ? "" : pattern.pattern();
        this.tsGroup = groupNumber(compiled, "ts");
        this.msgGroup = groupNumber(compiled, "msg");
        this.levelGroup = groupNumber(compiled, "level");
        this.loggerGroup = groupNumber(compiled, "logger");
        this.threadGroup = groupNumber(compiled, "thread");
        this.priGroup = groupNumber(compiled, "pri");
        this.statusGroup = groupNumber(compiled, "status");
        this.hasLevel = regex != null && hasGroup(regex, "level");
        this.hasLogger = regex != null && hasGroup(regex, "logger");
        this.hasThread = regex != null && hasGroup(regex, "thread");
        this.hasPri = regex != null && hasGroup(regex, "pri");
        this.hasStatus = regex != null && hasGroup(regex, "status");
    }

    private static LogFormat regex(String name, String description, String sample, String regex) {
        return new LogFormat(name, description, sample, regex, null, true);
    }

    private static LogFormat json() {
        return new LogFormat("json", "JSON lines: Logstash's encoder, ECS, Log4j2's JsonTemplateLayout (ECS, Logstash, "
                + "GELF, JsonLayout templates), Logback's JsonEncoder; timestamp, level, logger and message from "
                + "their fields",
                "{\"@timestamp\":\"2024-05-01T10:00:00.123Z\",\"log.level\":\"INFO\",\"message\":\"Started\","
                        + "\"log.logger\":\"c.e.App\"}", null, null, true);
    }

    /**
     * Returns several formats read as one log: a line is tried with each in turn.
     *
     * @param description what the report says about the mix
     */
    static LogFormat mixed(List<LogFormat> parts, String description) {
        return new LogFormat("mixed", description, parts.get(0).sample, null, List.copyOf(parts), true);
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
        return new LogFormat("custom", "--pattern " + regex, null, regex, null, false);
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

    /** Returns where a final {@code (?<msg>.*)} or {@code (?<msg>.*)$} starts in {@code regex}, or -1. */
    private static int messageToEnd(String regex) {
        String group = "(?<msg>.*)";
        if (regex.endsWith(group)) {
            return regex.length() - group.length();
        }
        if (regex.endsWith(group + "$") && !regex.endsWith("\\" + group + "$")) {
            return regex.length() - group.length() - 1;
        }
        return -1;
    }

    /**
     * Returns the number of the capturing group called {@code name} in {@code regex}, or -1: groups are numbered by
     * their opening parenthesis, named or not, as {@link java.util.regex.Matcher#start(int)} takes them.
     */
    static int groupNumber(String regex, String name) {
        int number = 0;
        boolean inClass = false;
        for (int i = 0; i < regex.length(); i++) {
            char c = regex.charAt(i);
            if (c == '\\') {
                if (i + 1 < regex.length() && regex.charAt(i + 1) == 'Q') {
                    int end = regex.indexOf("\\E", i + 2);
                    i = end < 0 ? regex.length() : end + 1;
                } else {
                    i++;
                }
            } else if (inClass) {
                inClass = c != ']';
            } else if (c == '[') {
                inClass = true;
                if (i + 1 < regex.length() && regex.charAt(i + 1) == ']') {
                    i++;
                }
            } else if (c == '(') {
                boolean named = regex.startsWith("(?<", i) && i + 3 < regex.length()
                        && Character.isLetter(regex.charAt(i + 3));
                if (named || i + 1 >= regex.length() || regex.charAt(i + 1) != '?') {
                    number++;
                    if (named && regex.startsWith("(?<" + name + ">", i)) {
                        return number;
                    }
                }
            }
        }
        return -1;
    }

    private static boolean hasGroup(String regex, String group) {
        return regex.contains("(?<" + group + ">");
    }

    /**
     * Returns the part of {@code regex} up to the end of its {@code ts} group, followed by a check that the
     * timestamp is not part of a longer word; null if there is no such group or the part does not compile.
     */
    static Pattern leadOf(String regex) {
        int open = regex.indexOf("(?<ts>");
        if (open < 0) {
            return null;
        }
        int depth = 0;
        boolean inClass = false;
        for (int i = open; i < regex.length(); i++) {
            char c = regex.charAt(i);
            if (c == '\\') {
                i++;
            } else if (inClass) {
                inClass = c != ']';
            } else if (c == '[') {
                inClass = true;
            } else if (c == '(') {
                depth++;
            } else if (c == ')' && --depth == 0) {
                try {
                    return Pattern.compile(regex.substring(0, i + 1) + "(?![\\p{L}\\p{N}])");
                } catch (PatternSyntaxException e) {
                    return null;
                }
            }
        }
        return null;
    }

    String name() {
        return name;
    }

    String description() {
        return description;
    }

    /** Returns a line in this format, for the documentation and {@code --help}; null for a custom format. */
    String sample() {
        return sample;
    }

    boolean hasTimestamp() {
        return hasTs;
    }

    boolean isJson() {
        return pattern == null && parts == null;
    }

    boolean isMixed() {
        return parts != null;
    }

    Pattern pattern() {
        return pattern;
    }

    Pattern lead() {
        return lead;
    }

    LineMatcher matcher() {
        if (parts != null) {
            return new MixedLineMatcher(parts);
        }
        if (pattern == null) {
            return new JsonLineMatcher(this);
        }
        return new RegexLineMatcher(this);
    }

    @Override
    public String toString() {
        return name;
    }
}
