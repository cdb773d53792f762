package dev.floodgate.cli;

/**
 * One real event line of a log, remembered so that lines the tool adds (suppression summaries) look like the log's
 * own: the timestamp, level, logger, thread and message parts are replaced, everything else (host, pid, brackets,
 * padding) is kept.
 *
 * <p>Immutable.
 */
final class LineTemplate {

    /** The template of a log whose lines have no recognized parts: an added line is its message alone. */
    static final LineTemplate PLAIN = new LineTemplate("", null, null, null, null, null);

    private final String line;
    private final int[][] spans;

    /** Creates a template; each span is {@code {start, end}} in {@code line}, or null if absent. */
    LineTemplate(String line, int[] ts, int[] level, int[] logger, int[] thread, int[] msg) {
        this.line = line;
        this.spans = new int[][] {ts, level, logger, thread, msg};
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
        if (spans[4] == null) {
            return line.isEmpty() ? message : line + " " + message;
        }
        StringBuilder sb = new StringBuilder(line.length() + message.length());
        int at = 0;
        while (true) {
            int next = -1;
            for (int k = 0; k < spans.length; k++) {
                if (spans[k] != null && spans[k][0] >= at && (next < 0 || spans[k][0] < spans[next][0])) {
                    next = k;
                }
            }
            if (next < 0) {
                break;
            }
            int[] span = spans[next];
            sb.append(line, at, span[0]);
            String value = values[next] == null ? line.substring(span[0], span[1]) : values[next];
            sb.append(value);
            at = span[1];
            if (next == 1) {
                at = keepWidth(sb, value.length() - (span[1] - span[0]), at);
            }
        }
        return sb.append(line, at, line.length()).toString();
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
