package dev.floodgate.logback;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.core.status.Status;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A summary that an appender fails to write is carried into the next one, and what still cannot
 * be written at stop is reported with its exact count, so that lines written + counts in summaries written + counts in
 * ERROR statuses (+ events the appender threw back at the application) = events logged.
 */
class SummaryFailureTest {

    private static final String[] TEMPLATES = {"Connection to {} failed", "Timeout after {} ms", "Retry {} of 3"};
    private static final Pattern SUMMARY_COUNT = Pattern.compile("Suppressed ([\\d,]+) |more templates?: ([\\d,]+) ");

    @ParameterizedTest(name = "{0}, every {1}. append fails")
    @CsvSource({"TURBO, 3", "APPENDER, 3", "TURBO, 1", "APPENDER, 1"})
    void failingAppender_everyCount_isWrittenOrReported(Adapter adapter, int failEvery) {
        List<Status> statuses = new CopyOnWriteArrayList<>();
        TestContext t = TestContext.configure(getClass(), adapter.xml, Map.of("failEvery", String.valueOf(failEvery)));
        t.context.getStatusManager().add(statuses::add);
        FailingAppender appender = (FailingAppender) t.appender(Adapter.LIST);
        TestClock clock = adapter.clock(t);
        Logger log = t.logger("com.acme.Db");
        long logged = 0;
        long thrownAtCaller = 0;

        for (int round = 0; round < 300; round++) {
            for (int i = 0; i < 300; i++) {
                logged++;
                try {
                    log.error(TEMPLATES[i % TEMPLATES.length], i);
                } catch (IllegalStateException e) {
                    thrownAtCaller++;
                }
            }
            clock.advance(Duration.ofMillis(100));
            if (round % 5 == 4) {
                adapter.summarizeIfDue(t);
            }
        }
        t.context.stop();

        long reported = reportedInErrors(statuses);
        String figures = adapter + ", failEvery=" + failEvery + ": logged=" + logged + ", written=" + appender.written()
                + ", thrown at the caller=" + thrownAtCaller + ", in " + appender.summaries() + " summaries written="
                + appender.summarized() + ", in ERROR statuses=" + reported + ", failed appends=" + appender.failed()
                + ", carried into later summaries=" + appender.carried();
        System.out.println("SummaryFailureTest: " + figures);
        assertThat(appender.failed()).as(figures).isPositive();
        assertThat(statuses.stream().filter(s -> s.getLevel() == Status.ERROR && s.getMessage().startsWith("Floodgate")).count())
                .as("one error at stop names what could not be written: " + figures).isEqualTo(1);
        if (failEvery > 1) {
            assertThat(appender.carried()).as("summaries that say they carry earlier counts: " + figures).isPositive();
        }
        assertThat(appender.written() + thrownAtCaller + appender.summarized() + reported).as(figures)
                .isEqualTo(logged);
    }

    /** Returns the sum of the summary counts named in Floodgate's ERROR statuses. */
    private static long reportedInErrors(List<Status> statuses) {
        long sum = 0;
        for (Status s : statuses) {
            if (s.getLevel() != Status.ERROR || !s.getMessage().startsWith("Floodgate")) {
                continue;
            }
            Matcher m = SUMMARY_COUNT.matcher(s.getMessage());
            while (m.find()) {
                sum += Long.parseLong((m.group(1) != null ? m.group(1) : m.group(2)).replace(",", ""));
            }
        }
        return sum;
    }
}
