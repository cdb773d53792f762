package dev.floodgate.examples.logback;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.core.status.Status;
import dev.floodgate.examples.common.DemoReport;
import dev.floodgate.examples.common.LogFile;
import dev.floodgate.examples.common.Outage;
import dev.floodgate.examples.common.Readme;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * Runs the example application, a shorter outage than its {@code main}, through its own {@code logback.xml}, and
 * checks what reached its two log files. The application's outage paces itself on the real clock; the assertions
 * hold whatever the timing.
 */
class LogbackAppTest {

    private static Outage.Counts counts;
    private static LoggerContext context;

    @BeforeAll
    static void runTheOutage() throws InterruptedException {
        context = (LoggerContext) LoggerFactory.getILoggerFactory();
        counts = LogbackApp.run(Outage.of(4, 5_000, Duration.ofSeconds(2), Duration.ofMillis(1_200),
                Duration.ofMillis(50)));
    }

    @Test
    void serviceLog_outage_keepsFewFailures() {
        LogFile service = LogFile.read(LogbackApp.SERVICE_LOG);

        assertThat((long) service.linesWith("Payment gateway timed out").size())
                .isBetween(16L, counts.failures() / 100);
    }

    @Test
    void serviceLog_outage_summariesCountEveryDroppedFailure() {
        LogFile service = LogFile.read(LogbackApp.SERVICE_LOG);

        assertThat(service.summariesOf(LogbackApp.FAILURE)).hasSizeGreaterThanOrEqualTo(2);
        assertThat(service.linesWith("Payment gateway timed out").size() + service.suppressed(LogbackApp.FAILURE))
                .isEqualTo(counts.failures());
    }

    @Test
    void serviceLog_outage_keepsEveryNormalRequest() {
        LogFile service = LogFile.read(LogbackApp.SERVICE_LOG);

        assertThat(service.linesWith("GET /orders/")).hasSize((int) counts.requests());
    }

    @Test
    void alertsLog_outage_keepsFiveFailuresAndCountsTheRest() {
        LogFile alerts = LogFile.read(LogbackApp.ALERTS_LOG);

        assertThat(alerts.linesWith("Payment gateway timed out")).hasSize(5);
        assertThat(alerts.summaries()).anyMatch(s -> s.contains("window 5/10m"));
        assertThat(5 + alerts.suppressed(LogbackApp.FAILURE)).isEqualTo(counts.failures());
    }

    @Test
    void logbackXml_outage_noWarningsOrErrors() {
        assertThat(context.getStatusManager().getCopyOfStatusList())
                .noneMatch(s -> s.getEffectiveLevel() >= Status.WARN);
    }

    @Test
    void readme_demoOutput_showsWhatTheReportPrintsToday() {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        LogbackApp.report(new PrintStream(buffer, true, StandardCharsets.UTF_8), counts);
        List<String> printed = buffer.toString(StandardCharsets.UTF_8).lines().collect(Collectors.toList());

        List<String> shown = Readme.load().block("demo output").lines().collect(Collectors.toList());
        List<String> section = DemoReport.section(shown, "== Logback ");
        assertThat(DemoReport.linesNotPrinted(section, printed)).as("printed:%n%s", String.join("\n", printed))
                .isEmpty();
    }
}
