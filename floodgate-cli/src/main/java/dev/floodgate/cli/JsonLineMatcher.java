package dev.floodgate.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Reads JSON lines as the common Java encoders write them, each field by the first of its usual names:
 *
 * <ul>
 *   <li>timestamp: {@code @timestamp} (Logstash, ECS), {@code timestamp} (Logback's JsonEncoder, epoch milliseconds;
 *       GELF, epoch seconds), {@code instant} (Log4j2's JsonLayout), {@code time}, {@code ts};
 *   <li>level: {@code level}, {@code log.level}, {@code severity} (a number is a syslog severity, as in GELF);
 *   <li>logger: {@code logger_name}, {@code log.logger}, {@code loggerName}, {@code logger}, {@code _logger};
 *   <li>message: {@code message}, {@code short_message}, {@code msg}. Logback's JsonEncoder writes the unformatted
 *       template there and its {@code arguments} apart: such a message is a template, not masked;
 *   <li>throwable: {@code error.type}, {@code throwable.className}, {@code thrown.name} or the first line of
 *       {@code stack_trace} / {@code error.stack_trace}; its first frame from the stack trace text.
 * </ul>
 *
 * <p>A line that is not one JSON object with a timestamp is no event. Not thread-safe; valid until the next
 * {@link #match}.
 */
final class JsonLineMatcher implements LineMatcher {

    private static final String[] TIMESTAMP = {"@timestamp", "timestamp", "time", "ts", "date"};
    private static final String[] LEVEL = {"level", "log.level", "severity", "levelname", "loglevel"};
    private static final String[] LOGGER = {"logger_name", "log.logger", "loggerName", "logger", "_logger",
        "_logger_name"};
    private static final String[] THREAD = {"thread_name", "process.thread.name", "threadName", "thread", "_thread",
        "_thread_name"};
    private static final String[] MESSAGE = {"message", "short_message", "msg"};
    private static final String[] THROWABLE_CLASS = {"error.type", "throwable.className", "thrown.name",
        "exception.exception_class"};
    private static final String[] STACK_TRACE = {"stack_trace", "error.stack_trace", "exception", "full_message"};
    /** Members a summary line leaves out: they describe the original event's throwable and arguments. */
    private static final String[] DROPPED = {"stack_trace", "error", "error.type", "error.message",
        "error.stack_trace", "throwable", "thrown", "exception", "arguments", "formattedMessage", "full_message"};

    private final LogFormat format;
    /** Every path this matcher looks for. */
    private static final List<String> PATHS = paths();

    private final JsonLine json = new JsonLine(PATHS);
    private String line;
    private int ts;
    private int epochSecond;
    private int nanoOfSecond;

    JsonLineMatcher(LogFormat format) {
        this.format = format;
    }

    private static List<String> paths() {
        List<String> paths = new ArrayList<>(List.of("instant.epochSecond", "instant.nanoOfSecond", "arguments"));
        for (String[] names : List.of(TIMESTAMP, LEVEL, LOGGER, THREAD, MESSAGE, THROWABLE_CLASS, STACK_TRACE,
                DROPPED)) {
            paths.addAll(List.of(names));
        }
        return List.copyOf(paths);
    }

    @Override
    public boolean match(String text) {
        line = text;
        if (text.isEmpty() || (text.charAt(0) != '{' && !text.trim().startsWith("{")) || !json.parse(text)) {
            return false;
        }
        ts = -1;
        epochSecond = json.find("instant.epochSecond");
        nanoOfSecond = json.find("instant.nanoOfSecond");
        if (epochSecond < 0 || json.kind(epochSecond) != JsonLine.NUMBER) {
            epochSecond = -1;
            for (String name : TIMESTAMP) {
                int i = json.find(name);
                if (i >= 0 && (json.kind(i) == JsonLine.STRING || json.kind(i) == JsonLine.NUMBER)) {
                    ts = i;
                    break;
                }
            }
        }
        return ts >= 0 || epochSecond >= 0;
    }

    @Override
    public boolean isFull() {
        return true;
    }

    @Override
    public LogFormat format() {
        return format;
    }

    @Override
    public long timestamp(TimestampParser parser) {
        String text = timestampText();
        return parser.parse(text, 0, text.length());
    }

    @Override
    public String timestampText() {
        if (epochSecond >= 0) {
            String nanos = nanoOfSecond >= 0 ? json.value(nanoOfSecond) : "0";
            return json.value(epochSecond) + "." + "000000000".substring(Math.min(9, nanos.length())) + nanos;
        }
        return json.value(ts);
    }

    @Override
    public String message() {
        String message = json.string(MESSAGE);
        return message == null ? "" : message;
    }

    @Override
    public boolean messageIsTemplate() {
        int arguments = json.find("arguments");
        return arguments >= 0 && json.kind(arguments) == JsonLine.ARRAY && json.find("message") >= 0;
    }

    @Override
    public String logger() {
        String logger = json.string(LOGGER);
        return logger == null ? "" : LineMatcher.cut(logger, MAX_LOGGER_CHARS);
    }

    @Override
    public String level() {
        for (String name : LEVEL) {
            int i = json.find(name);
            if (i >= 0 && json.kind(i) == JsonLine.STRING) {
                return LineMatcher.cut(json.value(i), MAX_LEVEL_CHARS).toUpperCase(Locale.ROOT);
            }
            if (i >= 0 && json.kind(i) == JsonLine.NUMBER) {
                return Levels.ofSyslogPriority(json.value(i));
            }
        }
        return null;
    }

    @Override
    public String throwableClass() {
        String type = json.string(THROWABLE_CLASS);
        if (type != null) {
            return type;
        }
        String trace = json.string(STACK_TRACE);
        if (trace == null) {
            return null;
        }
        int end = trace.length();
        for (int k = 0; k < end; k++) {
            char c = trace.charAt(k);
            if (c == ':' || Character.isWhitespace(c)) {
                end = k;
                break;
            }
        }
        String first = trace.substring(0, end);
        return first.indexOf('.') > 0 ? first : null;
    }

    @Override
    public String throwableFrame() {
        String trace = json.string(STACK_TRACE);
        if (trace == null) {
            return null;
        }
        int at = trace.indexOf("\tat ");
        if (at < 0) {
            return null;
        }
        int end = trace.indexOf(')', at);
        return end < 0 ? null : trace.substring(at + 4, end + 1);
    }

    /**
     * Returns the line as a template: timestamp, level, logger, thread and message replaced in place (escaped), the
     * members about the throwable and the arguments left out.
     */
    @Override
    public LineTemplate template() {
        List<int[]> dropped = new ArrayList<>();
        for (String name : DROPPED) {
            int i = json.find(name);
            if (i >= 0 && !inside(i, dropped)) {
                dropped.add(new int[] {json.memberStart(i), json.memberEnd(i)});
            }
        }
        int[] tsSpan = epochSecond >= 0 ? span(epochSecond) : span(ts);
        return LineTemplate.json(line, tsSpan, nanoOfSecond >= 0 && epochSecond >= 0 ? span(nanoOfSecond) : null,
                stringSpan(LEVEL), stringSpan(LOGGER), stringSpan(THREAD), stringSpan(MESSAGE), dropped);
    }

    private boolean inside(int member, List<int[]> dropped) {
        for (int[] d : dropped) {
            if (json.memberStart(member) >= d[0] && json.memberEnd(member) <= d[1]) {
                return true;
            }
        }
        return false;
    }

    private int[] span(int i) {
        return i < 0 ? null : new int[] {json.start(i), json.end(i)};
    }

    private int[] stringSpan(String[] names) {
        for (String name : names) {
            int i = json.find(name);
            if (i >= 0) {
                return json.kind(i) == JsonLine.STRING ? span(i) : null;
            }
        }
        return null;
    }
}
