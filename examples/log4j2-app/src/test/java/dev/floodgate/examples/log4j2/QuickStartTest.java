package dev.floodgate.examples.log4j2;

import static org.assertj.core.api.Assertions.assertThat;

import dev.floodgate.examples.common.QuickStartRun;
import dev.floodgate.examples.common.Readme;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.config.ConfigurationSource;
import org.apache.logging.log4j.core.config.xml.XmlConfiguration;
import org.apache.logging.log4j.status.StatusData;
import org.apache.logging.log4j.status.StatusListener;
import org.apache.logging.log4j.status.StatusLogger;
import org.junit.jupiter.api.Test;

/**
 * The README's Log4j2 quick start is true: its program ({@code examples/quickstart-log4j2}, a project of its own
 * with the README's dependencies) prints what the README shows when run, and a typo in its {@code log4j2.xml} gets
 * the status message the README quotes.
 */
class QuickStartTest {

    private static final String LOG4J2_XML = "examples/quickstart-log4j2/src/main/resources/log4j2.xml";

    @Test
    void quickStart_run_printsWhatTheReadmeShows() throws IOException, InterruptedException {
        List<String> shown = Readme.load().block("quickstart: log4j2 output").lines().collect(Collectors.toList());

        Path classes = Readme.load().root().resolve("examples/quickstart-log4j2/target/classes");
        QuickStartRun run = QuickStartRun.run(classes, "com.example.QuickStart");

        assertThat(run.mismatches(shown)).as("%s", run).isEmpty();
    }

    @Test
    void quickStart_badValue_failsOpenWithTheStatusTheReadmeQuotes() throws IOException {
        Readme readme = Readme.load();
        String xml = Files.readString(readme.root().resolve(LOG4J2_XML)).replace("<Floodgate/>",
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

        assertThat(errors).containsExactly(readme.block("status: log4j2").lines().findFirst().orElseThrow());
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
}
