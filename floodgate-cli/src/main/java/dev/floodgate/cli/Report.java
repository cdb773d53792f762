package dev.floodgate.cli;

import dev.floodgate.core.FloodgateConfig;
import dev.floodgate.core.base.Durations;
import java.io.PrintStream;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The text report of a replay: what came in, what would have passed, the top fingerprints and when the floods
 * happened. Every text in it that comes from the log or the command line (file names, fingerprints, example lines,
 * option values) is escaped with {@link ControlEscaper}.
 *
 * <p>Stateless.
 */
final class Report {

    /** Flood periods listed. */
    static final int FLOODS = 5;
    /** Worst buckets listed. */
    static final int WORST_BUCKETS = 10;

    private Report() {
    }

    /** Everything the report shows. */
    record Input(String source, LogFormat format, boolean detected, FloodgateConfig config,
            Map<String, String> options,
            String fingerprint, ZoneId zone, ReplayCounts counts, FingerprintTable table, Timeline timeline, int top,
            String out, String plot) {
    }

    static void print(PrintStream p, Input in) {
        ReplayCounts c = in.counts();
        p.printf(Locale.ROOT, "Floodgate replay of %s%n", ControlEscaper.escape(in.source()));
        p.printf(Locale.ROOT, "  format   %s%n", c.lines == 0 ? "- (empty input)" : format(in));
        p.printf(Locale.ROOT, "  filter   %s; maxKeys %,d; summaryInterval %s; fingerprint %s%n",
                in.config().limiter().describe(), in.config().maxKeys(),
                Durations.format(in.config().summaryIntervalMillis()), in.fingerprint());
        if (!in.options().isEmpty()) {
            StringBuilder given = new StringBuilder();
            for (Map.Entry<String, String> e : in.options().entrySet()) {
                given.append(given.length() == 0 ? "" : ", ").append(e.getKey()).append('=').append(e.getValue());
            }
            p.printf(Locale.ROOT, "  options  %s%n", ControlEscaper.escape(given.toString()));
        }
        double seconds = Math.max(c.elapsedNanos, 1) / 1e9;
        p.printf(Locale.ROOT, "  read     %,d lines (%s) in %.1fs: %,.0f lines/s%n", c.lines, bytes(c.bytes), seconds,
                c.lines / seconds);
        p.println();

        p.printf(Locale.ROOT, "Lines in                %,14d%n", c.lines);
        p.printf(Locale.ROOT, "Lines that would pass   %,14d   %s reduction%n", c.passedLines,
                percent(c.lines - c.passedLines, c.lines));
        p.printf(Locale.ROOT, "  events                %,14d   %,d suppressed", c.events, c.suppressedEvents);
        if (c.exemptEvents > 0) {
            p.printf(Locale.ROOT, ", %,d not limited (minLevel, loggers, excludeLoggers)", c.exemptEvents);
        }
        p.println();
        p.printf(Locale.ROOT, "  continuation lines    %,14d   stack traces and other lines without a timestamp, "
                + "kept or dropped with their event%n", c.continuationLines);
        if (c.leadOnlyLines > 0) {
            p.printf(Locale.ROOT, "  not in the layout     %,14d   events with the format's timestamp but not the rest "
                    + "of its layout; message read after the timestamp%n", c.leadOnlyLines);
        }
        if (c.unparsedLines > 0) {
            p.printf(Locale.ROOT, "  unparsed lines        %,14d   not in an event (before the first one, or after an "
                    + "unparsable timestamp); passed unchanged%n", c.unparsedLines);
        }
        if (c.badTimestampLines > 0) {
            p.printf(Locale.ROOT, "  unparsable timestamps %,14d   lines shaped like an event with an impossible "
                    + "date or time; passed unchanged%n", c.badTimestampLines);
        }
        if (c.binaryLines > 0) {
            p.printf(Locale.ROOT, "  binary lines          %,14d   control characters or bytes that are not UTF-8%n",
                    c.binaryLines);
        }
        if (c.cutLines > 0) {
            p.printf(Locale.ROOT, "  long lines            %,14d   longer than %s; matched on their start, copied "
                    + "whole%n", c.cutLines, bytes(Replay.MAX_KEPT_BYTES));
        }
        p.printf(Locale.ROOT, "Summary lines           %,14d   telling of %,d suppressed events%s%n", c.summaryLines,
                c.summarizedEvents, in.out() == null ? "" : ", written to " + ControlEscaper.escape(in.out()));
        if (c.events > 0) {
            p.printf(Locale.ROOT, "Time span               %s – %s (%s)%n", time(c.firstMillis, in.zone(), true),
                    time(c.lastMillis, in.zone(), true), Durations.format(c.lastMillis - c.firstMillis));
        }
        if (c.outOfOrderEvents > 0) {
            p.printf(Locale.ROOT, "Out-of-order events     %,14d   up to %s earlier than an event before them; "
                    + "decided at the later time%n", c.outOfOrderEvents, Durations.format(c.maxBackstepMillis));
        }
        if (c.truncatedInput) {
            p.println("Input                   truncated compressed data; the report covers what was readable");
        }
        if (in.plot() != null) {
            p.printf(Locale.ROOT, "Plot                    %s%n", ControlEscaper.escape(in.plot()));
        }

        List<FingerprintTable.Entry> top = in.table().top(in.top());
        p.println();
        if (top.isEmpty()) {
            p.println("Nothing would have been suppressed.");
            return;
        }
        p.printf(Locale.ROOT, "Top %d fingerprints by suppressed events%n", top.size());
        p.printf(Locale.ROOT, "  %3s %14s %14s  %s%n", "#", "suppressed", "events", "fingerprint / example");
        int rank = 1;
        for (FingerprintTable.Entry e : top) {
            p.printf(Locale.ROOT, "  %3d %,14d %,14d  %s%n", rank++, e.suppressed, e.events,
                    ControlEscaper.escape(e.text));
            p.printf(Locale.ROOT, "  %3s %14s %14s  e.g. %s%n", "", "", "", ControlEscaper.escape(e.example));
        }
        FingerprintTable table = in.table();
        if (table.forgotten() > 0) {
            p.printf(Locale.ROOT, "  %3s %,14d %,14d  other fingerprints: the table holds %,d; it forgot %,d to make "
                    + "room, the never suppressed first%s%n", "", table.otherSuppressed(), table.otherEvents(),
                    table.capacity(), table.forgotten(), table.maxForgottenSuppressed() == 0 ? ""
                            : String.format(Locale.ROOT, " (a fingerprint above may have up to %,d suppressed events "
                                    + "here)", table.maxForgottenSuppressed()));
        }

        printFloods(p, in);
    }

