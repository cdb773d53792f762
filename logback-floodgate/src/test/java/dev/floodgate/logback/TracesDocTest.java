package dev.floodgate.logback;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.LoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.Layout;
import ch.qos.logback.core.encoder.LayoutWrappingEncoder;
import ch.qos.logback.core.joran.spi.JoranException;
import ch.qos.logback.core.status.Status;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** {@code src/docs/traces.md} stays true for Logback: its configuration loads and its pattern prints through {@code %fgEx}. */
class TracesDocTest {

    @Test
    @SuppressWarnings("unchecked")
    void logbackXml_loadsWithoutWarningsAndPrintsTracesThroughFgEx() throws IOException, JoranException {
        Path path = Path.of(System.getProperty("basedir", ".")).resolve("../src/docs/traces.md").normalize();
        Matcher block = Pattern.compile("```xml\n(<configuration>.*?)```", Pattern.DOTALL)
                .matcher(Files.readString(path, StandardCharsets.UTF_8));
        assertThat(block.find()).as("a Logback configuration in traces.md").isTrue();
        LoggerContext context = new LoggerContext();
        TestContext.giveMdcAdapter(context);
        JoranConfigurator configurator = new JoranConfigurator();
        configurator.setContext(context);

        configurator.doConfigure(new ByteArrayInputStream(block.group(1).getBytes(StandardCharsets.UTF_8)));

        assertThat(context.getStatusManager().getCopyOfStatusList()).noneMatch(s -> s.getLevel() >= Status.WARN);
        ConsoleAppender<ILoggingEvent> console = (ConsoleAppender<ILoggingEvent>) context.getLogger(
                Logger.ROOT_LOGGER_NAME).getAppender("CONSOLE");
        Layout<ILoggingEvent> layout = ((LayoutWrappingEncoder<ILoggingEvent>) console.getEncoder()).getLayout();
        LoggingEvent event = new LoggingEvent(Logger.class.getName(), context.getLogger("com.acme"), Level.ERROR,
                "failed", new IllegalStateException("x"), null);
        assertThat(layout.doLayout(event)).contains("[trace ");
        context.stop();
    }
}
