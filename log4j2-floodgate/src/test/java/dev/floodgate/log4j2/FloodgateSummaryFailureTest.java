package dev.floodgate.log4j2;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.logging.log4j.Logger;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A summary that an appender fails to write is carried into the next one, and what still cannot
 * be written at stop is reported with its exact count, so that lines written + counts in summaries written + counts in
 * ERROR statuses (+ events the appender threw back at the application) = events logged.
 */
class FloodgateSummaryFailureTest {

    private static final String[] TEMPLATES = {"Connection to {} failed", "Timeout after {} ms", "Retry {} of 3"};
    private static final Pattern SUMMARY_COUNT = Pattern.compile("Suppressed ([\\d,]+) |more templates?: ([\\d,]+) ");

    @ParameterizedTest(name = "{0}, every {1}. append fails")
    @CsvSource({"contextWide, 3", "appender, 3", "contextWide, 1", "appender, 1"})
    void failingAppender_everyCount_isWrittenOrReported(String place, int failEvery) {
        Log4jHarness h = Log4jHarness.start(getClass(), place, Map.of("failEvery", String.valueOf(failEvery)));
        FailingAppender appender = h.configuration().getAppender("failing");
        Logger log = h.logger("com.acme.Db");
        long logged = 0;
        long thrownAtCaller = 0;

        for (int round = 0; round < 300; round++) {
            for (int i = 0; i < 300; i++) {
                logged++;
                try {
                    log.error(TEMPLATES[i % TEMPLATES.length], i);
                } catch (RuntimeException e) {
                    thrownAtCaller++;
                }
            }
            h.clock.advanceMillis(100);
            if (round % 5 == 4) {
                h.writeDueSummaries();
            }
        }
        h.close();

        long reported = reportedInErrors(h.status.messages());
        String figures = place + ", failEvery=" + failEvery + ": logged=" + logged + ", written=" + appender.written()
                + ", thrown at the caller=" + thrownAtCaller + ", in " + appender.summaries() + " summaries written="
                + appender.summarized() + ", in ERROR statuses=" + reported + ", failed appends=" + appender.failed()
                + ", carried into later summaries=" + appender.carried();
        System.out.println("FloodgateSummaryFailureTest: " + figures);
        assertThat(appender.failed()).as(figures).isPositive();
        assertThat(h.status.messages().stream().filter(m -> m.startsWith("ERROR Floodgate")).count())
                .as("one error at stop names what could not be written: " + figures).isEqualTo(1);
        if (failEvery > 1) {
            assertThat(appender.carried()).as("summaries that say they carry earlier counts: " + figures).isPositive();
        }
        assertThat(appender.written() + thrownAtCaller + appender.summarized() + reported).as(figures)
                .isEqualTo(logged);
    }

    /** Returns the sum of the summary counts named in Floodgate's ERROR statuses. */
    private static long reportedInErrors(List<String> messages) {
        long sum = 0;
        for (String message : messages) {
            if (!message.startsWith("ERROR Floodgate")) {
                continue;
            }
            Matcher m = SUMMARY_COUNT.matcher(message);
            while (m.find()) {
                sum += Long.parseLong((m.group(1) != null ? m.group(1) : m.group(2)).replace(",", ""));
            }
        }
        return sum;
    }
}
