package dev.floodgate.logback;

import static dev.floodgate.logback.Adapter.LIST;
import static dev.floodgate.logback.TestContext.events;
import static dev.floodgate.logback.TestContext.messages;
import static dev.floodgate.logback.TestContext.summaries;
import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.hook.DefaultShutdownHook;
import ch.qos.logback.core.read.ListAppender;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Stopping: whatever was dropped and not yet summarized is written before the appenders stop, whether the context
 * stops, is reconfigured, reloads a changed file or is stopped by Logback's shutdown hook; and only once.
 */
class LifecycleTest {

    private TestContext t;

    @AfterEach
    void close() {
        if (t != null) {
            t.close();
            assertThat(t.problems()).as("status messages at WARN or above").isEmpty();
        }
    }

    private static void flood(Logger log, int calls) {
        for (int i = 0; i < calls; i++) {
            log.error("Connection to {} failed", i);
        }
    }

    private static long summarized(ListAppender<ILoggingEvent> list) {
        return TestContext.suppressed(events(list));
    }

    @Tag("compatibility")
    @ParameterizedTest
    @EnumSource(Adapter.class)
    void contextStop_pendingDrops_areSummarizedBeforeTheAppendersStop(Adapter adapter) {
        t = TestContext.configure(getClass(), adapter.xml);
        ListAppender<ILoggingEvent> list = t.list(LIST);
        flood(t.logger("com.acme.Db"), 40);

        t.context.stop();

        assertThat(list.isStarted()).isFalse();
        assertThat(messages(events(list))).hasSize(16);
        assertThat(summarized(list)).isEqualTo(24);
    }

    @Tag("compatibility")
    @ParameterizedTest
    @EnumSource(Adapter.class)
    void reconfigure_sameSettings_carriesPendingDropsIntoTheNextSummary(Adapter adapter) {
        t = TestContext.configure(getClass(), adapter.xml);
        ListAppender<ILoggingEvent> old = t.list(LIST);
        flood(t.logger("com.acme.Db"), 40);

        t.reconfigure(adapter.xml);
        adapter.clock(t).advance(Duration.ofSeconds(30));
        adapter.summarizeIfDue(t);

        assertThat(summaries(events(old))).isEmpty();
        assertThat(summaries(events(t.list(LIST)))).singleElement()
                .satisfies(s -> assertThat(s.getFormattedMessage()).startsWith("Suppressed 24 messages like")
                        .contains("in the last 30s"));
    }

    @ParameterizedTest
    @EnumSource(Adapter.class)
    void reconfigure_sameSettings_givesAFloodNoNewBurst(Adapter adapter) {
        t = TestContext.configure(getClass(), adapter.xml);
        ListAppender<ILoggingEvent> old = t.list(LIST);
        flood(t.logger("com.acme.Db"), 40);

        t.reconfigure(adapter.xml);
        flood(t.logger("com.acme.Db"), 40);
        ListAppender<ILoggingEvent> current = t.list(LIST);
        t.context.stop();

        List<ILoggingEvent> all = new ArrayList<>(events(old));
        all.addAll(events(current));
        assertThat(messages(all)).hasSize(16);
        assertThat(TestContext.suppressed(all)).isEqualTo(64);
        assertThat(summaries(all)).hasSize(1);
    }

    @Tag("compatibility")
    @ParameterizedTest
    @EnumSource(Adapter.class)
    void reconfigure_changedSettings_startsAfreshAndSaysSo(Adapter adapter) {
        t = TestContext.configure(getClass(), adapter.xml);
        flood(t.logger("com.acme.Db"), 40);

        t.reconfigure(adapter.xml + "-changed");
        flood(t.logger("com.acme.Db"), 40);

        assertThat(messages(events(t.list(LIST)))).as("a new burst").hasSize(16);
        assertThat(summarized(t.list(LIST))).as("the old filter's pending drops, written as the configuration ended")
                .isEqualTo(24);
        assertThat(t.context.getStatusManager().getCopyOfStatusList()).anySatisfy(s -> assertThat(s.getMessage())
                .contains("the settings differ from those of the filter it replaces").contains("starts afresh"));
    }

    @ParameterizedTest
    @EnumSource(Adapter.class)
    void reconfigure_filterRemoved_writesItsPendingDropsThroughTheNewConfiguration(Adapter adapter) {
        t = TestContext.configure(getClass(), adapter.xml);
        ListAppender<ILoggingEvent> old = t.list(LIST);
        flood(t.logger("com.acme.Db"), 40);

        t.reconfigure("none");

        assertThat(summarized(old)).isZero();
        assertThat(summarized(t.list(LIST))).isEqualTo(24);
    }