    private static void printFloods(PrintStream p, Input in) {
        List<Timeline.Bucket> buckets = in.timeline().buckets(60_000L);
        if (buckets.isEmpty()) {
            return;
        }
        long width = buckets.get(0).widthMillis();
        String unit = Durations.format(width);
        boolean dates = in.counts().lastMillis - in.counts().firstMillis >= 86_400_000L;
        List<long[]> floods = new ArrayList<>();
        int i = 0;
        while (i < buckets.size()) {
            if (buckets.get(i).suppressed() == 0) {
                i++;
                continue;
            }
            int startIndex = i;
            long offered = 0;
            long passed = 0;
            int peak = i;
            while (i < buckets.size() && buckets.get(i).suppressed() > 0) {
                offered += buckets.get(i).offered();
                passed += buckets.get(i).passed();
                if (buckets.get(i).offered() > buckets.get(peak).offered()) {
                    peak = i;
                }
                i++;
            }
            floods.add(new long[] {startIndex, i, offered, passed, peak});
        }
        floods.sort(Comparator.comparingLong((long[] f) -> f[2] - f[3]).reversed());
        p.println();
        p.printf(Locale.ROOT, "When the floods happened (%s buckets with suppressed lines; %d period%s, worst "
                + "first)%n", unit, floods.size(), floods.size() == 1 ? "" : "s");
        p.printf(Locale.ROOT, "  %14s %14s %14s  %s%n", "offered", "passed", "suppressed", "period; busiest " + unit);
        for (int k = 0; k < Math.min(FLOODS, floods.size()); k++) {
            long[] f = floods.get(k);
            Timeline.Bucket first = buckets.get((int) f[0]);
            Timeline.Bucket last = buckets.get((int) f[1] - 1);
            Timeline.Bucket peak = buckets.get((int) f[4]);
            long end = last.startMillis() + last.widthMillis();
            String period = time(first.startMillis(), in.zone(), dates) + "–" + time(end, in.zone(), dates)
                    + " (" + Durations.format(end - first.startMillis()) + ")";
            p.printf(Locale.ROOT, "  %,14d %,14d %,14d  %s; %s, %,d lines%n", f[2], f[3], f[2] - f[3], period,
                    time(peak.startMillis(), in.zone(), dates), peak.offered());
        }
        List<Timeline.Bucket> worst = new ArrayList<>();
        for (Timeline.Bucket b : buckets) {
            if (b.suppressed() > 0) {
                worst.add(b);
            }
        }
        worst.sort(Comparator.comparingLong(Timeline.Bucket::suppressed).reversed()
                .thenComparingLong(Timeline.Bucket::startMillis));
        p.println();
        p.printf(Locale.ROOT, "Worst %s buckets%n", unit);
        p.printf(Locale.ROOT, "  %14s %14s %14s  %s%n", "offered", "passed", "suppressed", "from");
        for (int k = 0; k < Math.min(WORST_BUCKETS, worst.size()); k++) {
            Timeline.Bucket b = worst.get(k);
            p.printf(Locale.ROOT, "  %,14d %,14d %,14d  %s%n", b.offered(), b.passed(), b.suppressed(),
                    time(b.startMillis(), in.zone(), dates));
        }
    }

