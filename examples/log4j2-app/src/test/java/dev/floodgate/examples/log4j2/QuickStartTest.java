package dev.floodgate.examples.log4j2;

import static org.assertj.core.api.Assertions.assertThat;

import dev.floodgate.core.ManualClock;
import dev.floodgate.examples.common.Readme;
import dev.floodgate.log4j2.FloodgateFilter;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.core.Filter;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.ConfigurationSource;
import org.apache.logging.log4j.core.config.xml.XmlConfiguration;
import org.apache.logging.log4j.status.StatusData;
import org.apache.logging.log4j.status.StatusListener;
import org.apache.logging.log4j.status.StatusLogger;
import org.junit.jupiter.api.Test;

/**
 * The README's Log4j2 quick start is true: its {@code log4j2.xml} works, a flood through it prints what the README
 * shows, and a typo in it gets the status message the README quotes.
 */
class QuickStartTest {

    private static final String TIMESTAMP = "^\\d\\d:\\d\\d:\\d\\d\\.\\d\\d\\d ";

    @Test
    void quickStart_flood_printsWhatTheReadmeShows() throws IOException {
        Readme readme = Readme.load();
        ManualClock clock = new ManualClock(LocalDate.now().atTime(LocalTime.of(10, 0))
                .atZone(ZoneId.systemDefault()).toInstant());
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        PrintStream stdout = System.out;
        System.setOut(new PrintStream(console, true, StandardCharsets.UTF_8));
        try {
            LoggerContext context = start(readme.block("quickstart: log4j2.xml"));
            Configuration config = context.getConfiguration();
            // The README shows the summary of a real 30-second interval: the XML's <Floodgate/> (all defaults) is
            // replaced by the same filter on a clock moved by hand.
            Filter fromXml = config.getFilter();
            assertThat(fromXml).isInstanceOf(FloodgateFilter.class);
            assertThat(fromXml.isStarted()).isTrue();
            config.removeFilter(fromXml);
            fromXml.stop();
            FloodgateFilter floodgate = FloodgateFilter.newBuilder().setConfiguration(config).setClock(clock).build();
            floodgate.start();
            config.addFilter(floodgate);
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
        List<String> shown = lines(readme.block("quickstart: log4j2 output"));
        assertThat(printed).as("printed:%n%s", output).hasSize(17);
        assertThat(shown).hasSize(5);
        assertThat(shown.get(2)).isEqualTo("…");
        assertThat(printed.subList(0, 2)).as("printed:%n%s", output).isEqualTo(shown.subList(0, 2));
        assertThat(printed.subList(15, 17)).as("printed:%n%s", output).isEqualTo(shown.subList(3, 5));
    }

    @Test
    void quickStart_badValue_failsOpenWithTheStatusTheReadmeQuotes() throws IOException {
        Readme readme = Readme.load();
        String xml = readme.block("quickstart: log4j2.xml").replace("<Floodgate/>",
                "<Floodgate timeframe=\"5 parsecs\"/>");
        List<String> errors = new ArrayList<>();
        StatusListener listener = new StatusListener() {
            @Override
            public void log(StatusData data) {
                if (data.getLevel().isMoreSpecificThan(Level.ERROR)) {
                    errors.add(data.getMessage().getFormattedMessage());
                }
            }

            @Override
            public Level getStatusLevel() {
                return Level.ERROR;
            }

            @Override
            public void close() {
            }
        };
        StatusLogger.getLogger().registerListener(listener);
        LoggerContext context;
        try {
            context = start(xml);
        } finally {
            StatusLogger.getLogger().removeListener(listener);
        }

        assertThat(errors).containsExactly(lines(readme.block("status: log4j2")).get(0));
        assertThat(context.getConfiguration().getFilter().toString()).contains("passes every event");
        context.stop();
    }

    private static LoggerContext start(String xml) throws IOException {
        LoggerContext context = new LoggerContext("QuickStartTest");
        ConfigurationSource source = new ConfigurationSource(
                new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
        context.start(new XmlConfiguration(context, source));
        return context;
    }

    /** Returns the lines, each without its leading time of day (Log4j's clock is the real one). */
    private static List<String> lines(String text) {
        return Arrays.stream(text.split("\n")).map(l -> l.replaceFirst(TIMESTAMP, "")).collect(Collectors.toList());
    }
}
