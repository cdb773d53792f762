package dev.floodgate.core.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floodgate.core.FloodEngine;
import dev.floodgate.core.FloodgateConfig;
import dev.floodgate.core.ManualClock;
import dev.floodgate.core.summary.SuppressionSummary;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The exit hook with the real runtime: it is registered while a publisher is armed and removed after the last stop,
 * and running it writes every armed engine's pending counts once, also when a framework stops the filter at the same
 * moment; with Spring Boot present it first waits for Spring Boot's hook thread. (A real JVM exit is tested by the
 * adapters' and the Spring Boot starter's {@code ExitTest}, in child JVMs.)
 */
@Timeout(30)
class ExitHookTest {

    private final ManualClock clock = new ManualClock(1_700_000_000_000L);
    private final ExitHook hook = new ExitHook(false, SummaryPublisher.STOP_TIMEOUT_MILLIS);
    private final List<SummaryPublisher> publishers = new CopyOnWriteArrayList<>();
    private long offered;
    private long passed;

    @AfterEach
    void stopAll() {
        for (SummaryPublisher p : publishers) {
            p.stop();
        }
        assertThat(hook.registered()).as("no hook is left registered").isNull();
    }

    private FloodEngine engine() {
        return new FloodEngine(FloodgateConfig.parse(Map.of("summaryInterval", "1 hour")), clock);
    }

    private SummaryPublisher publisher(FloodEngine engine, Sink sink) {
        SummaryPublisher p = new SummaryPublisher(engine, sink, sink, "test-summaries", hook);
        publishers.add(p);
        return p;
    }

    private void flood(FloodEngine engine, String template, int calls) {
        for (int i = 0; i < calls; i++) {
            offered++;
            passed += engine.suppress(template, true, "com.acme.Db", "ERROR", null) ? 0 : 1;
        }
    }

    @Test
    void stopAtExit_firstPublisher_registersTheHookWithTheRuntime() {
        SummaryPublisher p = publisher(engine(), new Sink());

        p.stopAtExit();

        Thread registered = hook.registered();
        assertThat(registered).isNotNull();
        assertThatThrownBy(() -> Runtime.getRuntime().addShutdownHook(registered))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("previously registered");
    }

    @Test
    void stopAtExit_armedByAnApplicationsThread_hookHoldsNotItsClassLoader() throws Exception {
        SummaryPublisher p = publisher(engine(), new Sink());
        ClassLoader application = new URLClassLoader(new URL[0], null);
        Thread arming = new Thread(p::stopAtExit, "application");
        arming.setContextClassLoader(application);

        arming.start();
        arming.join();

        assertThat(hook.registered().getContextClassLoader()).isSameAs(ExitHook.class.getClassLoader());
    }

    @Test
    void stop_lastArmedPublisher_removesTheHookFromTheRuntime() {
        SummaryPublisher first = publisher(engine(), new Sink());
        SummaryPublisher second = publisher(engine(), new Sink());
        first.stopAtExit();
        second.stopAtExit();
        Thread registered = hook.registered();

        first.stop();
        assertThat(hook.registered()).as("one publisher is still armed").isSameAs(registered);
        second.stop();

        assertThat(hook.registered()).isNull();
        assertThat(Runtime.getRuntime().removeShutdownHook(registered)).as("the runtime holds the hook").isFalse();
    }

    @Test
    void stopAtExit_publisherThatContinuesTheEngine_replacesTheOneItContinues() {
        FloodEngine engine = engine();
        Sink replacedSink = new Sink();
        Sink successorSink = new Sink();
        SummaryPublisher replaced = publisher(engine, replacedSink);
        replaced.stopAtExit();
        flood(engine, "A {}", 40);
        SummaryPublisher successor = publisher(engine, successorSink);
        successor.stopAtExit();

        hook.run();

        assertThat(replacedSink.written).isEmpty();
        assertThat(successorSink.written).extracting(SuppressionSummary::suppressed).containsExactly(24L);
        assertThat(passed + 24).isEqualTo(offered);
        publishers.remove(replaced); // handed over: a replaced filter never stops the engine it gave away
    }