    @Tag("compatibility")
    @ParameterizedTest
    @EnumSource(Adapter.class)
    void springBootReinitialization_sameSettings_carriesPendingDrops(Adapter adapter) {
        t = TestContext.configure(getClass(), adapter.xml);
        ListAppender<ILoggingEvent> old = t.list(LIST);
        flood(t.logger("com.acme.Db"), 40);

        // What LogbackLoggingSystem.reinitialize does (Spring Boot 4.0): reset, then stop, reset and configure.
        t.context.reset();
        t.context.stop();
        t.context.reset();
        t.load(adapter.xml);
        t.context.start();
        ListAppender<ILoggingEvent> current = t.list(LIST);
        t.context.stop();

        assertThat(summarized(old)).isZero();
        assertThat(summarized(current)).isEqualTo(24);
    }

    @ParameterizedTest
    @EnumSource(Adapter.class)
    void shutdownHook_pendingDrops_areSummarizedBeforeTheAppendersStop(Adapter adapter) {
        t = TestContext.configure(getClass(), adapter.xml);
        ListAppender<ILoggingEvent> list = t.list(LIST);
        flood(t.logger("com.acme.Db"), 40);
        DefaultShutdownHook hook = new DefaultShutdownHook();
        hook.setContext(t.context);

        hook.run();

        assertThat(t.context.isStarted()).isFalse();
        assertThat(summarized(list)).isEqualTo(24);
    }

    @Tag("compatibility")
    @ParameterizedTest
    @EnumSource(Adapter.class)
    void scanReload_sameSettings_carriesPendingDropsToTheNewFilter(Adapter adapter, @TempDir Path dir)
            throws IOException, InterruptedException {
        File file = dir.resolve("logback.xml").toFile();
        try (InputStream in = TestContext.resource(getClass(), adapter.xml + "-scan").openStream()) {
            Files.copy(in, file.toPath(), StandardCopyOption.REPLACE_EXISTING);
        }
        t = TestContext.configureFile(getClass(), file);
        ListAppender<ILoggingEvent> old = t.list(LIST);
        flood(t.logger("com.acme.Db"), 40);
        CountDownLatch reloaded = new CountDownLatch(1);
        t.context.addConfigurationEventListener(e -> {
            // By name: Logback before 1.5 has CONFIGURATION_ENDED only, later ones CONFIGURATION_ENDED_SUCCESSFULLY.
            if (e.getEventType().name().startsWith("CONFIGURATION_ENDED")) {
                reloaded.countDown();
            }
        });

        assertThat(file.setLastModified(file.lastModified() + 10_000)).isTrue();

        assertThat(reloaded.await(30, TimeUnit.SECONDS)).as("Logback reloaded the changed file").isTrue();
        assertThat(old.isStarted()).isFalse();
        ListAppender<ILoggingEvent> current = t.list(LIST);
        t.context.stop();
        assertThat(summarized(old)).isZero();
        assertThat(summarized(current)).isEqualTo(24);
    }

    @ParameterizedTest
    @EnumSource(Adapter.class)
    void stop_calledTwiceThenContextStop_writesTheSummaryOnce(Adapter adapter) {
        t = TestContext.configure(getClass(), adapter.xml);
        ListAppender<ILoggingEvent> list = t.list(LIST);
        flood(t.logger("com.acme.Db"), 40);

        adapter.stop(t);
        adapter.stop(t);
        t.context.stop();

        assertThat(summaries(events(list))).hasSize(1);
        assertThat(summarized(list)).isEqualTo(24);
    }

    @ParameterizedTest
    @EnumSource(Adapter.class)
    void stop_afterAPeriodicSummary_writesOnlyWhatCameAfterIt(Adapter adapter) {
        t = TestContext.configure(getClass(), adapter.xml);
        ListAppender<ILoggingEvent> list = t.list(LIST);
        Logger log = t.logger("com.acme.Db");
        flood(log, 40);
        adapter.clock(t).advance(Duration.ofSeconds(30));
        adapter.summarizeIfDue(t);
        flood(log, 40);

        t.context.stop();

        List<ILoggingEvent> events = events(list);
        assertThat(summaries(events)).hasSize(2);
        assertThat(messages(events).size() + TestContext.suppressed(events)).isEqualTo(80);
    }

