package dev.floodgate.logback;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.turbo.TurboFilter;
import ch.qos.logback.classic.util.LogbackMDCAdapter;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.filter.Filter;
import ch.qos.logback.core.joran.spi.JoranException;
import ch.qos.logback.core.status.Status;
import dev.floodgate.core.Option;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** {@code src/docs/logback.md} stays true: its XML works (the option table lives in the README, see core). */
class DocsTest {

    private static String doc() throws IOException {
        Path path = Path.of(System.getProperty("basedir", ".")).resolve("../src/docs/logback.md").normalize();
        return Files.readString(path, StandardCharsets.UTF_8);
    }

    @Test
    void quickStartXml_eachConfiguration_loadsWithoutWarningsAndStartsFloodgate() throws IOException, JoranException {
        Matcher blocks = Pattern.compile("```xml\n(<configuration>.*?)```", Pattern.DOTALL).matcher(doc());
        int configurations = 0;
        while (blocks.find()) {
            configurations++;
            LoggerContext context = new LoggerContext();
            context.setMDCAdapter(new LogbackMDCAdapter());
            JoranConfigurator configurator = new JoranConfigurator();
            configurator.setContext(context);
            configurator.doConfigure(new ByteArrayInputStream(blocks.group(1).getBytes(StandardCharsets.UTF_8)));

            assertThat(context.getStatusManager().getCopyOfStatusList()).as(blocks.group(1))
                    .noneMatch(s -> s.getLevel() >= Status.WARN);
            assertThat(startedFloodgates(context)).as(blocks.group(1)).isEqualTo(1);
            context.stop();
        }
        assertThat(configurations).isEqualTo(2);
    }

    private static int startedFloodgates(LoggerContext context) {
        int started = 0;
        for (TurboFilter f : context.getTurboFilterList()) {
            started += f instanceof FloodgateTurboFilter && f.isStarted() ? 1 : 0;
        }
        Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        for (Iterator<Appender<ILoggingEvent>> it = root.iteratorForAppenders(); it.hasNext();) {
            for (Filter<ILoggingEvent> f : it.next().getCopyOfAttachedFiltersList()) {
                started += f instanceof FloodgateFilter && f.isStarted() ? 1 : 0;
            }
        }
        return started;
    }
}
