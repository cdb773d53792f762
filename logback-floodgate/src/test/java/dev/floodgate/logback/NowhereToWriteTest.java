package dev.floodgate.logback;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import ch.qos.logback.core.status.Status;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A summary with nowhere to go is reported, not lost: Logback drops an event silently when no logger of the context
 * has an appender (after a reset, before a configuration attaches new ones) and with a mere warning when the appender
 * is stopped. A filter that stops then reports the count it could not write in one ERROR status.
 */
class NowhereToWriteTest {

    private final LoggerContext context = new LoggerContext();
    private final List<Status> statuses = new CopyOnWriteArrayList<>();

    NowhereToWriteTest() {
        context.start();
    }

    @AfterEach
    void stop() {
        context.stop();
    }

    private static void flood(Logger log) {
        for (int i = 0; i < 40; i++) {
            log.error("Connection to {} failed", i);
        }
    }

    /** Returns each ERROR status as its message and the message of its cause. */
    private List<String> errors() {
        return statuses.stream().filter(s -> s.getLevel() == Status.ERROR)
                .map(s -> s.getMessage() + " (cause: " + s.getThrowable().getMessage() + ")")
                .collect(Collectors.toList());
    }

    @Test
    void turboFilterAddedAfterAReset_stopsBeforeAnyAppender_reportsItsCount() {
        context.reset(); // as a framework's re-initialisation does before it configures again
        context.getStatusManager().add(statuses::add); // after the reset, which removes status listeners
        FloodgateTurboFilter filter = new FloodgateTurboFilter();
        filter.setContext(context);
        filter.start();
        context.addTurboFilter(filter);
        flood(context.getLogger("com.acme.Db"));

        filter.stop();

        assertThat(errors()).singleElement().satisfies(e -> assertThat(e)
                .contains("of 24 suppressed messages in all, could not be written")
                .contains("Suppressed 24 messages like \"Connection to {} failed\"")
                .contains("no logger of the context has an appender"));
    }

    @Test
    void appenderFilter_appenderStoppedByHand_reportsItsCount() {
        context.getStatusManager().add(statuses::add);
        ListAppender<ILoggingEvent> list = new ListAppender<>();
        list.setContext(context);
        list.setName("LIST");
        FloodgateFilter filter = new FloodgateFilter();
        filter.setContext(context);
        list.addFilter(filter);
        filter.start();
        list.start();
        context.getLogger(Logger.ROOT_LOGGER_NAME).addAppender(list);
        flood(context.getLogger("com.acme.Db"));

        list.stop();
        filter.stop();

        assertThat(list.list).hasSize(16);
        assertThat(errors()).singleElement().satisfies(e -> assertThat(e)
                .contains("of 24 suppressed messages in all, could not be written")
                .contains("the appender LIST is stopped"));
    }
}
