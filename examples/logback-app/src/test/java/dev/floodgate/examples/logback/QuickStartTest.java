package dev.floodgate.examples.logback;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.classic.turbo.TurboFilter;
import ch.qos.logback.classic.util.LogbackMDCAdapter;
import ch.qos.logback.core.joran.spi.JoranException;
import ch.qos.logback.core.status.Status;
import dev.floodgate.core.ManualClock;
import dev.floodgate.examples.common.Readme;
import dev.floodgate.logback.FloodgateTurboFilter;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;

/**
 * The README's Logback quick start is true: its {@code logback.xml} works, a flood through it prints what the README
 * shows, and a typo in it gets the status message the README quotes.
 */
class QuickStartTest {

    private static final String TIMESTAMP = "^\\d\\d:\\d\\d:\\d\\d\\.\\d\\d\\d ";

    @Test
    void quickStart_flood_printsWhatTheReadmeShows() throws JoranException {
        Readme readme = Readme.load();
        ManualClock clock = new ManualClock(LocalDate.now().atTime(LocalTime.of(10, 0))
                .atZone(ZoneId.systemDefault()).toInstant());
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        PrintStream stdout = System.out;
        System.setOut(new PrintStream(console, true, StandardCharsets.UTF_8));
        try {
            LoggerContext context = configure(readme.block("quickstart: logback.xml"));
            // The README shows the summary of a real 30-second interval: the filter runs on a clock moved by hand.
            FloodgateTurboFilter floodgate = floodgate(context);
            floodgate.stop();
            floodgate.setClock(clock);
            floodgate.start();
            Logger log = context.getLogger("shop.Db");
            for (int i = 0; i < 1_000; i++) {
                log.error("Connection to {} failed", "db-" + i % 4);
            }
            clock.advance(Duration.ofSeconds(30));
            context.stop();
        } finally {
            System.setOut(stdout);
        }

        String output = console.toString(StandardCharsets.UTF_8);
        List<String> printed = lines(output);
        List<String> shown = lines(readme.block("quickstart: logback output"));
        assertThat(printed).as("printed:%n%s", output).hasSize(17);
        assertThat(shown).hasSize(5);
        assertThat(shown.get(2)).isEqualTo("…");
        assertThat(printed.subList(0, 2)).as("printed:%n%s", output).isEqualTo(shown.subList(0, 2));
        assertThat(printed.subList(15, 17)).as("printed:%n%s", output).isEqualTo(shown.subList(3, 5));
    }

    @Test
    void quickStart_badValue_failsOpenWithTheStatusTheReadmeQuotes() throws JoranException {
        Readme readme = Readme.load();
        String xml = readme.block("quickstart: logback.xml").replace(
                "<turboFilter class=\"dev.floodgate.logback.FloodgateTurboFilter\"/>",
                "<turboFilter class=\"dev.floodgate.logback.FloodgateTurboFilter\">\n"
                        + "    <timeframe>5 parsecs</timeframe>\n  </turboFilter>");

        LoggerContext context = configure(xml);

        assertThat(floodgate(context).isStarted()).isFalse();
        assertThat(context.getStatusManager().getCopyOfStatusList()).filteredOn(s -> s.getLevel() == Status.ERROR)
                .extracting(Status::getMessage)
                .containsExactly(lines(readme.block("status: logback")).get(0));
        context.stop();
    }

    private static LoggerContext configure(String xml) throws JoranException {
        LoggerContext context = new LoggerContext();
        context.setMDCAdapter(new LogbackMDCAdapter());
        JoranConfigurator configurator = new JoranConfigurator();
        configurator.setContext(context);
        configurator.doConfigure(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
        return context;
    }

    private static FloodgateTurboFilter floodgate(LoggerContext context) {
        for (TurboFilter f : context.getTurboFilterList()) {
            if (f instanceof FloodgateTurboFilter) {
                return (FloodgateTurboFilter) f;
            }
        }
        throw new AssertionError("no FloodgateTurboFilter in the quick start");
    }

    /** Returns the lines, each without its leading time of day (Logback's clock is the real one). */
    private static List<String> lines(String text) {
        return Arrays.stream(text.split("\n")).map(l -> l.replaceFirst(TIMESTAMP, "")).collect(Collectors.toList());
    }
}
