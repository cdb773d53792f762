package dev.floodgate.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.floodgate.core.FloodEngine;
import dev.floodgate.core.FloodgateConfig;
import dev.floodgate.core.ManualClock;
import dev.floodgate.core.summary.SuppressionSummary;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntPredicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(30)
class SummaryPublisherTest {

    private static final Pattern SUMMARY_COUNT = Pattern.compile("Suppressed ([\\d,]+) |more templates?: ([\\d,]+) ");

    private final ManualClock clock = new ManualClock(1_700_000_000_000L);
    private final FloodEngine engine = new FloodEngine(FloodgateConfig.parse(Map.of("summaryInterval", "1 second")),
            clock);
    private final RecordingSink sink = new RecordingSink();
    private final SummaryPublisher publisher = new SummaryPublisher(engine, sink, sink, "test-summaries");
    private long offered;
    private long passed;

    private void flood(String template, int calls) {
        for (int i = 0; i < calls; i++) {
            offered++;
            passed += engine.suppress(template, true, "com.acme.Db", "ERROR", null) ? 0 : 1;
        }
    }

    private void nextInterval() throws InterruptedException {
        clock.advanceMillis(1_000);
        publisher.publishIfDue();
        assertThat(publisher.awaitIdle(10_000)).isTrue();
    }

    @Test
    void publishIfDue_writeFails_countIsCarriedIntoTheNextSummaryOfItsFingerprint() throws InterruptedException {
        sink.fail = n -> n == 1;
        flood("A {}", 40);
        nextInterval();
        flood("A {}", 40);
        nextInterval();

        assertThat(sink.written).singleElement().satisfies(s -> {
            assertThat(s.suppressed()).isEqualTo(64);
            assertThat(s.carried()).isEqualTo(24);
        });
        assertThat(sink.warnings).singleElement().asString()
                .startsWith("could not write a summary; its count is carried into the next one: Suppressed 24"
                        + " messages like \"A {}\"");
        assertThat(sink.errors).isEmpty();
    }

    @Test
    void continuedEngine_aFailedSummaryOfTheReplacedFilter_isWrittenByItsSuccessor() throws InterruptedException {
        sink.fail = n -> n == 1;
        flood("A {}", 40);
        nextInterval();
        // A reload: the new filter continues the engine with a publisher of its own; the old one is left as it is.
        RecordingSink next = new RecordingSink();
        SummaryPublisher successor = new SummaryPublisher(engine, next, next, "test-summaries-2");
        flood("A {}", 40);
        clock.advanceMillis(1_000);
        successor.publishIfDue();
        assertThat(successor.awaitIdle(10_000)).isTrue();

        assertThat(sink.written).isEmpty();
        assertThat(next.written).singleElement().satisfies(s -> {
            assertThat(s.suppressed()).isEqualTo(64);
            assertThat(s.carried()).isEqualTo(24);
        });
        assertThat(successor.stop()).isTrue();
        assertThat(passed + 64).isEqualTo(offered);
    }

    @Test
    void continuedEngine_replacedFilterFailsAfterItsSuccessorStopped_reportsTheCountAsAnError()
            throws InterruptedException {
        sink.gate = new Semaphore(0);
        sink.fail = n -> true;
        flood("A {}", 40);
        clock.advanceMillis(1_000);
        publisher.publishIfDue();
        RecordingSink next = new RecordingSink();
        SummaryPublisher successor = new SummaryPublisher(engine, next, next, "test-summaries-2");
        assertThat(successor.stop()).isTrue();

        sink.gate.release();
        assertThat(publisher.awaitIdle(10_000)).isTrue();

        assertThat(sink.errors).singleElement().asString().contains("could not be written: Suppressed 24 messages");
        assertThat(next.written).isEmpty();
        assertThat(passed + 24).isEqualTo(offered);
    }

    @Test
    void stop_everyWriteFails_reportsEveryCountInOneError() throws InterruptedException {
        sink.fail = n -> true;
        for (int interval = 0; interval < 3; interval++) {
            flood("A {}", 40);
            flood("B {}", 30);
            nextInterval();
        }
        flood("C {}", 20);

        boolean allWritten = publisher.stop();

        assertThat(allWritten).isFalse();
        assertThat(sink.written).isEmpty();
        assertThat(sink.errors).singleElement().asString()
                .startsWith("3 summaries, of " + (offered - passed) + " suppressed messages in all, could not be"
                        + " written when the filter stopped, so they are reported here:\n  Suppressed ");
        assertThat(countsIn(sink.errors)).isEqualTo(offered - passed);
        assertThat(sink.warnings).hasSize(SummaryPublisher.MAX_WARNINGS);
    }