    @ParameterizedTest
    @EnumSource(Adapter.class)
    void stop_cancelsTheScheduledSummaries(Adapter adapter) {
        t = TestContext.configure(getClass(), adapter.xml);
        List<ScheduledFuture<?>> futures = t.context.getCopyOfScheduledFutures();
        assertThat(futures).singleElement().satisfies(f -> assertThat(f.isCancelled()).isFalse());

        adapter.stop(t);

        assertThat(futures.get(0).isCancelled()).isTrue();
    }

    @ParameterizedTest
    @EnumSource(Adapter.class)
    void stop_thenFlood_passesEverything(Adapter adapter) {
        t = TestContext.configure(getClass(), adapter.xml);

        adapter.stop(t);
        flood(t.logger("com.acme.Db"), 40);

        assertThat(messages(events(t.list(LIST)))).hasSize(40);
    }

    /** Threads that log until told to stop, as an application does while it is reconfigured. */
    private static final class Load implements AutoCloseable {
        private final AtomicBoolean running = new AtomicBoolean(true);
        private final List<Thread> threads = new ArrayList<>();
        private final CountDownLatch started;
        private final java.util.concurrent.atomic.LongAdder logged = new java.util.concurrent.atomic.LongAdder();

        Load(TestContext t, int count) {
            started = new CountDownLatch(count);
            for (int n = 0; n < count; n++) {
                Logger log = t.logger("com.acme.Load" + n);
                threads.add(new Thread(() -> {
                    started.countDown();
                    for (int i = 0; running.get(); i++) {
                        log.error("Connection to {} failed", i);
                        logged.increment();
                    }
                }, "load-" + n));
            }
            threads.forEach(Thread::start);
        }

        /** Returns the number of calls logged so far. */
        long logged() {
            return logged.sum();
        }

        void awaitStarted() throws InterruptedException {
            assertThat(started.await(30, TimeUnit.SECONDS)).isTrue();
        }

