package dev.floodgate.cli;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One line of a JSON lines log, parsed into its members: each value under its dotted path ({@code log.level} for
 * both {@code {"log.level":...}} and {@code {"log":{"level":...}}}), with its place in the line, so that a new line
 * can be written in the same shape by replacing values in place.
 *
 * <p>Arrays are kept whole (their elements have no path). The first member at each of the paths named when the
 * instance is made is noted while parsing, so that finding it costs the same however many members the line has;
 * another path is found by a scan of the members.
 *
 * <p>Not thread-safe; reused line after line. Memory: arrays that grow to the most members a line had, and paths of at
 * most {@link #MAX_PATH_CHARS} characters.
 */
final class JsonLine {

    static final byte STRING = 1;
    static final byte NUMBER = 2;
    static final byte OBJECT = 3;
    static final byte ARRAY = 4;
    static final byte LITERAL = 5;

    private static final int MAX_DEPTH = 16;
    /**
     * The longest path kept, in characters; a member with a longer path (and every member inside it) is parsed but
     * has none, so it is never found: every name looked for is shorter, and a line of long nested names costs no
     * more memory than its length.
     */
    static final int MAX_PATH_CHARS = 64;

    private String text;
    private int pos;
    private int count;
    private String[] paths = new String[32];
    private byte[] kinds = new byte[32];
    /** The value's span; for a string, without its quotes. */
    private int[] starts = new int[32];
    private int[] ends = new int[32];
    /** The member's span including one comma next to it, so that removing it leaves valid JSON. */
    private int[] memberStarts = new int[32];
    private int[] memberEnds = new int[32];
    private boolean[] escaped = new boolean[32];
    /** The paths noted while parsing, each with its place in {@link #firstAt}. */
    private final Map<String, Integer> indexed = new HashMap<>();
    /** The first member at each noted path in the line parsed last, or -1. */
    private final int[] firstAt;

    /** Makes a parser that notes no path: {@link #find} scans. */
    JsonLine() {
        this(List.of());
    }

    /** Makes a parser that notes the first member at each of {@code paths} while parsing. */
    JsonLine(List<String> paths) {
        for (String path : paths) {
            indexed.putIfAbsent(path, indexed.size());
        }
        this.firstAt = new int[indexed.size()];
    }

    /** Parses {@code line}; returns false if it is not one JSON object (white space around it allowed). */
    boolean parse(String line) {
        text = line;
        pos = 0;
        count = 0;
        Arrays.fill(firstAt, -1);
        skipSpace();
        if (pos >= text.length() || text.charAt(pos) != '{') {
            return false;
        }
        try {
            object("", 0);
            skipSpace();
            return pos == text.length();
        } catch (IllegalStateException e) {
            return false;
        }
    }

    /** Returns the index of the first member at {@code path}, or -1. */
    int find(String path) {
        Integer noted = indexed.get(path);
        if (noted != null) {
            return firstAt[noted];
        }
        for (int i = 0; i < count; i++) {
            if (path.equals(paths[i])) {
                return i;
            }
        }
        return -1;
    }

    byte kind(int i) {
        return kinds[i];
    }

    int start(int i) {
        return starts[i];
    }

    int end(int i) {
        return ends[i];
    }

    int memberStart(int i) {
        return memberStarts[i];
    }

    int memberEnd(int i) {
        return memberEnds[i];
    }

    /** Returns the value of member {@code i}: a string decoded, anything else as written. */
    String value(int i) {
        String raw = text.substring(starts[i], ends[i]);
        return kinds[i] == STRING && escaped[i] ? unescape(raw) : raw;
    }

    /** Returns the decoded string at the first of {@code candidates} that is a string, or null. */
    String string(String... candidates) {
        for (String c : candidates) {
            int i = find(c);
            if (i >= 0 && kinds[i] == STRING) {
                return value(i);
            }
        }
        return null;
    }

    private void object(String prefix, int depth) {
        if (depth > MAX_DEPTH) {
            throw new IllegalStateException();
        }
        expect('{');
        skipSpace();
        if (peek() == '}') {
            pos++;
            return;
        }
        boolean first = true;
        while (true) {
            skipSpace();
            int memberStart = pos;
            int commaBefore = -1;
            if (!first) {
                commaBefore = text.lastIndexOf(',', memberStart);
            }
            expect('"');
            int keyStart = pos;
            boolean keyEscaped = skipString();
            String path = null;
            if (prefix != null && prefix.length() + pos - keyStart <= MAX_PATH_CHARS) {
                String key = text.substring(keyStart, pos - 1);
                if (keyEscaped) {
                    key = unescape(key);
                }
                path = prefix.isEmpty() ? key : prefix + "." + key;
            }
            skipSpace();
            expect(':');
            skipSpace();
            int slot = add(path);
            value(slot, path, depth);
            memberStarts[slot] = first ? memberStart : commaBefore;
            memberEnds[slot] = ends[slot] + (kinds[slot] == STRING ? 1 : 0);
            skipSpace();
            char c = peek();
            pos++;
            if (c == '}') {
                return;
            }
            if (c != ',') {
                throw new IllegalStateException();
            }
            if (first) {
                memberEnds[slot] = pos;
            }
            first = false;
        }
    }

    private void value(int slot, String path, int depth) {
        char c = peek();
        if (c == '"') {
            pos++;
            starts[slot] = pos;
            escaped[slot] = skipString();
            ends[slot] = pos - 1;
            kinds[slot] = STRING;
        } else if (c == '{') {
            starts[slot] = pos;
            kinds[slot] = OBJECT;
            object(path, depth + 1);
            ends[slot] = pos;
        } else if (c == '[') {
            starts[slot] = pos;
            kinds[slot] = ARRAY;
            skipArray(depth + 1);
            ends[slot] = pos;
        } else {
            starts[slot] = pos;
            while (pos < text.length() && ",}] \t".indexOf(text.charAt(pos)) < 0) {
                pos++;
            }
            if (pos == starts[slot]) {
                throw new IllegalStateException();
            }
            ends[slot] = pos;
            kinds[slot] = c == '-' || (c >= '0' && c <= '9') ? NUMBER : LITERAL;
        }
    }

    private void skipArray(int depth) {
        if (depth > MAX_DEPTH) {
            throw new IllegalStateException();
        }
        expect('[');
        int nesting = 1;
        while (nesting > 0) {
            char c = peek();
            pos++;
            if (c == '"') {
                skipString();
            } else if (c == '[' || c == '{') {
                nesting++;
            } else if (c == ']' || c == '}') {
                nesting--;
            }
        }
    }

    /** Moves past a string whose opening quote was read; returns whether it holds escapes. */
    private boolean skipString() {
        boolean escapes = false;
        while (true) {
            char c = peek();
            pos++;
            if (c == '"') {
                return escapes;
            }
            if (c == '\\') {
                escapes = true;
                pos++;
            }
        }
    }

    private int add(String path) {
        if (count == paths.length) {
            int n = count * 2;
            paths = Arrays.copyOf(paths, n);
            kinds = Arrays.copyOf(kinds, n);
            starts = Arrays.copyOf(starts, n);
            ends = Arrays.copyOf(ends, n);
            memberStarts = Arrays.copyOf(memberStarts, n);
            memberEnds = Arrays.copyOf(memberEnds, n);
            escaped = Arrays.copyOf(escaped, n);
        }
        paths[count] = path;
        escaped[count] = false;
        Integer noted = path == null ? null : indexed.get(path);
        if (noted != null && firstAt[noted] < 0) {
            firstAt[noted] = count;
        }
        return count++;
    }

    private char peek() {
        if (pos >= text.length()) {
            throw new IllegalStateException();
        }
        return text.charAt(pos);
    }

    private void expect(char c) {
        if (peek() != c) {
            throw new IllegalStateException();
        }
        pos++;
    }

    private void skipSpace() {
        while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
            pos++;
        }
    }

    /** Returns a JSON string's content decoded. */
    static String unescape(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c != '\\' || i + 1 >= s.length()) {
                sb.append(c);
                continue;
            }
            char e = s.charAt(++i);
            switch (e) {
                case 'n':
                    sb.append('\n');
                    break;
                case 't':
                    sb.append('\t');
                    break;
                case 'r':
                    sb.append('\r');
                    break;
                case 'b':
                    sb.append('\b');
                    break;
                case 'f':
                    sb.append('\f');
                    break;
                case 'u':
                    if (i + 4 < s.length()) {
                        try {
                            sb.append((char) Integer.parseInt(s.substring(i + 1, i + 5), 16));
                            i += 4;
                            break;
                        } catch (NumberFormatException ex) {
                            // Not an escape: keep it as written.
                        }
                    }
                    sb.append("\\u");
                    break;
                default:
                    sb.append(e);
            }
        }
        return sb.toString();
    }

    /**
     * Returns {@code s} escaped for the inside of a JSON string: the quote, the backslash and every character
     * {@link ControlEscaper#needsEscape} (controls, line separators, bidirectional formatting) as escapes.
     */
    static String escape(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 8);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"':
                    sb.append("\\\"");
                    break;
                case '\\':
                    sb.append("\\\\");
                    break;
                case '\n':
                    sb.append("\\n");
                    break;
                case '\r':
                    sb.append("\\r");
                    break;
                case '\t':
                    sb.append("\\t");
                    break;
                default:
                    if (ControlEscaper.needsEscape(c)) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
            }
        }
        return sb.toString();
    }
}
