package dev.floodgate.log4j2;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.ConsoleAppender;
import org.apache.logging.log4j.core.layout.PatternLayout;
import org.junit.jupiter.api.Test;

/** {@code src/docs/traces.md} stays true for Log4j2: its configuration starts without a warning and uses {@code %fgEx}. */
class TracesDocTest {

    @Test
    void log4j2Xml_startsWithoutWarnings() throws IOException {
        Path path = Path.of(System.getProperty("basedir", ".")).resolve("../src/docs/traces.md").normalize();
        Matcher block = Pattern.compile("```xml\n(<Configuration>.*?)```", Pattern.DOTALL)
                .matcher(Files.readString(path, StandardCharsets.UTF_8));
        assertThat(block.find()).as("a Log4j2 configuration in traces.md").isTrue();
        StatusCapture status = StatusCapture.start();
        LoggerContext context = new LoggerContext("TracesDocTest");
        try {
            context.start(Log4jHarness.parse(context, block.group(1)));

            ConsoleAppender console = context.getConfiguration().getAppender("CONSOLE");
            assertThat(((PatternLayout) console.getLayout()).getConversionPattern()).endsWith("%fgEx");
            assertThat(status.messages()).noneMatch(m -> m.startsWith("WARN") || m.startsWith("ERROR"));
        } finally {
            context.stop();
            status.close();
        }
    }
}
