package dev.floodgate.logback;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import dev.floodgate.core.summary.SuppressionSummary;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * 10,000 templates flooding at once get at most {@code maxSummaryLines} (100) summary lines per
 * interval: the 99 largest one by one and the rest in one "… and N more templates" line, and every count adds up.
 */
class SummaryStormTest {

    private static final int TEMPLATES = 10_000;

    @ParameterizedTest
    @EnumSource(Adapter.class)
    void summarize_10000FloodingTemplates_writes100LinesAndLosesNothing(Adapter adapter) {
        TestContext t = TestContext.configure(getClass(), adapter.xml);
        CountingAppender list = (CountingAppender) t.appender(Adapter.LIST);
        TestClock clock = adapter.clock(t);
        Logger log = t.logger("com.acme.Fanout");
        long logged = 0;
        List<Integer> linesPerInterval = new ArrayList<>();
        long[] suppressedInFirst = new long[TEMPLATES];

        for (int interval = 0; interval < 3; interval++) {
            for (int k = 0; k < TEMPLATES; k++) {
                int calls = 20 + k % 50;
                for (int i = 0; i < calls; i++) {
                    log.error(template(k), i);
                }
                logged += calls;
                if (interval == 0) {
                    suppressedInFirst[k] = calls - list.written(template(k));
                }
            }
            int before = list.summaryEvents().size();
            clock.advance(Duration.ofSeconds(1));
            adapter.summarizeIfDue(t);
            linesPerInterval.add(list.summaryEvents().size() - before);
        }
        int beforeStop = list.summaryEvents().size();
        t.context.stop();
        linesPerInterval.add(list.summaryEvents().size() - beforeStop);

        String figures = adapter + ": logged=" + logged + ", written=" + list.writtenTotal() + ", summarized="
                + list.summarizedTotal() + ", lines per interval (the last at stop)=" + linesPerInterval + ", in <more>="
                + list.summarized("<more>");
        System.out.println("SummaryStormTest: " + figures);
        assertThat(linesPerInterval).as(figures).containsExactly(100, 100, 100, 0);
        assertThat(list.writtenTotal() + list.summarizedTotal()).as(figures).isEqualTo(logged);
        List<ILoggingEvent> first = list.summaryEvents().subList(0, 100);
        ILoggingEvent more = first.get(99);
        assertThat(more.getFormattedMessage()).as(figures)
                .matches("… and 9,901 more templates: [\\d,]+ messages suppressed in the last 1s \\(too many templates"
                        + " for one line each; first .*");
        assertThat(TestContext.field(more, SuppressionSummary.FIELD_TEMPLATES)).isEqualTo(9_901L);
        assertThat(TestContext.field(more, SuppressionSummary.FIELD_FINGERPRINT)).isEqualTo("<more>");
        assertThat(more.getLevel()).isEqualTo(Level.ERROR);
        assertThat(more.getLoggerName()).isEqualTo("com.acme.Fanout");
        long smallestListed = first.subList(0, 99).stream()
                .mapToLong(e -> (Long) TestContext.field(e, SuppressionSummary.FIELD_SUPPRESSED)).min().getAsLong();
        List<Object> listed = first.subList(0, 99).stream()
                .map(e -> TestContext.field(e, SuppressionSummary.FIELD_FINGERPRINT)).collect(
                        java.util.stream.Collectors.toList());
        long largestFolded = 0;
        long folded = 0;
        for (int k = 0; k < TEMPLATES; k++) {
            if (!listed.contains(template(k))) {
                largestFolded = Math.max(largestFolded, suppressedInFirst[k]);
                folded += suppressedInFirst[k];
            }
        }
        assertThat(smallestListed).as("the listed are the largest: " + figures).isGreaterThanOrEqualTo(largestFolded);
        assertThat(TestContext.field(more, SuppressionSummary.FIELD_SUPPRESSED)).isEqualTo(folded);
    }

    private static String template(int k) {
        return "Dependency call " + k + " failed for {}";
    }
}
