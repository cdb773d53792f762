package dev.floodgate.cli;

import java.util.List;

/**
 * One real event line of a log, remembered so that lines the tool adds (suppression summaries) look like the log's
 * own: the timestamp, level, logger, thread and message parts are replaced, everything else (host, pid, brackets,
 * padding, other JSON members) is kept. The values put in are escaped: in a JSON line as JSON, where the members
 * describing the original event's throwable and arguments are left out too; in any other line with
 * {@link ControlEscaper}, so that a message from the log cannot end the line or act on a terminal.
 *
 * <p>Immutable.
 */
final class LineTemplate {

    /** The template of a log whose lines have no recognized parts: an added line is its message alone. */
    static final LineTemplate PLAIN = new LineTemplate("", null, null, null, null, null);

    private static final int TS = 0;
    private static final int LEVEL = 1;
    private static final int MSG = 4;
    private static final int NANOS = 5;
    private static final int DROP = 6;

    private final String line;
    private final boolean json;
    /** Each {@code {start, end, kind}}: kinds 0 to 4 are the parts of {@link #render}, then NANOS and DROP. */
    private final int[][] spans;

    /** Creates a template; each span is {@code {start, end}} in {@code line}, or null if absent. */
    LineTemplate(String line, int[] ts, int[] level, int[] logger, int[] thread, int[] msg) {
        this(line, false, new int[][] {kind(ts, 0), kind(level, 1), kind(logger, 2), kind(thread, 3), kind(msg, 4)});
    }

    private LineTemplate(String line, boolean json, int[][] spans) {
        this.line = line;
        this.json = json;
        this.spans = spans;
    }

    /**
     * Returns the template of a JSON line: string values are replaced inside their quotes; {@code nanos}, if not
     * null, is the nanoseconds member that goes with an epoch-seconds timestamp; {@code dropped} members are left out.
     */
    static LineTemplate json(String line, int[] ts, int[] nanos, int[] level, int[] logger, int[] thread, int[] msg,
            List<int[]> dropped) {
        int[][] spans = new int[6 + dropped.size()][];
        spans[0] = kind(ts, 0);
        spans[1] = kind(level, 1);
        spans[2] = kind(logger, 2);
        spans[3] = kind(thread, 3);
        spans[4] = kind(msg, 4);
        spans[5] = kind(nanos, NANOS);
        for (int i = 0; i < dropped.size(); i++) {
            spans[6 + i] = kind(dropped.get(i), DROP);
        }
        return new LineTemplate(line, true, spans);
    }

    private static int[] kind(int[] span, int kind) {
        return span == null ? null : new int[] {span[0], span[1], kind};
    }

    /**
     * Returns a line in the template's format. Null arguments keep the template's text.
     *
     * @param ts the timestamp, written in the log's own shape
     * @param level the level
     * @param logger the logger name
     * @param thread the thread name
     * @param message the message
     */
    String render(String ts, String level, String logger, String thread, String message) {
        String[] values = {ts, level, logger, thread, message};
        if (spans[MSG] == null) {
            String escaped = ControlEscaper.escape(message);
            return line.isEmpty() ? escaped : line + " " + escaped;
        }
        StringBuilder sb = new StringBuilder(line.length() + message.length());
        int at = 0;
        while (true) {
            int[] span = null;
            for (int[] s : spans) {
                if (s != null && s[0] >= at && (span == null || s[0] < span[0])) {
                    span = s;
                }
            }
            if (span == null) {
                break;
            }
            sb.append(line, at, span[0]);
            at = span[1];
            int kind = span[2];
            if (kind == DROP) {
                continue;
            }
            String value = kind == NANOS ? nanos(ts) : kind == TS && json && spans[NANOS] != null ? seconds(ts)
                    : values[kind];
            if (value == null) {
                value = line.substring(span[0], span[1]);
            } else if (json && kind != TS && kind != NANOS) {
                value = JsonLine.escape(value);
            } else if (!json && kind != TS) {
                value = ControlEscaper.escape(value);
            }
            sb.append(value);
            if (kind == LEVEL && !json) {
                at = keepWidth(sb, value.length() - (span[1] - span[0]), at);
            }
        }
        return sb.append(line, at, line.length()).toString();
    }

    /** Returns the whole seconds of an epoch timestamp written as {@code seconds.fraction}. */
    private static String seconds(String ts) {
        if (ts == null) {
            return null;
        }
        int dot = ts.indexOf('.');
        return dot < 0 ? ts : ts.substring(0, dot);
    }

    /** Returns the fraction of an epoch timestamp written as {@code seconds.fraction}, in nanoseconds. */
    private static String nanos(String ts) {
        if (ts == null) {
            return null;
        }
        int dot = ts.indexOf('.');
        String fraction = dot < 0 ? "" : ts.substring(dot + 1);
        String digits = (fraction + "000000000").substring(0, 9);
        return Long.toString(Long.parseLong(digits));
    }

    /** After a padded level ({@code %-5level}), drops spaces the longer value used up; keeps at least one. */
    private int keepWidth(StringBuilder sb, int grownBy, int at) {
        int i = at;
        int spaces = 0;
        while (i < line.length() && line.charAt(i) == ' ') {
            spaces++;
            i++;
        }
        if (grownBy > 0 && spaces > 1) {
            return at + Math.min(grownBy, spaces - 1);
        }
        if (grownBy < 0 && spaces > 0) {
            sb.append(" ".repeat(-grownBy));
        }
        return at;
    }
}
