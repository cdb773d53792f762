package dev.floodgate.examples.common;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Locale;

/**
 * Draws the README's picture of the attrition algorithm: the {@link SimulatedOutage}'s messages offered and passed
 * per timeframe (log scale), the allowance of each stretch, and a dashed line where each summary was written with
 * the count it told of.
 *
 * <p>Run {@link #main} to regenerate {@code src/docs/attrition-outage.svg}; {@code AttritionPlotTest} fails when
 * the committed file differs from what this draws. Stateless; the output depends on nothing but the simulation.
 */
public final class AttritionPlot {

    /** Where the README's plot lives, relative to the repository root. */
    public static final String DOCS_PATH = "src/docs/attrition-outage.svg";

    private static final int WIDTH = 960;
    private static final int HEIGHT = 440;
    private static final int LEFT = 64;
    private static final int RIGHT = 16;
    private static final int TOP = 96;
    private static final int BOTTOM = 64;
    private static final int DECADES = 4;
    private static final String OFFERED = "#c9ced6";
    private static final String PASSED = "#1f6feb";
    private static final String SUMMARY = "#d9480f";

    private AttritionPlot() {
    }

    /**
     * Writes the plot to the file given as the first argument (default {@value #DOCS_PATH}) and prints each
     * timeframe's figures.
     *
     * @throws IOException if the file cannot be written
     */
    public static void main(String[] args) throws IOException {
        Path out = Paths.get(args.length > 0 ? args[0] : DOCS_PATH);
        SimulatedOutage outage = SimulatedOutage.run();
        Files.write(out, render(outage).getBytes(StandardCharsets.UTF_8));
        printTable(outage, System.out);
        System.out.println("wrote " + out);
    }

    /** Prints one line per timeframe with traffic, and the summaries. */
    static void printTable(SimulatedOutage outage, PrintStream out) {
        out.println("   second    offered   passed   attrition   allowance");
        for (SimulatedOutage.Timeframe t : outage.timeframes()) {
            if (t.offered() > 0) {
                out.printf(Locale.ROOT, "%9d %10d %8d %11d %11d%n", t.startMillis() / 1000, t.offered(), t.passed(),
                        t.attrition(), t.allowance());
            }
        }
        for (SimulatedOutage.Summary s : outage.summaries()) {
            out.printf(Locale.ROOT, "summary at second %d: %,d suppressed%n", s.atMillis() / 1000, s.suppressed());
        }
    }