    @Test
    void stop_hostileTemplateNeverWritten_warningAndReportGiveItOneEscapedLine() throws InterruptedException {
        sink.fail = n -> true;
        flood("A {}\r\n  Suppressed 999 messages like \"B", 40);
        nextInterval();

        publisher.stop();

        String shown = "Suppressed 24 messages like \"A {}\\r\\n  Suppressed 999 messages like \\\"B\" in the last";
        assertThat(sink.warnings).singleElement().asString().doesNotContain("\r", "\n").contains(shown);
        assertThat(sink.errors).hasSize(1);
        String[] reportLines = sink.errors.get(0).split("\n");
        assertThat(reportLines).hasSize(2);
        assertThat(reportLines[1]).startsWith("  " + shown).doesNotContain("\r");
    }

    @Test
    void publishIfDue_whileAWriteIsBlocked_returnsAtOnceAndLeavesTheCountsInTheEngine() throws InterruptedException {
        sink.gate = new Semaphore(0);
        flood("A {}", 40);
        clock.advanceMillis(1_000);
        assertThat(publisher.publishIfDue()).isTrue();
        flood("A {}", 40);
        clock.advanceMillis(1_000);

        boolean handedOver = publisher.publishIfDue();

        assertThat(handedOver).isFalse();
        sink.gate.release(Integer.MAX_VALUE / 2);
        assertThat(publisher.awaitIdle(10_000)).isTrue();
        assertThat(publisher.publishIfDue()).isTrue();
        assertThat(publisher.awaitIdle(10_000)).isTrue();
        assertThat(sink.written).extracting(SuppressionSummary::suppressed).containsExactly(24L, 40L);
        assertThat(publisher.stop()).isTrue();
        assertThat(passed + 64).isEqualTo(offered);
    }

    @Test
    void stop_whileAWriteIsBlocked_returnsAndReportsWhatItCouldNotWrite() throws InterruptedException {
        sink.gate = new Semaphore(0);
        sink.fail = n -> n == 1;
        flood("A {}", 40);
        flood("B {}", 30);
        flood("C {}", 20);
        clock.advanceMillis(1_000);
        publisher.publishIfDue();
        flood("D {}", 50);

        boolean allWritten = publisher.stop();

        assertThat(allWritten).isFalse();
        assertThat(sink.writes.get()).as("the first write is still blocked").isEqualTo(1);
        assertThat(sink.errors).singleElement().asString().startsWith("3 summaries, of ")
                .contains(" suppressed messages in all, could not be written when the filter stopped")
                .containsPattern("\none more summary was still being written after 2,000 ms \\(\\d+ suppressed,"
                        + " fingerprint . \\{}\\); if that write fails, it is reported in an error of its own$");
        sink.gate.release(Integer.MAX_VALUE / 2);
        assertThat(publisher.awaitIdle(10_000)).isTrue();
        assertThat(sink.writes.get()).as("nothing is tried after the stop gave up").isEqualTo(1);
        assertThat(sink.errors).hasSize(2);
        assertThat(sink.errors.get(1)).startsWith("the summary that was still being written when the filter stopped"
                + " could not be written: Suppressed ");
        assertThat(countsIn(sink.errors)).isEqualTo(offered - passed);
    }

    @Test
    void stop_everyWriteFailsWhileFingerprintsComeAndGo_carriesABoundedNumberAndReportsEveryCount()
            throws InterruptedException {
        FloodEngine small = new FloodEngine(FloodgateConfig.parse(Map.of("summaryInterval", "1 second", "maxKeys",
                "5")), clock);
        SummaryPublisher p = new SummaryPublisher(small, sink, sink, "test-summaries");
        sink.fail = n -> true;
        for (int interval = 0; interval < 60; interval++) {
            for (int k = 0; k < 5; k++) {
                for (int i = 0; i < 40; i++) {
                    offered++;
                    passed += small.suppress("T" + interval + "." + k + " {}", true, "l", "ERROR", null) ? 0 : 1;
                }
            }
            clock.advanceMillis(1_000);
            p.publishIfDue();
            assertThat(p.awaitIdle(10_000)).isTrue();
        }

        p.stop();

        String report = sink.errors.get(0);
        assertThat(report.split("\n  ")).as(report).hasSizeLessThanOrEqualTo(1 + 5 + 2);
        assertThat(report).contains("messages of fingerprints forgotten while idle");
        assertThat(countsIn(sink.errors)).isEqualTo(offered - passed);
    }

    @Test
    void release_whileTheWriterHoldsABatch_returnsOnceItIsWrittenAndTakesNoMore() throws InterruptedException {
        sink.gate = new Semaphore(0);
        flood("A {}", 40);
        flood("B {}", 30);
        clock.advanceMillis(1_000);
        publisher.publishIfDue();
        AtomicBoolean releaseReturned = new AtomicBoolean();
        sink.onWrite = () -> assertThat(releaseReturned).as("release() returned before this write").isFalse();
        Thread releasing = new Thread(() -> {
            publisher.release();
            releaseReturned.set(true);
        }, "releasing");
        releasing.start();
        awaitState(releasing, Thread.State.TIMED_WAITING);

        sink.gate.release(Integer.MAX_VALUE / 2);
        releasing.join();

        assertThat(sink.written).extracting(SuppressionSummary::suppressed).containsExactlyInAnyOrder(24L, 14L);
        assertThat(sink.failedChecks).isEmpty();
        flood("A {}", 40);
        clock.advanceMillis(1_000);
        assertThat(publisher.publishIfDue()).as("a released publisher takes no batch").isFalse();
        SummaryPublisher successor = new SummaryPublisher(engine, new RecordingSink(), new RecordingSink(),
                "test-summaries-2");
        assertThat(successor.publishIfDue()).as("the counts stayed in the engine").isTrue();
        assertThat(successor.stop()).isTrue();
        assertThat(sink.warnings).isEmpty();
        assertThat(sink.errors).isEmpty();
    }

