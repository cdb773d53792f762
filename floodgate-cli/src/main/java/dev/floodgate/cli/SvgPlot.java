package dev.floodgate.cli;

import dev.floodgate.core.base.Durations;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;

/**
 * Draws lines offered and lines passed over time as a small self-contained SVG: the offered area behind, the passed
 * area in front, so the flood and the cut are visible at a glance.
 *
 * <p>Stateless. The picture has at most {@link #MAX_STEPS} steps, whatever the length of the log.
 */
final class SvgPlot {

    /** The most time steps drawn; finer timelines are merged. */
    static final int MAX_STEPS = 720;

    private static final int WIDTH = 960;
    private static final int HEIGHT = 380;
    private static final int LEFT = 72;
    private static final int RIGHT = 24;
    private static final int TOP = 52;
    private static final int BOTTOM = 48;
    private static final long[] NICE_MILLIS = {1_000L, 2_000L, 5_000L, 10_000L, 15_000L, 30_000L, 60_000L,
        120_000L, 300_000L, 600_000L, 900_000L, 1_800_000L, 3_600_000L, 7_200_000L, 10_800_000L, 21_600_000L,
        43_200_000L, 86_400_000L, 172_800_000L, 604_800_000L};

    private SvgPlot() {
    }

    /**
     * Returns the SVG document.
     *
     * @param title the first line of the caption (e.g. the file name)
     * @param timeline the counts
     * @param zone the zone of the time axis labels
     */
    static String render(String title, Timeline timeline, ZoneId zone) {
        List<Timeline.Bucket> buckets = timeline.buckets();
        if (buckets.size() > MAX_STEPS) {
            buckets = timeline.buckets(coarser(timeline.widthMillis(), buckets.size()));
        }
        long offered = 0;
        long passed = 0;
        long peak = 1;
        for (Timeline.Bucket b : buckets) {
            offered += b.offered();
            passed += b.passed();
            peak = Math.max(peak, b.offered());
        }
        int decades = Math.max(1, (int) Math.ceil(Math.log10(peak + 1.0)));
        long t0 = buckets.isEmpty() ? 0 : buckets.get(0).startMillis();
        long t1 = buckets.isEmpty() ? 1 : buckets.get(buckets.size() - 1).startMillis()
                + buckets.get(buckets.size() - 1).widthMillis();
        double plotW = WIDTH - LEFT - RIGHT;
        double plotH = HEIGHT - TOP - BOTTOM;
        long width = buckets.isEmpty() ? timeline.widthMillis() : buckets.get(0).widthMillis();

        StringBuilder svg = new StringBuilder(64 * 1024);
        svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(WIDTH).append("\" height=\"")
                .append(HEIGHT).append("\" viewBox=\"0 0 ").append(WIDTH).append(' ').append(HEIGHT)
                .append("\" font-family=\"sans-serif\" font-size=\"12\">\n");
        svg.append("<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n");
        svg.append("<text x=\"").append(LEFT).append("\" y=\"20\" font-size=\"14\" font-weight=\"bold\">")
                .append(escape(title)).append("</text>\n");
        String caption = String.format(Locale.ROOT,
                "lines per %s (log scale): %,d offered, %,d passed (%s reduction)",
                Durations.format(width), offered, passed, Report.percent(offered - passed,
                        offered));
        svg.append("<text x=\"").append(LEFT).append("\" y=\"38\" fill=\"#444444\">").append(escape(caption))
                .append("</text>\n");

        // Grid and y axis: logarithmic, so the few lines that pass stay visible under a flood.
        for (int i = 0; i <= decades; i++) {
            long v = i == 0 ? 0 : pow10(i);
            double y = y(v, decades, plotH);
            svg.append(String.format(Locale.ROOT,
                    "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#e0e0e0\"/>\n", LEFT, y,
                    WIDTH - RIGHT, y));
            svg.append(String.format(Locale.ROOT,
                    "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\" fill=\"#444444\">%s</text>\n", LEFT - 6, y + 4,
                    compact(v)));
        }
        // Time axis: ticks at round local times.
        DateTimeFormatter fmt = DateTimeFormatter.ofPattern(t1 - t0 > 86_400_000L ? "MM-dd HH:mm"
                : t1 - t0 > 600_000L ? "HH:mm" : "HH:mm:ss", Locale.ROOT).withZone(zone);
        long step = tickStep(t1 - t0);
        long offset = zone.getRules().getOffset(Instant.ofEpochMilli(t0)).getTotalSeconds() * 1000L;
        for (long t = Math.floorDiv(t0 + offset + step - 1, step) * step - offset; t <= t1; t += step) {
            double x = LEFT + plotW * (t - t0) / (t1 - t0);
            svg.append(String.format(Locale.ROOT,
                    "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#888888\"/>\n", x, TOP + plotH,
                    x, TOP + plotH + 4));
            svg.append(String.format(Locale.ROOT,
                    "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" fill=\"#444444\">%s</text>\n", x,
                    TOP + plotH + 18, escape(fmt.format(Instant.ofEpochMilli(t)))));
        }
        svg.append(String.format(Locale.ROOT,
                "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#888888\"/>\n", LEFT, TOP + plotH,
                WIDTH - RIGHT, TOP + plotH));

        if (!buckets.isEmpty()) {
            svg.append("<path fill=\"#f6b3b3\" stroke=\"#d62728\" stroke-width=\"1\" d=\"")
                    .append(stepPath(buckets, true, t0, t1, decades, plotW, plotH)).append("\"/>\n");
            svg.append("<path fill=\"#7fb2dc\" fill-opacity=\"0.9\" stroke=\"#1f77b4\" stroke-width=\"1.5\" d=\"")
                    .append(stepPath(buckets, false, t0, t1, decades, plotW, plotH)).append("\"/>\n");
        }

        // Legend.
        int lx = WIDTH - RIGHT - 190;
        svg.append("<rect x=\"").append(lx).append("\" y=\"").append(TOP + 6)
                .append("\" width=\"12\" height=\"12\" fill=\"#f6b3b3\" stroke=\"#d62728\"/>\n");
        svg.append("<text x=\"").append(lx + 18).append("\" y=\"").append(TOP + 16)
                .append("\">offered (the log as it was)</text>\n");
        svg.append("<rect x=\"").append(lx).append("\" y=\"").append(TOP + 24)
                .append("\" width=\"12\" height=\"12\" fill=\"#7fb2dc\" stroke=\"#1f77b4\"/>\n");
        svg.append("<text x=\"").append(lx + 18).append("\" y=\"").append(TOP + 34)
                .append("\">passed (with Floodgate)</text>\n");
        svg.append("</svg>\n");
        return svg.toString();
    }

