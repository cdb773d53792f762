package dev.floodgate.logback;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The counts in the ERROR statuses of summaries a stop could not write: the summaries it lists with their counts, the
 * one it names as still being written when its wait ran out (counted only if that write reached no running appender),
 * and a late write's own failure. Conservation counts them as summarized. Immutable.
 */
final class ReportedCounts {

    private static final Pattern TOTAL = Pattern.compile("of ([0-9,]+) suppressed messages? in all");
    private static final Pattern LATE = Pattern.compile("could not be written: Suppressed ([0-9,]+) messages?");
    private static final Pattern LISTED = Pattern.compile("Suppressed ([0-9,]+) messages? like \"([^\"]*)\"");
    private static final Pattern STILL_WRITING = Pattern.compile(
            "one more summary was still being written after [0-9,]+ ms \\(([0-9,]+) suppressed, fingerprint (.*)\\)");

    private final long total;
    private final Map<String, Long> byTemplate = new HashMap<>();

    /**
     * Reads {@code errors}, the ERROR status messages of a run.
     *
     * @param stillWrittenLost whether the summary named as still being written reached no running appender
     */
    ReportedCounts(List<String> errors, boolean stillWrittenLost) {
        String text = String.join("\n", errors);
        add(LISTED, text); // the lines a stop lists and a late failure's summary, by template
        long sum = sum(TOTAL, text) + sum(LATE, text);
        if (stillWrittenLost) {
            sum += add(STILL_WRITING, text);
        }
        this.total = sum;
    }

    /** Returns whether a stop named a summary still being written when its wait ran out. */
    static boolean namesOneStillWriting(List<String> errors) {
        return STILL_WRITING.matcher(String.join("\n", errors)).find();
    }

    /** Returns every count reported. */
    long total() {
        return total;
    }

    /** Returns the counts reported for {@code template}. */
    long of(String template) {
        return byTemplate.getOrDefault(template, 0L);
    }

    /** Adds each match's count to its template; returns the sum of the counts. */
    private long add(Pattern pattern, String text) {
        long sum = 0;
        Matcher m = pattern.matcher(text);
        while (m.find()) {
            long n = Long.parseLong(m.group(1).replace(",", ""));
            byTemplate.merge(m.group(2), n, Long::sum);
            sum += n;
        }
        return sum;
    }

    private static long sum(Pattern pattern, String text) {
        long sum = 0;
        Matcher m = pattern.matcher(text);
        while (m.find()) {
            sum += Long.parseLong(m.group(1).replace(",", ""));
        }
        return sum;
    }
}
