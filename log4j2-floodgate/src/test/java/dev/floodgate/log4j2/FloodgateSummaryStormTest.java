package dev.floodgate.log4j2;

import static org.assertj.core.api.Assertions.assertThat;

import dev.floodgate.core.summary.SuppressionSummary;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.message.MapMessage;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * 10,000 templates flooding at once get at most {@code maxSummaryLines} (100) summary lines per
 * interval: the 99 largest one by one and the rest in one "… and N more templates" line, and every count adds up.
 */
class FloodgateSummaryStormTest {

    private static final int TEMPLATES = 10_000;

    @ParameterizedTest
    @ValueSource(strings = {"contextWide", "appender"})
    void summarize_10000FloodingTemplates_writes100LinesAndLosesNothing(String place) {
        Log4jHarness h = Log4jHarness.start(getClass(), place);
        CountingAppender counting = h.counting("counting");
        Logger log = h.logger("com.acme.Fanout");
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
                    suppressedInFirst[k] = calls - counting.written(template(k));
                }
            }
            int before = counting.summaryEvents().size();
            h.clock.advanceMillis(1_000);
            h.writeDueSummaries();
            linesPerInterval.add(counting.summaryEvents().size() - before);
        }
        int beforeStop = counting.summaryEvents().size();
        h.close();
        linesPerInterval.add(counting.summaryEvents().size() - beforeStop);

        String figures = place + ": logged=" + logged + ", written=" + counting.writtenTotal() + ", summarized="
                + counting.summarizedTotal() + ", lines per interval (the last at stop)=" + linesPerInterval
                + ", in <more>=" + counting.summarized("<more>");
        System.out.println("FloodgateSummaryStormTest: " + figures);
        assertThat(linesPerInterval).as(figures).containsExactly(100, 100, 100, 0);
        assertThat(counting.writtenTotal() + counting.summarizedTotal()).as(figures).isEqualTo(logged);
        List<LogEvent> first = counting.summaryEvents().subList(0, 100);
        LogEvent more = first.get(99);
        assertThat(more.getMessage().getFormattedMessage()).as(figures)
                .matches("… and 9,901 more templates: [\\d,]+ messages suppressed in the last 1s \\(too many templates"
                        + " for one line each; first .*");
        assertThat(field(more, SuppressionSummary.FIELD_TEMPLATES)).isEqualTo(9_901L);
        assertThat(field(more, SuppressionSummary.FIELD_FINGERPRINT)).isEqualTo("<more>");
        assertThat(more.getLevel()).isEqualTo(Level.ERROR);
        assertThat(more.getLoggerName()).isEqualTo("com.acme.Fanout");
        long smallestListed = first.subList(0, 99).stream()
                .mapToLong(e -> ((Number) field(e, SuppressionSummary.FIELD_SUPPRESSED)).longValue()).min()
                .getAsLong();
        List<Object> listed = first.subList(0, 99).stream()
                .map(e -> field(e, SuppressionSummary.FIELD_FINGERPRINT)).collect(Collectors.toList());
        long largestFolded = 0;
        long folded = 0;
        for (int k = 0; k < TEMPLATES; k++) {
            if (!listed.contains(template(k))) {
                largestFolded = Math.max(largestFolded, suppressedInFirst[k]);
                folded += suppressedInFirst[k];
            }
        }
        assertThat(smallestListed).as("the listed are the largest: " + figures).isGreaterThanOrEqualTo(largestFolded);
        assertThat(field(more, SuppressionSummary.FIELD_SUPPRESSED)).isEqualTo(folded);
    }

    private static Object field(LogEvent summary, String key) {
        Map<String, ?> fields = ((MapMessage<?, ?>) summary.getMessage()).getData();
        return fields.get(key);
    }

    private static String template(int k) {
        return "Dependency call " + k + " failed for {}";
    }
}
