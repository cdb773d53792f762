package dev.floodgate.examples.logback;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.classic.turbo.TurboFilter;
import ch.qos.logback.classic.util.LogbackMDCAdapter;
import ch.qos.logback.core.joran.spi.JoranException;
import ch.qos.logback.core.status.Status;
import dev.floodgate.examples.common.QuickStartRun;
import dev.floodgate.examples.common.Readme;
import dev.floodgate.logback.FloodgateTurboFilter;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The README's Logback quick start is true: its program ({@code examples/quickstart-logback}, a project of its own
 * with the README's dependencies) prints what the README shows when run, and a typo in its {@code logback.xml} gets
 * the status message the README quotes.
 */
class QuickStartTest {

    private static final String LOGBACK_XML = "examples/quickstart-logback/src/main/resources/logback.xml";

    @Test
    void quickStart_run_printsWhatTheReadmeShows() throws IOException, InterruptedException {
        List<String> shown = Readme.load().block("quickstart: logback output").lines().collect(Collectors.toList());

        Path classes = Readme.load().root().resolve("examples/quickstart-logback/target/classes");
        QuickStartRun run = QuickStartRun.run(classes, "com.example.QuickStart");

        assertThat(run.mismatches(shown)).as("%s", run).isEmpty();
    }

    @Test
    void quickStart_badValue_failsOpenWithTheStatusTheReadmeQuotes() throws JoranException, IOException {
        Readme readme = Readme.load();
        String xml = Files.readString(readme.root().resolve(LOGBACK_XML)).replace(
                "<turboFilter class=\"dev.floodgate.logback.FloodgateTurboFilter\"/>",
                "<turboFilter class=\"dev.floodgate.logback.FloodgateTurboFilter\">\n"
                        + "    <timeframe>5 parsecs</timeframe>\n  </turboFilter>");

        LoggerContext context = configure(xml);

        assertThat(floodgate(context).isStarted()).isFalse();
        assertThat(context.getStatusManager().getCopyOfStatusList()).filteredOn(s -> s.getLevel() == Status.ERROR)
                .extracting(Status::getMessage)
                .containsExactly(readme.block("status: logback").lines().findFirst().orElseThrow());
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
}