    /** Returns the format line: its name (or pattern, or mix), how it was found, and the lines it could not parse. */
    private static String format(Input in) {
        LogFormat f = in.format();
        String name = f.name().equals("custom") || f.isMixed() ? f.description() : f.name();
        ReplayCounts c = in.counts();
        long unparsed = c.leadOnlyLines + c.unparsedLines + c.badTimestampLines;
        return String.format(Locale.ROOT, "%s%s; %,d line%s it could not parse", ControlEscaper.escape(name),
                in.detected() ? " (detected)" : "", unparsed, unparsed == 1 ? "" : "s");
    }

    /** Returns {@code part / whole} as a percentage with one decimal, e.g. {@code 96.3%}. */
    static String percent(long part, long whole) {
        if (whole <= 0) {
            return "0%";
        }
        return String.format(Locale.ROOT, "%.1f%%", 100.0 * part / whole);
    }

    /** Returns a byte count for people: {@code 512 B}, {@code 12.3 kB}, {@code 98.2 MB}, {@code 1.1 GB}. */
    static String bytes(long n) {
        if (n < 1_000) {
            return n + " B";
        }
        String[] units = {"kB", "MB", "GB", "TB"};
        double v = n;
        int u = -1;
        while (v >= 1_000 && u < units.length - 1) {
            v /= 1_000;
            u++;
        }
        return String.format(Locale.ROOT, "%.1f %s", v, units[u]);
    }

    private static String time(long epochMillis, ZoneId zone, boolean withDate) {
        String pattern = withDate ? "yyyy-MM-dd HH:mm:ss" : "HH:mm:ss";
        return DateTimeFormatter.ofPattern(pattern, Locale.ROOT).withZone(zone).format(Instant.ofEpochMilli(
                epochMillis));
    }
}
