package dev.floodgate.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * Finds the format of a log from its first lines: the most specific preset that matches (whole, with a valid
 * timestamp) at least {@value #SHARE} as many lines as the best one; if no line matches any preset whole, the
 * preset whose timestamp most lines start with. If lines that neither match it nor start with
 * its timestamp match another preset (at least {@value #MIN_OTHER_LINES} lines and 1% of those read), the log mixes
 * layouts: up to {@value #MAX_PARTS} presets are read together, and the format's description says so with the
 * lines each matched.
 *
 * <p>Stateless.
 */
final class Detection {

    /** A preset is preferred to a less specific one that matches at most this much more often. */
    static final double SHARE = 0.9;
    /** The fewest lines of another layout that make a log mixed. */
    static final int MIN_OTHER_LINES = 2;
    /** The most presets one log is read with. */
    static final int MAX_PARTS = 3;

    private Detection() {
    }

    /**
     * Returns the format of {@code lines}.
     *
     * @param parsers a fresh timestamp parser per call, set up as the replay's
     * @param name the input's name, for the error
     * @throws Replay.ReplayException if no line starts like an event of any preset
     */
    static LogFormat detect(List<String> lines, Supplier<TimestampParser> parsers, String name)
            throws Replay.ReplayException {
        List<LogFormat> presets = LogFormat.PRESETS;
        if (lines.isEmpty()) {
            return presets.get(0);
        }
        boolean[][] full = new boolean[presets.size()][];
        boolean any = false;
        for (int f = 0; f < presets.size(); f++) {
            full[f] = matches(presets.get(f), lines, parsers.get(), true);
            any |= contains(full[f]);
        }
        if (!any) {
            // No line is in any layout: fall back to the formats whose timestamp lead the lines have.
            for (int f = 0; f < presets.size(); f++) {
                full[f] = matches(presets.get(f), lines, parsers.get(), false);
            }
        }
        boolean[] covered = new boolean[lines.size()];
        List<Integer> chosen = new ArrayList<>();
        List<Integer> coveredBy = new ArrayList<>();
        while (chosen.size() < MAX_PARTS) {
            int[] counts = new int[presets.size()];
            int best = 0;
            for (int f = 0; f < presets.size(); f++) {
                if (chosen.contains(f)) {
                    continue;
                }
                for (int i = 0; i < lines.size(); i++) {
                    if (full[f][i] && !covered[i]) {
                        counts[f]++;
                    }
                }
                best = Math.max(best, counts[f]);
            }
            if (chosen.isEmpty() && best == 0) {
                throw new Replay.ReplayException(name + ": none of the first " + lines.size() + " lines starts "
                        + "like a log event of a known format; name the format with --format or describe it with "
                        + "--pattern (see --help)");
            }
            if (!chosen.isEmpty() && (best < MIN_OTHER_LINES || best * 100L < lines.size())) {
                break;
            }
            int pick = 0;
            while (counts[pick] < SHARE * best || chosen.contains(pick)) {
                pick++;
            }
            chosen.add(pick);
            coveredBy.add(cover(presets.get(pick), full[pick], lines, covered, parsers.get()));
        }
        if (chosen.size() == 1) {
            return presets.get(chosen.get(0));
        }
        List<LogFormat> parts = new ArrayList<>();
        StringBuilder description = new StringBuilder("a log mixing layouts: ");
        for (int k = 0; k < chosen.size(); k++) {
            LogFormat part = presets.get(chosen.get(k));
            parts.add(part);
            description.append(k == 0 ? "" : ", ").append(part.name())
                    .append(String.format(Locale.ROOT, " (%,d", coveredBy.get(k)))
                    .append(k == 0 ? String.format(Locale.ROOT, " of the first %,d lines)", lines.size()) : ")");
        }
        return LogFormat.mixed(parts, description.toString());
    }

    /** Returns which lines {@code format} reads as events with a valid timestamp: whole, or also by their lead. */
    private static boolean[] matches(LogFormat format, List<String> lines, TimestampParser parser, boolean whole) {
        boolean[] matched = new boolean[lines.size()];
        LineMatcher m = format.matcher();
        for (int i = 0; i < lines.size(); i++) {
            matched[i] = m.match(lines.get(i)) && (m.isFull() || !whole)
                    && m.timestamp(parser) != TimestampParser.INVALID;
        }
        return matched;
    }

    private static boolean contains(boolean[] values) {
        for (boolean v : values) {
            if (v) {
                return true;
            }
        }
        return false;
    }

    /** Marks the lines {@code format} reads as events (whole or by their lead); returns how many were new. */
    private static int cover(LogFormat format, boolean[] full, List<String> lines, boolean[] covered,
            TimestampParser parser) {
        LineMatcher m = format.matcher();
        int n = 0;
        for (int i = 0; i < lines.size(); i++) {
            if (covered[i]) {
                continue;
            }
            if (full[i] || (m.match(lines.get(i)) && m.timestamp(parser) != TimestampParser.INVALID)) {
                covered[i] = true;
                n++;
            }
        }
        return n;
    }
}