    @Test
    void release_writerStuckPastTheTimeout_carriesTheSummariesItDidNotBeginIntoTheSuccessor()
            throws InterruptedException {
        sink.gate = new Semaphore(0);
        flood("A {}", 40);
        flood("B {}", 30);
        flood("C {}", 20);
        clock.advanceMillis(1_000);
        publisher.publishIfDue();

        boolean written = publisher.release(/* timeoutMillis= */ 100);

        assertThat(written).isFalse();
        RecordingSink next = new RecordingSink();
        SummaryPublisher successor = new SummaryPublisher(engine, next, next, "test-summaries-2");
        assertThat(successor.stop()).isTrue();
        sink.gate.release(Integer.MAX_VALUE / 2);
        assertThat(publisher.awaitIdle(10_000)).isTrue();
        assertThat(sink.written).as("the summary being written when the wait ran out").hasSize(1);
        assertThat(next.written).as("the two not begun, carried").hasSize(2)
                .allSatisfy(s -> assertThat(s.carried()).isEqualTo(s.suppressed()));
        long told = 0;
        for (SuppressionSummary s : sink.written) {
            told += s.suppressed();
        }
        for (SuppressionSummary s : next.written) {
            told += s.suppressed();
        }
        assertThat(told).isEqualTo(offered - passed);
        assertThat(sink.errors).isEmpty();
    }

    @Test
    void release_writerStuckAfterTheSuccessorStopped_reportsWhatItDidNotBeginInAnError() throws InterruptedException {
        sink.gate = new Semaphore(0);
        flood("A {}", 40);
        flood("B {}", 30);
        clock.advanceMillis(1_000);
        publisher.publishIfDue();
        SummaryPublisher successor = new SummaryPublisher(engine, new RecordingSink(), new RecordingSink(),
                "test-summaries-2");
        assertThat(successor.stop()).isTrue();

        boolean written = publisher.release(/* timeoutMillis= */ 100);

        assertThat(written).isFalse();
        assertThat(sink.errors).singleElement().asString().startsWith("1 summary, of ")
                .contains(" suppressed messages in all, could not be written when the filter stopped");
        sink.gate.release(Integer.MAX_VALUE / 2);
        assertThat(publisher.awaitIdle(10_000)).isTrue();
        assertThat(sink.written).hasSize(1);
        assertThat(sink.written.get(0).suppressed() + countsIn(sink.errors)).isEqualTo(offered - passed);
    }

    /** Waits, as long as the test's timeout allows, until {@code thread} is in {@code state}. */
    private static void awaitState(Thread thread, Thread.State state) {
        while (thread.getState() != state) {
            Thread.onSpinWait();
        }
    }

    private static long countsIn(List<String> errors) {
        long sum = 0;
        for (String e : errors) {
            Matcher m = SUMMARY_COUNT.matcher(e);
            while (m.find()) {
                sum += Long.parseLong((m.group(1) != null ? m.group(1) : m.group(2)).replace(",", ""));
            }
        }
        return sum;
    }

    /** A sink that records what it wrote and reported; its writes can fail or wait for permits. */
    private static final class RecordingSink implements SummaryPublisher.Sink, FilterStatus {
        final List<SuppressionSummary> written = new CopyOnWriteArrayList<>();
        final List<String> warnings = new CopyOnWriteArrayList<>();
        final List<String> errors = new CopyOnWriteArrayList<>();
        final AtomicInteger writes = new AtomicInteger();
        volatile IntPredicate fail = n -> false;
        volatile Semaphore gate;
        /** Runs as each write begins, after the gate; a failed assertion is kept in {@link #failedChecks}. */
        volatile Runnable onWrite = () -> { };
        final List<AssertionError> failedChecks = new CopyOnWriteArrayList<>();

        @Override
        public void write(SuppressionSummary summary) {
            int n = writes.incrementAndGet();
            Semaphore g = gate;
            if (g != null) {
                g.acquireUninterruptibly();
            }
            try {
                onWrite.run();
            } catch (AssertionError e) {
                failedChecks.add(e);
            }
            if (fail.test(n)) {
                throw new IllegalStateException("write " + n + " failed");
            }
            written.add(summary);
        }

        @Override
        public int severity(Object level) {
            return 0;
        }

        @Override
        public void info(String message) {
            // nothing the publisher reports is informational
        }

        @Override
        public void warn(String message, Throwable cause) {
            warnings.add(message);
        }

        @Override
        public void error(String message, Throwable cause) {
            errors.add(message);
        }
    }
}
