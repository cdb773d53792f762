package dev.floodgate.examples.common;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What an example application prints once its outage is over and its logging framework has stopped: how many
 * messages it logged, how many lines reached each log file, how many of them are Floodgate's summaries, and a few
 * of the real lines.
 *
 * <p>Stateless.
 */
public final class DemoReport {

    /** Failure lines shown from the start of the outage. */
    private static final int FIRST_FAILURES = 3;
    /** Summary lines shown at most; beyond it the first and last ones. */
    private static final int MAX_SUMMARIES = 10;

    private static final Pattern TIME_OF_DAY = Pattern.compile("\\b\\d\\d:\\d\\d:\\d\\d\\.\\d\\d\\d\\b");
    private static final Pattern INTERVAL = Pattern.compile("in the last [0-9hms]+ ");
    private static final Pattern NUMBER = Pattern.compile("\\d[\\d,]*");

    private DemoReport() {
    }

    /**
     * Prints the report.
     *
     * @param out where to print
     * @param framework the framework's name and how Floodgate was configured, e.g. {@code "Logback (logback.xml)"}
     * @param counts what the outage logged
     * @param failureTemplate the failure's message template, as summaries quote it
     * @param service the service log, which the context-wide filter protects
     * @param alerts the alerts log, which its own appender-level filter protects
     */
    public static void print(PrintStream out, String framework, Outage.Counts counts, String failureTemplate,
            LogFile service, LogFile alerts) {
        Objects.requireNonNull(out, "out");
        String failureText = prefix(failureTemplate);
        out.println();
        out.println("== " + framework + " ==");
        out.printf(Locale.ROOT, "%-17s %,9d   %,d failures from %d threads and %,d normal requests in %.1fs%n",
                "messages logged", counts.messages(), counts.failures(), counts.threads(), counts.requests(),
                counts.took().toMillis() / 1000.0);
        file(out, service, failureText, failureTemplate);
        file(out, alerts, failureText, failureTemplate);
        out.println("a few lines of " + service.path() + ":");
        List<String> failures = service.linesWith(failureText);
        for (int i = 0; i < Math.min(FIRST_FAILURES, failures.size()); i++) {
            out.println("  " + failures.get(i));
        }
        if (failures.size() > FIRST_FAILURES) {
            out.printf(Locale.ROOT, "  … %,d more failures, and the normal requests, among these summaries:%n",
                    failures.size() - FIRST_FAILURES);
        }
        List<String> summaries = service.summaries();
        for (int i = 0; i < summaries.size(); i++) {
            if (summaries.size() <= MAX_SUMMARIES || i < MAX_SUMMARIES - 2 || i >= summaries.size() - 2) {
                out.println("  " + summaries.get(i));
            } else if (i == MAX_SUMMARIES - 2) {
                out.printf(Locale.ROOT, "  … %d more summaries%n", summaries.size() - MAX_SUMMARIES);
            }
        }
        out.println("the lines of " + alerts.path() + ", but for the summaries above, which reach it too:");
        Set<String> shown = new HashSet<>();
        for (String line : summaries) {
            shown.add(message(line));
        }
        for (String line : alerts.lines()) {
            if (!shown.contains(message(line))) {
                out.println("  " + line);
            }
        }
    }

    /**
     * Returns the lines of {@code shown}, a report as the README shows it (abridged by lines that are {@code …} alone;
     * blank lines are not compared),
     * that {@code printed}, another run's report, does not have in the same order, compared by {@link #shape}: empty if
     * the README shows what the code prints today.
     */
    public static List<String> linesNotPrinted(List<String> shown, List<String> printed) {
        List<String> missing = new ArrayList<>();
        int next = 0;
        for (String line : shown) {
            if (line.isBlank() || line.strip().equals("…")) {
                continue;
            }
            String want = shape(line);
            int found = next;
            while (found < printed.size() && !shape(printed.get(found)).equals(want)) {
                found++;
            }
            if (found == printed.size()) {
                missing.add(line);
            } else {
                next = found + 1;
            }
        }
        return missing;
    }

    /**
     * Returns the lines of {@code lines}, the README's demo output, from the one that starts with {@code header} to the
     * next header ({@code == }) or the end.
     *
     * @throws AssertionError if no line starts with {@code header}
     */
    public static List<String> section(List<String> lines, String header) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith(header)) {
                int end = i + 1;
                while (end < lines.size() && !lines.get(end).startsWith("== ")) {
                    end++;
                }
                return lines.subList(i, end);
            }
        }
        throw new AssertionError("the README's demo output has no line starting with " + header);
    }

    /**
     * Returns {@code line} with what differs between runs of one report replaced: every time of day by
     * {@code hh:mm:ss.SSS}, a summary's interval by {@code in the last …}, every other number by {@code N}, and the
     * spaces that align the numbers by one.
     */
    static String shape(String line) {
        String out = TIME_OF_DAY.matcher(line).replaceAll("hh:mm:ss.SSS");
        out = INTERVAL.matcher(out).replaceAll("in the last … ");
        return NUMBER.matcher(out).replaceAll("N").replaceAll("(?<=\\S)  +", " ");
    }

    private static void file(PrintStream out, LogFile log, String failureText, String template) {
        long failures = log.linesWith(failureText).size();
        long suppressed = log.suppressed(template);
        out.printf(Locale.ROOT, "%-17s %,9d   lines: %,d failures, and %,d summaries of %,d dropped failures"
                + " (%,d + %,d = %,d)%n", log.path().getFileName(), log.lines().size(), failures,
                log.summaries().size(), suppressed, failures, suppressed, failures + suppressed);
    }

    /** Returns the part of a line after the first {@code " - "}: the message, without time, level and logger. */
    private static String message(String line) {
        int dash = line.indexOf(" - ");
        return dash < 0 ? line : line.substring(dash + 3);
    }

    /** Returns the template's text before its first argument. */
    static String prefix(String template) {
        int arg = template.indexOf("{}");
        return arg < 0 ? template : template.substring(0, arg);
    }
}
