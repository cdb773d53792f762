package dev.floodgate.spring;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.core.status.Status;
import dev.floodgate.logback.FloodgateTurboFilter;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.springframework.mock.env.MockEnvironment;

/**
 * The installer keeps the filter across resets, but not across the context's stop: {@code LoggerContext.stop()}
 * resets the context first, and a filter added back in that reset would count drops whose summaries have no appender
 * left to go to (Spring Boot stops the context before each re-initialisation).
 */
class LogbackInstallerTest {

    private final LoggerContext context = new LoggerContext();
    private final List<Status> statuses = new CopyOnWriteArrayList<>();

    LogbackInstallerTest() {
        context.start();
        context.getStatusManager().add(new ResistantListener(statuses));
        LogbackInstaller.apply(context, FloodgateProperties.read(new MockEnvironment()
                .withProperty("floodgate.enabled", "true")));
    }

    private List<String> starts() {
        return statuses.stream().map(Status::getMessage).filter(m -> m.contains(": started with"))
                .collect(Collectors.toList());
    }

    @Test
    void reset_addsTheFilterBack() {
        context.reset();

        assertThat(starts()).hasSize(2);
        assertThat(context.getTurboFilterList()).singleElement().isInstanceOf(FloodgateTurboFilter.class)
                .satisfies(f -> assertThat(f.isStarted()).isTrue());
        context.stop();
    }

    @Test
    void stop_startsNoFilterInItsReset() {
        context.stop();

        assertThat(starts()).as("the filter started by apply, and none in the stop's reset").hasSize(1);
        assertThat(context.getTurboFilterList()).isEmpty();
    }

    /** Collects statuses across resets, which remove the listeners that are not reset-resistant. */
    private static final class ResistantListener implements ch.qos.logback.core.status.StatusListener {
        private final List<Status> into;

        ResistantListener(List<Status> into) {
            this.into = into;
        }

        @Override
        public void addStatusEvent(Status status) {
            into.add(status);
        }

        @Override
        public boolean isResetResistant() {
            return true;
        }
    }
}