    @Test
    void run_pendingCountsOfEveryArmedEngine_areWrittenOnce() {
        FloodEngine a = engine();
        FloodEngine b = engine();
        Sink sinkA = new Sink();
        Sink sinkB = new Sink();
        publisher(a, sinkA).stopAtExit();
        publisher(b, sinkB).stopAtExit();
        flood(a, "A {}", 10_000);
        flood(b, "B {}", 40);

        hook.run();

        assertThat(a.isClosed()).isTrue();
        assertThat(b.isClosed()).isTrue();
        assertThat(sinkA.written).extracting(SuppressionSummary::suppressed).containsExactly(9_984L);
        assertThat(sinkB.written).extracting(SuppressionSummary::suppressed).containsExactly(24L);
        for (SummaryPublisher p : publishers) {
            assertThat(p.stop()).as("the framework's stop after the hook").isTrue();
        }
        assertThat(sinkA.written.size() + sinkB.written.size()).isEqualTo(2);
        assertThat(sinkA.errors).isEmpty();
        assertThat(sinkB.errors).isEmpty();
        assertThat(passed + 9_984 + 24).isEqualTo(offered);
    }

    @Test
    void stop_whileTheHookIsWriting_returnsOnlyOnceTheSummaryIsWritten() throws Exception {
        FloodEngine engine = engine();
        Sink sink = new Sink();
        sink.gate = new Semaphore(0);
        SummaryPublisher p = publisher(engine, sink);
        p.stopAtExit();
        flood(engine, "A {}", 40);
        CompletableFuture<Void> exit = CompletableFuture.runAsync(hook::run);
        spinUntil(() -> sink.writes.get() > 0); // the hook's writer is inside the appender

        Thread framework = new Thread(() -> {
            boolean allWritten = p.stop();
            sink.writtenWhenTheFrameworkStopped = allWritten ? sink.written.size() : -2;
        }, "framework-stop");
        framework.start();
        // the framework's stop waits for the hook's (or, wrongly, has returned)
        spinUntil(() -> framework.getState() == Thread.State.TIMED_WAITING || !framework.isAlive());
        sink.gate.release();
        framework.join();
        exit.get();

        assertThat(sink.writtenWhenTheFrameworkStopped).as("summaries written when the framework's stop returned")
                .isEqualTo(1);
        assertThat(sink.written).extracting(SuppressionSummary::suppressed).containsExactly(24L);
        assertThat(sink.errors).isEmpty();
    }

    @Test
    void run_springBootsHookRunning_filtersLimitUntilItStopsThem() throws Exception {
        ExitHook withSpringBoot = new ExitHook(true, SummaryPublisher.STOP_TIMEOUT_MILLIS);
        FloodEngine engine = engine();
        Sink sink = new Sink();
        SummaryPublisher p = new SummaryPublisher(engine, sink, sink, "test-summaries", withSpringBoot);
        p.stopAtExit();
        flood(engine, "A {}", 40);
        Semaphore closeTheApplication = new Semaphore(0);
        Thread spring = new Thread(() -> {
            closeTheApplication.acquireUninterruptibly();
            flood(engine, "A {}", 40); // the application logs while it shuts down
            p.stop(); // Spring Boot stops the logging system last
        }, ExitHook.SPRING_BOOT_HOOK);
        spring.start();
        Thread exit = new Thread(withSpringBoot::run, "floodgate-exit");
        exit.start();
        spinUntil(() -> exit.getState() == Thread.State.WAITING || !exit.isAlive()); // joined on Spring Boot's hook

        assertThat(engine.isClosed()).as("closed before Spring Boot stopped logging").isFalse();
        closeTheApplication.release();
        exit.join();

        assertThat(sink.written).extracting(SuppressionSummary::suppressed).containsExactly(64L);
        assertThat(passed + 64).isEqualTo(offered);
        assertThat(withSpringBoot.registered()).isNull();
    }

    @Test
    void stopAtExit_afterTheHookRan_armsNothing() {
        hook.run();
        SummaryPublisher p = publisher(engine(), new Sink());

        p.stopAtExit();

        assertThat(hook.registered()).isNull();
    }

    /** Spins until {@code condition} holds; the test's timeout interrupts it. */
    private static void spinUntil(BooleanSupplier condition) throws InterruptedException {
        while (!condition.getAsBoolean()) {
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
            Thread.onSpinWait();
        }
    }

    /** A sink that records what it wrote; its writes can wait for a permit. */
    private static final class Sink implements SummaryPublisher.Sink, FilterStatus {
        final List<SuppressionSummary> written = new CopyOnWriteArrayList<>();
        final List<String> errors = new CopyOnWriteArrayList<>();
        final AtomicInteger writes = new AtomicInteger();
        volatile Semaphore gate;
        volatile int writtenWhenTheFrameworkStopped = -1;

        @Override
        public void write(SuppressionSummary summary) {
            writes.incrementAndGet();
            Semaphore g = gate;
            if (g != null) {
                g.acquireUninterruptibly();
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
            errors.add(message);
        }

        @Override
        public void error(String message, Throwable cause) {
            errors.add(message);
        }
    }
}
