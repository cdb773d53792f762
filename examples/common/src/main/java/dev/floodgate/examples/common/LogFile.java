package dev.floodgate.examples.common;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The lines of a log file that an example wrote, read back to count what reached it: lines, Floodgate's summary
 * lines, and the messages those summaries say were suppressed.
 *
 * <p>Immutable.
 */
public final class LogFile {

    /** A summary line: {@code Suppressed 1,234 messages like "template" in the last 1s (…)}. */
    private static final Pattern SUMMARY = Pattern.compile(
            "(?:Suppressed|Would have suppressed) ([0-9,]+) (?:message|messages|other message|other messages)"
                    + "(?: like \"(.*?)\")? in the last ");

    private final Path path;
    private final List<String> lines;

    private LogFile(Path path, List<String> lines) {
        this.path = path;
        this.lines = Collections.unmodifiableList(lines);
    }

    /**
     * Reads a log file; a file that does not exist has no lines. Bytes that are not UTF-8 are replaced.
     *
     * @throws UncheckedIOException if the file exists but cannot be read
     */
    public static LogFile read(Path path) {
        Objects.requireNonNull(path, "path");
        try {
            String text = new String(Files.readAllBytes(path), StandardCharsets.UTF_8);
            List<String> lines = new ArrayList<>();
            for (String line : text.split("\n", -1)) {
                if (!line.isEmpty()) {
                    lines.add(line.endsWith("\r") ? line.substring(0, line.length() - 1) : line);
                }
            }
            return new LogFile(path, lines);
        } catch (NoSuchFileException e) {
            return new LogFile(path, new ArrayList<>());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + path, e);
        }
    }

    /** Returns the file's path. */
    public Path path() {
        return path;
    }

    /** Returns every line. */
    public List<String> lines() {
        return lines;
    }

    /** Returns the lines that contain {@code text} and are not summaries. */
    public List<String> linesWith(String text) {
        List<String> out = new ArrayList<>();
        for (String line : lines) {
            if (line.contains(text) && !isSummary(line)) {
                out.add(line);
            }
        }
        return out;
    }

    /** Returns Floodgate's summary lines. */
    public List<String> summaries() {
        List<String> out = new ArrayList<>();
        for (String line : lines) {
            if (isSummary(line)) {
                out.add(line);
            }
        }
        return out;
    }

    /** Returns the summary lines about messages like {@code template}. */
    public List<String> summariesOf(String template) {
        List<String> out = new ArrayList<>();
        for (String line : lines) {
            Matcher m = SUMMARY.matcher(line);
            if (m.find() && template.equals(m.group(2))) {
                out.add(line);
            }
        }
        return out;
    }

    /** Returns how many messages like {@code template} the summaries in this file say were suppressed. */
    public long suppressed(String template) {
        long sum = 0;
        for (String line : summariesOf(template)) {
            sum += suppressedIn(line);
        }
        return sum;
    }

    /**
     * Returns the count a summary line gives.
     *
     * @throws IllegalArgumentException if the line is not a summary
     */
    public static long suppressedIn(String summaryLine) {
        Matcher m = SUMMARY.matcher(summaryLine);
        if (!m.find()) {
            throw new IllegalArgumentException("not a summary line: " + summaryLine);
        }
        return Long.parseLong(m.group(1).replace(",", ""));
    }

    /** Returns whether {@code line} is a Floodgate summary. */
    public static boolean isSummary(String line) {
        return SUMMARY.matcher(line).find();
    }
}
