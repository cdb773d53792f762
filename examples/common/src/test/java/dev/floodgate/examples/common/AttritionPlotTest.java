package dev.floodgate.examples.common;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The README's plot is what {@link AttritionPlot} draws today, and the simulated outage behind it behaves as the
 * README's "How it works" says.
 */
class AttritionPlotTest {

    private static final SimulatedOutage OUTAGE = SimulatedOutage.run();

    @Test
    void committedPlot_isWhatThePlotDrawsNow() throws IOException {
        Readme readme = Readme.load();
        String committed = new String(Files.readAllBytes(readme.root().resolve(AttritionPlot.DOCS_PATH)),
                StandardCharsets.UTF_8);

        assertThat(committed).as("%s is out of date; regenerate it as the README's \"How it works\" says",
                AttritionPlot.DOCS_PATH).isEqualTo(AttritionPlot.render(OUTAGE));
    }

    @Test
    void simulation_sustainedFlood_allowanceShrinksFrom16To1() {
        List<SimulatedOutage.Timeframe> t = OUTAGE.timeframes();

        assertThat(t.get(0).passed()).isEqualTo(16);
        assertThat(t.get(1).passed()).isEqualTo(8);
        assertThat(t.get(2).attrition()).isEqualTo(2);
        assertThat(t.subList(2, 6)).allMatch(f -> f.passed() == 4);
        assertThat(t.get(6).attrition()).isEqualTo(6);
        assertThat(t.subList(6, 30)).allMatch(f -> f.passed() == 2);
        assertThat(t.get(30).attrition()).isEqualTo(30);
        assertThat(t.subList(30, 40)).allMatch(f -> f.passed() == 1);
    }

    @Test
    void simulation_windowWithoutDrops_attritionBackToZero() {
        List<SimulatedOutage.Timeframe> t = OUTAGE.timeframes();

        assertThat(t.subList(40, 45)).allMatch(f -> f.attrition() > 0 && f.passed() == f.offered());
        assertThat(t.get(45).attrition()).isZero();
        assertThat(t.get(56).passed()).isEqualTo(16);
    }

    @Test
    void simulation_summaries_countEveryDroppedMessage() {
        long offered = 0;
        long passed = 0;
        for (SimulatedOutage.Timeframe f : OUTAGE.timeframes()) {
            offered += f.offered();
            passed += f.passed();
        }
        long summarized = 0;
        for (SimulatedOutage.Summary s : OUTAGE.summaries()) {
            summarized += s.suppressed();
            assertThat(s.atMillis() % 30_000).isZero();
        }

        assertThat(passed + summarized).isEqualTo(offered);
    }
}
