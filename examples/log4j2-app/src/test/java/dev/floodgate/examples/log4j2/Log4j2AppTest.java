package dev.floodgate.examples.log4j2;

import static org.assertj.core.api.Assertions.assertThat;

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

/**
 * Runs the example application, a shorter outage than its {@code main}, through its own {@code log4j2.xml}, and
 * checks what reached its two log files. The application's outage paces itself on the real clock; the assertions
 * hold whatever the timing.
 */
class Log4j2AppTest {

    private static Outage.Counts counts;

    @BeforeAll
    static void runTheOutage() throws InterruptedException {
        counts = Log4j2App.run(Outage.of(4, 5_000, Duration.ofSeconds(2), Duration.ofMillis(1_200),
                Duration.ofMillis(50)));
    }

    @Test
    void serviceLog_outage_keepsFewFailures() {
        LogFile service = LogFile.read(Log4j2App.SERVICE_LOG);

        assertThat((long) service.linesWith("Payment gateway timed out").size())
                .isBetween(16L, counts.failures() / 100);
    }

    @Test
    void serviceLog_outage_summariesCountEveryDroppedFailure() {
        LogFile service = LogFile.read(Log4j2App.SERVICE_LOG);

        assertThat(service.summariesOf(Log4j2App.FAILURE)).hasSizeGreaterThanOrEqualTo(2);
        assertThat(service.linesWith("Payment gateway timed out").size() + service.suppressed(Log4j2App.FAILURE))
                .isEqualTo(counts.failures());
    }

    @Test
    void serviceLog_outage_keepsEveryNormalRequest() {
        LogFile service = LogFile.read(Log4j2App.SERVICE_LOG);

        assertThat(service.linesWith("GET /orders/")).hasSize((int) counts.requests());
    }

    @Test
    void alertsLog_outage_keepsFiveFailuresAndCountsTheRest() {
        LogFile alerts = LogFile.read(Log4j2App.ALERTS_LOG);

        assertThat(alerts.linesWith("Payment gateway timed out")).hasSize(5);
        assertThat(alerts.summaries()).anyMatch(s -> s.contains("window 5/10m"));
        assertThat(5 + alerts.suppressed(Log4j2App.FAILURE)).isEqualTo(counts.failures());
    }

    @Test
    void readme_demoOutput_showsWhatTheReportPrintsToday() {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        Log4j2App.report(new PrintStream(buffer, true, StandardCharsets.UTF_8), counts);
        List<String> printed = buffer.toString(StandardCharsets.UTF_8).lines().collect(Collectors.toList());

        List<String> shown = Readme.load().block("demo output").lines().collect(Collectors.toList());
        List<String> section = DemoReport.section(shown, "== Log4j ");
        assertThat(DemoReport.linesNotPrinted(section, printed)).as("printed:%n%s", String.join("\n", printed))
                .isEmpty();
    }
}