    private static String stepPath(List<Timeline.Bucket> buckets, boolean offered, long t0, long t1, int decades,
            double plotW, double plotH) {
        StringBuilder d = new StringBuilder(buckets.size() * 24);
        double base = TOP + plotH;
        d.append(String.format(Locale.ROOT, "M%.1f %.1f", (double) LEFT, base));
        for (Timeline.Bucket b : buckets) {
            long v = offered ? b.offered() : b.passed();
            double x0 = LEFT + plotW * (b.startMillis() - t0) / (t1 - t0);
            double x1 = LEFT + plotW * (b.startMillis() + b.widthMillis() - t0) / (t1 - t0);
            double y = y(v, decades, plotH);
            d.append(String.format(Locale.ROOT, "L%.1f %.1fL%.1f %.1f", x0, y, x1, y));
        }
        d.append(String.format(Locale.ROOT, "L%.1f %.1fZ", LEFT + plotW, base));
        return d.toString();
    }

    /** Returns the y coordinate of {@code v} on a log scale of {@code decades} powers of ten above 0. */
    private static double y(long v, int decades, double plotH) {
        return TOP + plotH - plotH * Math.log10(v + 1.0) / decades;
    }

    private static long pow10(int n) {
        long p = 1;
        for (int i = 0; i < n; i++) {
            p *= 10;
        }
        return p;
    }

    /** Returns the smallest round bucket width, a multiple of {@code width}, that needs at most MAX_STEPS steps. */
    static long coarser(long width, int buckets) {
        long span = width * buckets;
        for (long w : NICE_MILLIS) {
            if (w % width == 0 && span / w <= MAX_STEPS) {
                return w;
            }
        }
        return width * ((buckets + MAX_STEPS - 1) / MAX_STEPS);
    }

    /** Returns the round time step that gives at most eight ticks over {@code spanMillis}. */
    static long tickStep(long spanMillis) {
        for (long w : NICE_MILLIS) {
            if (spanMillis / w <= 8) {
                return w;
            }
        }
        long step = NICE_MILLIS[NICE_MILLIS.length - 1];
        while (spanMillis / step > 8) {
            step *= 2;
        }
        return step;
    }

    private static String compact(long v) {
        if (v >= 1_000_000) {
            return oneDecimal(v / 100_000) + "M";
        }
        if (v >= 1_000) {
            return oneDecimal(v / 100) + "k";
        }
        return Long.toString(v);
    }

    /** Returns {@code tenths / 10} with one decimal, without a trailing {@code .0}. */
    private static String oneDecimal(long tenths) {
        return tenths % 10 == 0 ? Long.toString(tenths / 10) : (tenths / 10) + "." + (tenths % 10);
    }

    /** Returns {@code s} for XML text: escaped with {@link ControlEscaper}, then {@code <>&"} as entities. */
    static String escape(String s) {
        String text = ControlEscaper.escape(s);
        StringBuilder sb = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '<':
                    sb.append("&lt;");
                    break;
                case '>':
                    sb.append("&gt;");
                    break;
                case '&':
                    sb.append("&amp;");
                    break;
                case '"':
                    sb.append("&quot;");
                    break;
                default:
                    sb.append(c);
            }
        }
        return sb.toString();
    }
}
