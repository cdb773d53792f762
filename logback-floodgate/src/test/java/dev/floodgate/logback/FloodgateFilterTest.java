package dev.floodgate.logback;

import static dev.floodgate.logback.TestContext.events;
import static dev.floodgate.logback.TestContext.messages;
import static dev.floodgate.logback.TestContext.summaries;
import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.LoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import ch.qos.logback.core.spi.FilterReply;
import ch.qos.logback.core.status.Status;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.slf4j.Marker;
import org.slf4j.helpers.BasicMarkerFactory;

/** The appender filter's summaries go to its own appender, and only there. */
@Tag("compatibility")
class FloodgateFilterTest {

    private static final Marker EXEMPT = new BasicMarkerFactory().getMarker("FLOODGATE_EXEMPT");

    private TestContext t;

    @AfterEach
    void close() {
        if (t != null) {
            t.close();
        }
    }

    private static void flood(Logger log, int calls) {
        for (int i = 0; i < calls; i++) {
            log.error("Connection to {} failed", i);
        }
    }

    @Test
    void summarizeIfDue_summaryGoesOnlyToTheAppenderThatDropped() {
        t = TestContext.configure(getClass(), "routing");
        flood(t.logger("com.acme.Db"), 40);

        ((TestClock) t.filter("ALERTS").clock()).advance(Duration.ofSeconds(30));
        ((TestClock) t.filter("QUIET").clock()).advance(Duration.ofSeconds(30));
        t.filter("ALERTS").summarizeIfDue();
        t.filter("QUIET").summarizeIfDue();

        List<ILoggingEvent> alerts = events(t.list("ALERTS"));
        assertThat(messages(alerts)).hasSize(16);
        assertThat(summaries(alerts)).singleElement()
                .satisfies(s -> assertThat(s.getFormattedMessage()).startsWith("Suppressed 24 messages like"));
        assertThat(events(t.list("ALL"))).hasSize(40).noneMatch(TestContext::isSummary);
        assertThat(events(t.list("QUIET"))).hasSize(40).noneMatch(TestContext::isSummary);
        assertThat(t.problems()).isEmpty();
    }

    @Test
    void contextStop_finalSummaryGoesOnlyToTheAppenderThatDropped() {
        t = TestContext.configure(getClass(), "routing");
        ListAppender<ILoggingEvent> all = t.list("ALL");
        ListAppender<ILoggingEvent> alerts = t.list("ALERTS");
        ListAppender<ILoggingEvent> quiet = t.list("QUIET");
        flood(t.logger("com.acme.Db"), 40);

        t.context.stop();

        assertThat(TestContext.suppressed(events(alerts))).isEqualTo(24);
        assertThat(summaries(events(all))).isEmpty();
        assertThat(summaries(events(quiet))).isEmpty();
        assertThat(t.problems()).isEmpty();
    }

    /** Logs an exempt event after the flood and waits until it reaches each list: the queues before it are done. */
    @SafeVarargs
    private void drain(ListAppender<ILoggingEvent>... lists) {
        t.logger("test").error(EXEMPT, "drained");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        for (ListAppender<ILoggingEvent> list : lists) {
            while (events(list).stream().noneMatch(e -> "drained".equals(e.getMessage()))) {
                assertThat(System.nanoTime()).as("the AsyncAppender delivered its queue").isLessThan(deadline);
                Thread.yield();
            }
        }
    }

    @Test
    void summarizeIfDue_filterOfAnAppenderBehindAnAsyncAppender_writesItsSummaryThere() {
        t = TestContext.configure(getClass(), "async");
        ListAppender<ILoggingEvent> nested = t.list("NESTED");
        flood(t.logger("com.acme.Db"), 40);
        drain(nested, t.list("PLAIN"));
        FloodgateFilter filter = t.filter("NESTED");

        ((TestClock) filter.clock()).advance(Duration.ofSeconds(30));
        filter.summarizeIfDue();

        assertThat(messages(events(nested))).hasSize(17);
        assertThat(TestContext.suppressed(events(nested))).isEqualTo(24);
        assertThat(events(t.list("PLAIN"))).hasSize(41).noneMatch(TestContext::isSummary);
        assertThat(t.problems()).isEmpty();
    }

    @Test
    void summarizeIfDue_filterAddedByHandWithoutParent_findsItsAppenderBehindAnAsyncAppender() {
        t = TestContext.configure(getClass(), "async");
        ListAppender<ILoggingEvent> plain = t.list("PLAIN");
        FloodgateFilter filter = new FloodgateFilter();
        TestClock clock = new TestClock();
        filter.setContext(t.context);
        filter.setClock(clock);
        filter.start();
        plain.addFilter(filter);
        flood(t.logger("com.acme.Db"), 40);
        drain(plain);

        clock.advance(Duration.ofSeconds(30));
        filter.summarizeIfDue();

        assertThat(filter.appender()).isSameAs(plain);
        assertThat(messages(events(plain))).hasSize(17);
        assertThat(TestContext.suppressed(events(plain))).isEqualTo(24);
        assertThat(t.problems()).isEmpty();
    }

    @Test
    void contextStop_eventsStillQueuedInAnAsyncAppender_areNeitherLostNorCountedTwice() {
        t = TestContext.configure(getClass(), "async");
        ListAppender<ILoggingEvent> nested = t.list("NESTED");
        flood(t.logger("com.acme.Db"), 40);

        t.context.stop();

        // The filter stops before the AsyncAppender drains its queue: what is still queued then passes unlimited.
        List<ILoggingEvent> events = events(nested);
        assertThat(messages(events).size() + TestContext.suppressed(events)).isEqualTo(40);
        assertThat(t.problems()).isEmpty();
    }

    @Test
    void stop_filterOfNoAppender_reportsTheSummaryItCouldNotWrite() {
        t = TestContext.configure(getClass(), "standalone");
        FloodgateFilter filter = new FloodgateFilter();
        filter.setContext(t.context);
        filter.start();
        Logger logger = t.logger("com.acme.Db");
        int denied = 0;
        for (int i = 0; i < 40; i++) {
            LoggingEvent event = new LoggingEvent(Logger.class.getName(), logger, Level.ERROR,
                    "Connection to {} failed", null, new Object[] {i});
            denied += filter.decide(event) == FilterReply.DENY ? 1 : 0;
        }

        filter.stop();

        assertThat(denied).isEqualTo(24);
        assertThat(t.errors()).singleElement().satisfies(e -> assertThat(e)
                .startsWith("FloodgateFilter: 1 summary, of 24 suppressed messages in all, could not be written when"
                        + " the filter stopped, so they are reported here:\n  Suppressed 24 messages like"
                        + " \"Connection to {} failed\""));
        assertThat(t.context.getStatusManager().getCopyOfStatusList()).filteredOn(s -> s.getLevel() == Status.WARN)
                .isEmpty();
    }

    @Test
    void decide_summaries_passUncounted() {
        t = TestContext.configure(getClass(), "routing");
        FloodgateFilter alerts = t.filter("ALERTS");
        flood(t.logger("com.acme.Db"), 40);
        ((TestClock) alerts.clock()).advance(Duration.ofSeconds(30));
        alerts.summarizeIfDue();
        ILoggingEvent summary = summaries(events(t.list("ALERTS"))).get(0);
        FloodgateFilter other = new FloodgateFilter();
        other.setContext(t.context);
        other.start();

        for (int i = 0; i < 100; i++) {
            assertThat(other.decide(summary)).isEqualTo(FilterReply.NEUTRAL);
        }

        assertThat(other.active().engine().trackedFingerprints()).isZero();
    }
}