    /** Returns the SVG document. */
    public static String render(SimulatedOutage outage) {
        List<SimulatedOutage.Timeframe> frames = outage.timeframes();
        long timeframe = outage.config().attrition().timeframeMillis();
        long total = frames.size() * timeframe;
        double plotW = WIDTH - LEFT - RIGHT;
        double plotH = HEIGHT - TOP - BOTTOM;
        double barW = plotW / frames.size();
        long offered = 0;
        long passed = 0;
        for (SimulatedOutage.Timeframe t : frames) {
            offered += t.offered();
            passed += t.passed();
        }

        StringBuilder svg = new StringBuilder(32 * 1024);
        svg.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\""
                + " viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"12\">%n", WIDTH, HEIGHT, WIDTH,
                HEIGHT));
        svg.append("<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n");
        text(svg, LEFT, 22, "start", "font-size=\"15\" font-weight=\"bold\"",
                "One message template through an outage, Floodgate's default settings");
        text(svg, LEFT, 42, "start", "fill=\"#444444\"", String.format(Locale.ROOT,
                "messages per %ds timeframe (log scale): %,d offered, %,d passed; each dashed line is a summary, "
                        + "with the count it reported", timeframe / 1000, offered, passed));
        legend(svg);

        for (int i = 0; i <= DECADES; i++) {
            long v = pow10(i);
            double y = y(v, plotH);
            svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"%s\"/>%n",
                    LEFT, y, WIDTH - RIGHT, y, "#eeeeee"));
            text(svg, LEFT - 6, y + 4, "end", "fill=\"#666666\"", String.format(Locale.ROOT, "%,d", v));
        }
        for (int i = 0; i < frames.size(); i++) {
            SimulatedOutage.Timeframe t = frames.get(i);
            double x = LEFT + i * barW;
            bar(svg, x, barW, t.offered(), plotH, OFFERED);
            bar(svg, x, barW, t.passed(), plotH, PASSED);
        }
        stretches(svg, frames, barW, plotH);
        phases(svg, frames, barW, plotH);

        for (SimulatedOutage.Summary s : outage.summaries()) {
            double x = LEFT + plotW * s.atMillis() / total;
            svg.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\""
                    + " stroke-width=\"1.5\" stroke-dasharray=\"4 3\"/>%n", x, TOP - 14, x, HEIGHT - BOTTOM, SUMMARY));
            text(svg, x, TOP - 18, "middle", "fill=\"" + SUMMARY + "\" font-size=\"11\"",
                    String.format(Locale.ROOT, "%,d", s.suppressed()));
        }

        double baseline = HEIGHT - BOTTOM;
        svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#333333\"/>%n",
                LEFT, baseline, WIDTH - RIGHT, baseline));
        for (long s = 0; s <= total; s += 30_000) {
            double x = LEFT + plotW * s / total;
            svg.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\""
                    + " stroke=\"#333333\"/>%n", x, baseline, x, baseline + 4));
            text(svg, x, baseline + 18, "middle", "fill=\"#444444\"",
                    String.format(Locale.ROOT, "%d:%02d", s / 60_000, s / 1000 % 60));
        }
        text(svg, LEFT + plotW / 2, HEIGHT - 14, "middle", "fill=\"#444444\"",
                "minutes since the outage began; generated by AttritionPlot (examples/common)");
        svg.append("</svg>\n");
        return svg.toString();
    }

    /** Labels each stretch of timeframes that dropped messages with the allowance in force and its attrition. */
    private static void stretches(StringBuilder svg, List<SimulatedOutage.Timeframe> frames, double barW,
            double plotH) {
        int i = 0;
        while (i < frames.size()) {
            SimulatedOutage.Timeframe first = frames.get(i);
            if (first.offered() <= first.passed()) {
                i++;
                continue;
            }
            int j = i + 1;
            while (j < frames.size() && frames.get(j).passed() == first.passed()
                    && frames.get(j).offered() > frames.get(j).passed()) {
                j++;
            }
            String label;
            if (first.attrition() == 0 && first.passed() > first.allowance()) {
                label = first.passed() + " (burst)";
            } else {
                label = first.passed() + (j - i > 3 ? " each, attrition " + first.attrition() + "+"
                        : j - i > 1 ? " each" : "");
            }
            text(svg, LEFT + i * barW + 2, y(first.passed(), plotH) - 6, "start",
                    "fill=\"" + PASSED + "\" font-size=\"11\"", label);
            i = j;
        }
        for (i = 1; i < frames.size(); i++) {
            SimulatedOutage.Timeframe t = frames.get(i);
            if (t.attrition() == 0 && frames.get(i - 1).attrition() > 0) {
                text(svg, LEFT + i * barW + 2, y(t.passed(), plotH) - 6, "start",
                        "fill=\"" + PASSED + "\" font-size=\"11\"", "no drops in the window: attrition "
                                + frames.get(i - 1).attrition() + " \u2192 0");
            }
        }
    }

    /** Describes each phase of the script above its timeframes. */
    private static void phases(StringBuilder svg, List<SimulatedOutage.Timeframe> frames, double barW,
            double plotH) {
        for (Object[] phase : SimulatedOutage.PHASES) {
            int from = (Integer) phase[0];
            int to = (Integer) phase[1];
            int most = 0;
            for (int i = from; i < to; i++) {
                most = Math.max(most, frames.get(i).offered());
            }
            text(svg, LEFT + (from + to) * barW / 2, y(most * 5L / 2, plotH), "middle", "fill=\"#555555\"",
                    (String) phase[2]);
        }
    }

    private static void legend(StringBuilder svg) {
        int y = 58;
        swatch(svg, LEFT, y, OFFERED, "offered");
        swatch(svg, LEFT + 90, y, PASSED, "passed (label: messages passed per timeframe, and the attrition)");
        svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\""
                + " stroke-width=\"1.5\" stroke-dasharray=\"4 3\"/>%n", LEFT + 520, y + 5, LEFT + 540, y + 5, SUMMARY));
        text(svg, LEFT + 546, y + 9, "start", "fill=\"#444444\"", "summary written (count it reported)");
    }

    private static void swatch(StringBuilder svg, int x, int y, String colour, String label) {
        svg.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"12\" height=\"10\" fill=\"%s\"/>%n", x,
                y, colour));
        text(svg, x + 18, y + 9, "start", "fill=\"#444444\"", label);
    }

    private static void bar(StringBuilder svg, double x, double w, long value, double plotH, String colour) {
        if (value <= 0) {
            return;
        }
        double top = y(value, plotH);
        svg.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\""
                + " fill=\"%s\"/>%n", x + 0.5, top, Math.max(1, w - 1), HEIGHT - BOTTOM - top, colour));
    }

    /** Returns the y of a value on the log axis; 1 sits one band above the baseline, so a single message shows. */
    private static double y(long value, double plotH) {
        double bands = DECADES + 1.0;
        return HEIGHT - BOTTOM - plotH * (Math.log10(value) + 1) / bands;
    }

    private static void text(StringBuilder svg, double x, double y, String anchor, String attributes, String s) {
        svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" %s"
                + " paint-order=\"stroke\" stroke=\"#ffffff\" stroke-width=\"3\" stroke-linejoin=\"round\">%s</text>%n", x, y,
                anchor, attributes, s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")));
    }

    private static long pow10(int n) {
        long v = 1;
        for (int i = 0; i < n; i++) {
            v *= 10;
        }
        return v;
    }
}
