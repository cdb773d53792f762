package dev.floodgate.log4j2;

import static dev.floodgate.log4j2.Log4jHarness.lines;
import static dev.floodgate.log4j2.Log4jHarness.suppressedIn;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.logging.log4j.core.Logger;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.Configurator;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Stopping and reloading, context-wide and on an appender: pending counts reach the old appenders when Log4j shuts
 * the context down or reloads a changed file ({@code monitorInterval}); and 200 reconfigurations under a logging
 * load neither deadlock nor leave threads or scheduled tasks behind.
 */
class FloodgateLifecycleTest {

    private static final String TEMPLATE = "Connection to {} failed: {}";

    @Tag("compatibility")
    @ParameterizedTest
    @ValueSource(strings = {"contextWide", "appender"})
    void shutdown_pendingDrops_areSummarizedBeforeTheAppendersStop(String place) {
        Log4jHarness h = Log4jHarness.start(getClass(), place);
        ListAppender list = h.list("list");
        try {
            for (int i = 0; i < 200; i++) {
                h.logger("app.Db").error(TEMPLATE, "db-1", i);
            }

            Configurator.shutdown(h.context);
        } finally {
            h.close();
        }

        assertThat(list.afterStop()).isEmpty();
        assertThat(lines(list.events()).size() + suppressedIn(list.events())).isEqualTo(200);
        assertThat(suppressedIn(list.events())).isPositive();
        assertThat(h.status.floodgateMessages()).isEmpty();
    }

    @Tag("compatibility")
    @ParameterizedTest
    @ValueSource(strings = {"contextWide", "appender"})
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void monitoredFileReload_sameSettings_carriesPendingDropsToTheNewFilter(String place, @TempDir Path dir)
            throws IOException, InterruptedException {
        File file = dir.resolve("log4j2.xml").toFile();
        try (InputStream in = Log4jHarness.uri(getClass(), place + "-monitored").toURL().openStream()) {
            Files.copy(in, file.toPath(), StandardCopyOption.REPLACE_EXISTING);
        }
        StatusCapture status = StatusCapture.start();
        TestClock.reset(getClass().getSimpleName());
        LoggerContext context = new LoggerContext("monitored-" + place, null, file.toURI());
        try {
            context.start();
            ListAppender old = context.getConfiguration().getAppender("list");
            for (int i = 0; i < 200; i++) {
                context.getLogger("app.Db").error(TEMPLATE, "db-1", i);
            }
            Configuration first = context.getConfiguration();
            CountDownLatch reloaded = new CountDownLatch(1);
            context.addPropertyChangeListener(e -> {
                // Log4j also fires this event, with the new configuration as both values, before it stops the old one.
                if (LoggerContext.PROPERTY_CONFIG.equals(e.getPropertyName()) && e.getOldValue() == first) {
                    reloaded.countDown();
                }
            });

            assertThat(file.setLastModified(file.lastModified() + 10_000)).isTrue();

            assertThat(reloaded.await(30, TimeUnit.SECONDS)).as("Log4j reloaded the changed file").isTrue();
            ListAppender current = context.getConfiguration().getAppender("list");
            assertThat(current).isNotSameAs(old);
            assertThat(old.afterStop()).isEmpty();
            assertThat(suppressedIn(old.events())).as("nothing summarized at the reload").isZero();
            context.stop();
            assertThat(lines(old.events()).size() + suppressedIn(current.events()))
                    .as("status %s, new appender %s", status.messages(), current.events()).isEqualTo(200);
            assertThat(lines(current.events())).as("no new burst").isEmpty();
            assertThat(status.floodgateMessages()).isEmpty();
        } finally {
            context.stop();
            status.stop();
        }
    }

    /** Threads that log until closed, as an application does while it is reconfigured. */
    private static final class Load implements AutoCloseable {
        private final AtomicBoolean running = new AtomicBoolean(true);
        private final List<Thread> threads = new ArrayList<>();
        private final CountDownLatch started;

        Load(LoggerContext context, int count) {
            started = new CountDownLatch(count);
            for (int n = 0; n < count; n++) {
                Logger log = context.getLogger("app.Load" + n);
                threads.add(new Thread(() -> {
                    started.countDown();
                    for (int i = 0; running.get(); i++) {
                        log.error(TEMPLATE, "db-1", i);
                    }
                }, "load-" + n));
            }
            threads.forEach(Thread::start);
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

    private static Set<Thread> liveThreads() {
        return new HashSet<>(Thread.getAllStackTraces().keySet());
    }

    /**
     * Returns the threads alive now that were not in {@code before}, after waiting up to {@code waitMillis} in all for
     * them to end.
     */
    private static List<Thread> newThreadsLeft(Set<Thread> before, long waitMillis) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(waitMillis);
        List<Thread> left = new ArrayList<>();
        for (Thread thread : liveThreads()) {
            if (!before.contains(thread) && thread != Thread.currentThread()) {
                thread.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
                if (thread.isAlive()) {
                    left.add(thread);
                }
            }
        }
        return left;
    }

    @ParameterizedTest
    @ValueSource(strings = {"contextWide", "appender"})
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void reconfigure_200TimesUnderLoad_leavesNoThreadOrScheduledTaskBehind(String place)
            throws InterruptedException {
        Set<Thread> before = liveThreads();
        Log4jHarness h = Log4jHarness.start(getClass(), place + "-ticking");
        Set<FloodgateFilter> filters = new LinkedHashSet<>();
        List<Thread> leftWhileRunning;
        try {
            try (Load load = new Load(h.context, 4)) {
                load.awaitStarted();
                for (int i = 0; i < 200; i++) {
                    filters.add(h.onlyFloodgate());
                    h.context.setConfigLocation(Log4jHarness.uri(getClass(), place + "-ticking"));
                }
            }
            FloodgateFilter live = h.onlyFloodgate();

            assertThat(live.hasScheduledTask()).isTrue();
            leftWhileRunning = newThreadsLeft(before, 2_000);
        } finally {
            h.close();
        }

        assertThat(filters).hasSize(200).allSatisfy(f -> {
            assertThat(f.hasScheduledTask()).as("summary task of %s", f).isFalse();
        });
        assertThat(leftWhileRunning).as("threads of the live configuration's scheduler").hasSizeLessThanOrEqualTo(2);
        assertThat(newThreadsLeft(before, 30_000)).as("threads left after the context stopped").isEmpty();
        assertThat(h.status.floodgateMessages()).isEmpty();
    }
}
