package dev.floodgate.core.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class TraceMemoryTest {

    private static final long T0 = Instant.parse("2026-03-02T10:00:01.120Z").toEpochMilli();

    private final TraceMemory memory = new TraceMemory();

    private TraceMemory.Sighting recall(Throwable t, long millis) {
        return memory.recall(t, TraceShape.THROWABLE, millis);
    }

    @Test
    void recall_firstSighting_isFull() {
        assertThat(recall(TraceShapeTest.thrownHere("x"), T0).isFull()).isTrue();
    }

    @Test
    void recall_floodWithinTheInterval_isOneFullAndTheRestReferences() {
        List<Boolean> full = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            full.add(recall(TraceShapeTest.thrownHere("request " + i), T0 + i * 100).isFull());
        }

        assertThat(full.get(0)).isTrue();
        assertThat(full.subList(1, 100)).containsOnly(false);
    }

    @Test
    void recall_reference_namesTheFullPrint() {
        TraceMemory.Sighting full = recall(TraceShapeTest.thrownHere("x"), T0);

        TraceMemory.Sighting ref = recall(TraceShapeTest.thrownHere("y"), T0 + 5_000);

        assertThat(ref.id()).isEqualTo(full.id());
        assertThat(ref.printedAtMillis()).isEqualTo(T0);
        assertThat(ref.frames()).isEqualTo(full.frames());
    }

    @Test
    void recall_lastMillisecondOfTheInterval_isReference() {
        recall(TraceShapeTest.thrownHere("x"), T0);

        assertThat(recall(TraceShapeTest.thrownHere("x"), T0 + 29_999).isFull()).isFalse();
    }

    @Test
    void recall_intervalPassed_isFullAgain() {
        recall(TraceShapeTest.thrownHere("x"), T0);

        TraceMemory.Sighting again = recall(TraceShapeTest.thrownHere("x"), T0 + 30_000);

        assertThat(again.isFull()).isTrue();
        assertThat(recall(TraceShapeTest.thrownHere("x"), T0 + 30_001).printedAtMillis()).isEqualTo(T0 + 30_000);
    }

    @Test
    void recall_configuredInterval_isUsed() {
        TraceMemory tenSeconds = new TraceMemory(Duration.ofSeconds(10), 16);
        tenSeconds.recall(TraceShapeTest.thrownHere("x"), TraceShape.THROWABLE, T0);

        assertThat(tenSeconds.recall(TraceShapeTest.thrownHere("x"), TraceShape.THROWABLE, T0 + 10_000).isFull())
                .isTrue();
    }

    @Test
    void recall_differentCause_isFull() {
        recall(TraceShapeTest.wrapped("x", new IOException("a")), T0);

        assertThat(recall(TraceShapeTest.wrapped("x", new IllegalStateException("a")), T0 + 1).isFull()).isTrue();
    }

    @Test
    void recall_differentFirstFrame_isFull() {
        recall(TraceShapeTest.thrownHere("x"), T0);

        assertThat(recall(TraceShapeTest.thrownThere("x"), T0 + 1).isFull()).isTrue();
    }

    @Test
    void recall_eventStampedBeforeTheFullPrint_isFullAndBecomesTheFullPrint() {
        recall(TraceShapeTest.thrownHere("x"), T0);

        TraceMemory.Sighting earlier = recall(TraceShapeTest.thrownHere("x"), T0 - 1);

        assertThat(earlier.isFull()).isTrue();
        assertThat(recall(TraceShapeTest.thrownHere("x"), T0 + 1).printedAtMillis()).isEqualTo(T0 - 1);
    }

    @Test
    void recall_moreShapesThanTheBound_forgetsTheOldestFirst() {
        TraceMemory small = new TraceMemory(Duration.ofSeconds(30), 2);
        Throwable first = TraceShapeTest.wrapped("x", new IOException());
        Throwable second = TraceShapeTest.wrapped("x", new IllegalStateException());
        Throwable third = TraceShapeTest.wrapped("x", new IllegalArgumentException());
        small.recall(first, TraceShape.THROWABLE, T0);
        small.recall(second, TraceShape.THROWABLE, T0);

        small.recall(third, TraceShape.THROWABLE, T0);

        assertThat(small.size()).isEqualTo(2);
        assertThat(small.recall(second, TraceShape.THROWABLE, T0 + 1).isFull()).isFalse();
        assertThat(small.recall(third, TraceShape.THROWABLE, T0 + 1).isFull()).isFalse();
        assertThat(small.recall(first, TraceShape.THROWABLE, T0 + 1).isFull()).isTrue();
    }

    @Test
    void recall_manyDistinctShapes_staysWithinTheDefaultBound() {
        for (int i = 0; i < 3_000; i++) {
            RuntimeException e = new RuntimeException("x");
            e.setStackTrace(new StackTraceElement[] {new StackTraceElement("com.acme.Generated", "m", "G.java", i)});
            recall(e, T0);
        }

        assertThat(memory.size()).isEqualTo(TraceMemory.DEFAULT_MAX_TRACES);
    }

    @Test
    void recall_cyclicChain_isRememberedLikeAnyOther() {
        RuntimeException a = new RuntimeException("a");
        IllegalStateException b = new IllegalStateException("b");
        a.initCause(b);
        b.initCause(a);

        assertThat(recall(a, T0).isFull()).isTrue();
        assertThat(recall(a, T0 + 1).isFull()).isFalse();
    }

    @Test
    void recall_threadsRacingOnOneShape_printInFullOnce() throws InterruptedException {
        int threads = 4;
        int calls = 2_000;
        AtomicInteger fulls = new AtomicInteger();
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> started = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
            Thread t = new Thread(() -> {
                try {
                    start.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
                for (int c = 0; c < calls; c++) {
                    if (recall(TraceShapeTest.thrownHere("x"), T0 + c).isFull()) {
                        fulls.incrementAndGet();
                    }
                }
            });
            t.start();
            started.add(t);
        }
        start.countDown();
        for (Thread t : started) {
            t.join();
        }

        // Each thread's first call is stamped T0; every later one is stamped after it and within the interval.
        assertThat(fulls.get()).isEqualTo(1);
    }

    @Test
    void appendReference_namesIdFramesTimeAndEveryCause() {
        Throwable e = TraceShapeTest.wrapped("Request processing failed", new IllegalStateException("Expected"));
        TraceMemory.Sighting full = recall(e, T0);
        TraceMemory.Sighting ref = recall(e, T0 + 1);
        StringBuilder sb = new StringBuilder();

        ref.appendReference(sb, e, TraceShape.THROWABLE);

        assertThat(sb.toString()).isEqualTo("[trace " + full.id() + ", " + e.getStackTrace().length
                + " frames, in full at 2026-03-02T10:00:01.120Z] java.lang.RuntimeException: Request processing "
                + "failed; caused by: java.lang.IllegalStateException: Expected");
    }

    @Test
    void appendReference_messageWithLineBreaks_staysOneLine() {
        Throwable e = TraceShapeTest.thrownHere("line 1\nline 2\r\u0007end");
        recall(e, T0);
        StringBuilder sb = new StringBuilder();

        recall(e, T0 + 1).appendReference(sb, e, TraceShape.THROWABLE);

        assertThat(sb.toString()).endsWith("java.lang.RuntimeException: line 1\\nline 2\\r\\u0007end")
                .doesNotContain("\n", "\r");
    }

    @Test
    void appendReference_cyclicChain_endsTheLine() {
        RuntimeException a = new RuntimeException("a");
        IllegalStateException b = new IllegalStateException("b");
        a.initCause(b);
        b.initCause(a);
        recall(a, T0);
        StringBuilder sb = new StringBuilder();

        recall(a, T0 + 1).appendReference(sb, a, TraceShape.THROWABLE);

        assertThat(sb.toString()).endsWith("java.lang.RuntimeException: a; caused by: java.lang.IllegalStateException: "
                + "b; ...");
    }

    @Test
    void appendHeader_carriesTheId() {
        TraceMemory.Sighting full = recall(TraceShapeTest.thrownHere("x"), T0);
        StringBuilder sb = new StringBuilder();

        full.appendHeader(sb);

        assertThat(sb.toString()).isEqualTo("[trace " + full.id() + "] ");
    }

    @Test
    void new_zeroInterval_isRejectedNamingTheSetting() {
        assertThatThrownBy(() -> new TraceMemory(Duration.ZERO, 16))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("interval must be between 1ms and 1d, was PT0S");
    }

    @Test
    void new_noTraces_isRejectedNamingTheSetting() {
        assertThatThrownBy(() -> new TraceMemory(Duration.ofSeconds(1), 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("maxTraces must be >= 1, was 0");
    }
}