        @Override
        public void close() {
            running.set(false);
            try {
                for (Thread thread : threads) {
                    thread.join();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }

    /** Returns the live threads. */
    private static Set<Thread> liveThreads() {
        return new HashSet<>(Thread.getAllStackTraces().keySet());
    }

    /**
     * Returns the threads alive now that were not in {@code before}, each with its stack, after waiting a while for
     * each to end.
     */
    private static List<String> newThreadsLeft(Set<Thread> before) throws InterruptedException {
        List<String> left = new ArrayList<>();
        for (Thread thread : liveThreads()) {
            if (!before.contains(thread) && thread != Thread.currentThread()) {
                thread.join(TimeUnit.SECONDS.toMillis(10));
                if (thread.isAlive()) {
                    left.add(thread + " at " + java.util.Arrays.toString(thread.getStackTrace()));
                }
            }
        }
        return left;
    }

    /**
     * Returns once every core thread of {@code scheduler} is alive, so that a snapshot of the live threads taken then
     * sees the whole pool: its threads start lazily, on whichever thread schedules a task, and may otherwise start
     * just after the snapshot. Each core thread must run one of the tasks that meet at a barrier.
     */
    private static void fillPool(ScheduledThreadPoolExecutor scheduler) throws InterruptedException {
        int size = scheduler.getCorePoolSize();
        java.util.concurrent.CyclicBarrier all = new java.util.concurrent.CyclicBarrier(size + 1);
        for (int i = 0; i < size; i++) {
            scheduler.execute(() -> {
                try {
                    all.await(30, TimeUnit.SECONDS);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
        }
        try {
            all.await(30, TimeUnit.SECONDS);
        } catch (java.util.concurrent.BrokenBarrierException | java.util.concurrent.TimeoutException e) {
            throw new IllegalStateException("the scheduler's pool did not fill", e);
        }
    }

    /**
     * Asserts that no more threads are alive than in {@code before}: a thread that is new must have replaced one that
     * ended (a pool may replace a worker), and every other new thread must end within a while.
     */
    private static void assertNoThreadGrowth(Set<Thread> before, String what) throws InterruptedException {
        List<String> left = newThreadsLeft(before);
        long ended = before.stream().filter(thread -> !thread.isAlive()).count();
        assertThat(left).as("threads started by %s and still alive, beyond the %s that ended", what, ended)
                .hasSizeLessThanOrEqualTo((int) ended);
    }

    /**
     * Asserts that the scheduler's queue holds no cancelled task, only the summary task of the one live filter (which
     * may be running, and so out of the queue, right now); the clock ticks itself.
     */
    private static void assertLiveTasksOnly(ScheduledThreadPoolExecutor scheduler) {
        List<Runnable> queued = new ArrayList<>(scheduler.getQueue());
        assertThat(queued).as("tasks in the scheduler's queue").hasSizeBetween(0, 1)
                .allSatisfy(task -> assertThat(((java.util.concurrent.Future<?>) task).isCancelled()).isFalse());
    }

    private static void restart(Adapter adapter, TestContext t) {
        adapter.stop(t);
        if (adapter == Adapter.TURBO) {
            t.turboFilter().start();
        } else {
            t.filter(LIST).start();
        }
    }

    /**
     * Returns the status messages at WARN or above about Floodgate, and closes the context without the check of
     * {@link #close()}: under load, Logback itself warns about events logged while a reset has detached the appenders.
     */
    private List<String> floodgateProblemsAfterClose() {
        TestContext closing = t;
        t = null;
        closing.close();
        return closing.problems().stream().filter(p -> p.contains("Floodgate")).collect(Collectors.toList());
    }

    @ParameterizedTest
    @EnumSource(Adapter.class)
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void reconfigure_200TimesUnderLoad_leavesNoThreadOrScheduledTaskBehind(Adapter adapter)
            throws InterruptedException {
        t = TestContext.configure(getClass(), adapter.xml + "-ticking");
        ScheduledThreadPoolExecutor scheduler = (ScheduledThreadPoolExecutor) t.context.getScheduledExecutorService();
        try (Load load = new Load(t, 4)) {
            load.awaitStarted();
            for (int i = 0; i < 10; i++) {
                t.reconfigure(adapter.xml + "-ticking"); // the scheduler's pool reaches its size
            }
            fillPool(scheduler);
            Set<Thread> before = liveThreads();

            for (int i = 0; i < 200; i++) {
                t.reconfigure(adapter.xml + "-ticking");
            }

            assertNoThreadGrowth(before, "the reconfigurations");
        }
        assertLiveTasksOnly(scheduler);
        assertThat(t.context.getCopyOfScheduledFutures()).hasSize(1)
                .allSatisfy(f -> assertThat(f.isCancelled()).isFalse());
        assertThat(floodgateProblemsAfterClose()).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(Adapter.class)
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void stopStart_200TimesUnderLoad_leavesNoThreadOrScheduledTaskBehindAndLosesNoCount(Adapter adapter)
            throws InterruptedException {
        t = TestContext.configure(getClass(), adapter.xml + "-ticking");
        ListAppender<ILoggingEvent> list = t.list(LIST);
        ScheduledThreadPoolExecutor scheduler = (ScheduledThreadPoolExecutor) t.context.getScheduledExecutorService();
        Load load = new Load(t, 4);
        try {
            load.awaitStarted();
            for (int i = 0; i < 10; i++) {
                restart(adapter, t);
            }
            fillPool(scheduler);
            Set<Thread> before = liveThreads();

            for (int i = 0; i < 200; i++) {
                restart(adapter, t);
            }

            assertNoThreadGrowth(before, "the restarts");
        } finally {
            load.close();
        }
        long logged = load.logged();
        assertLiveTasksOnly(scheduler);
        assertThat(adapter.isStarted(t)).isTrue();
        assertThat(floodgateProblemsAfterClose()).isEmpty();
        List<ILoggingEvent> events = events(list);
        assertThat(messages(events).size() + TestContext.suppressed(events)).as("written + summarized")
                .isEqualTo(logged);
    }

    @ParameterizedTest
    @EnumSource(Adapter.class)
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void contextStop_afterLoad_endsTheSchedulerThreads(Adapter adapter) throws InterruptedException {
        Set<Thread> before = liveThreads();
        t = TestContext.configure(getClass(), adapter.xml + "-ticking");
        try (Load load = new Load(t, 4)) {
            load.awaitStarted();
            for (int i = 0; i < 20; i++) {
                t.reconfigure(adapter.xml + "-ticking");
            }
        }

        t.context.stop();

        assertThat(newThreadsLeft(before)).as("threads left after the context stopped").isEmpty();
        assertThat(floodgateProblemsAfterClose()).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(Adapter.class)
    void start_afterStop_limitsAgainFromScratch(Adapter adapter) {
        t = TestContext.configure(getClass(), adapter.xml);
        Logger log = t.logger("com.acme.Db");
        flood(log, 40);
        adapter.stop(t);

        if (adapter == Adapter.TURBO) {
            t.turboFilter().start();
        } else {
            t.filter(LIST).start();
        }
        flood(log, 40);

        assertThat(messages(events(t.list(LIST)))).hasSize(32);
        assertThat(adapter.isStarted(t)).isTrue();
    }
}
