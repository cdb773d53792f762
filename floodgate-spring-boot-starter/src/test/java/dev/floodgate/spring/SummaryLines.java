package dev.floodgate.spring;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads the counts out of summary lines as they were written. */
final class SummaryLines {

    private static final Pattern SUPPRESSED = Pattern.compile("^Suppressed (\\d[\\d,]*) messages like \"(.*?)\"");

    private SummaryLines() {
    }

    /** Returns the sum of the counts of the summary lines about {@code template}. */
    static long suppressed(List<String> lines, String template) {
        long sum = 0;
        for (String line : lines) {
            Matcher m = SUPPRESSED.matcher(line);
            if (m.find() && m.group(2).equals(template)) {
                sum += Long.parseLong(m.group(1).replace(",", ""));
            }
        }
        return sum;
    }
}
