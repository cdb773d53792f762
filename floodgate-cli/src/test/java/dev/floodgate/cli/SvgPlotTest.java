package dev.floodgate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class SvgPlotTest {

    @Test
    void render_longTimeline_drawsAtMostMaxStepsSteps() {
        Timeline t = new Timeline();
        for (long ms = 0; ms < 86_400_000L; ms += 1_000) {
            t.add(ms, 100, 1);
        }

        String svg = SvgPlot.render("day", t, ZoneOffset.UTC);

        long steps = svg.chars().filter(c -> c == 'L').count();
        assertThat(steps).isLessThanOrEqualTo(2L * (2 * SvgPlot.MAX_STEPS + 2));
        assertThat(svg).contains("lines per 2m (log scale)");
    }

    @Test
    void render_title_isEscaped() {
        Timeline t = new Timeline();
        t.add(0, 1, 1);

        String svg = SvgPlot.render("a<b & \"c\"", t, ZoneOffset.UTC);

        assertThat(svg).contains("a&lt;b &amp; &quot;c&quot;").doesNotContain("a<b");
    }

    @Test
    void render_titleWithControlCharacters_showsThemEscaped() {
        Timeline t = new Timeline();
        t.add(0, 1, 1);

        String svg = SvgPlot.render("app\u001b[2J.log", t, ZoneOffset.UTC);

        assertThat(svg).contains("app\\u001b[2J.log").doesNotContain("\u001b");
    }

    @Test
    void render_emptyTimeline_isStillADocument() {
        String svg = SvgPlot.render("empty", new Timeline(), ZoneOffset.UTC);

        assertThat(svg).startsWith("<svg").endsWith("</svg>\n").doesNotContain("<path");
    }

    @Test
    void tickStep_day_isThreeHours() {
        assertThat(SvgPlot.tickStep(86_400_000L)).isEqualTo(10_800_000L);
        assertThat(SvgPlot.coarser(1_000, 86_400)).isEqualTo(120_000L);
    }
}
