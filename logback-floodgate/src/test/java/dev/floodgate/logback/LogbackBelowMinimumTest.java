package dev.floodgate.logback;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.joran.spi.JoranException;
import ch.qos.logback.core.read.ListAppender;
import ch.qos.logback.core.status.Status;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * On a Logback older than the filters support, the filter does not start: it says so with an ERROR status that names
 * the version and the minimum, and lets every event through. Runs only in the build's execution against such a
 * Logback (see the pom), and uses nothing that Logback lacks.
 */
@Tag("below-minimum")
class LogbackBelowMinimumTest {

    private static final String TEMPLATE = "Connection to {} failed";

    @ParameterizedTest
    @ValueSource(strings = {"turbo", "appender"})
    void start_logbackBelowTheMinimum_reportsTheVersionAndLetsEveryEventThrough(String kind) throws JoranException {
        String version = System.getProperty("floodgate.test.logbackVersion");
        assertThat(version).as("system property floodgate.test.logbackVersion, set by the pom").isNotBlank();
        String element = kind.equals("turbo") ? "FloodgateTurboFilter" : "FloodgateFilter";
        LoggerContext context = new LoggerContext();
        try {
            JoranConfigurator configurator = new JoranConfigurator();
            configurator.setContext(context);
            configurator.doConfigure(getClass().getResource(getClass().getSimpleName() + "-" + kind + ".xml"));
            Logger log = context.getLogger("app.Db");

            for (int i = 0; i < 1000; i++) {
                log.error(TEMPLATE, "db-" + i);
            }

            @SuppressWarnings("unchecked")
            ListAppender<ILoggingEvent> list =
                    (ListAppender<ILoggingEvent>) context.getLogger(Logger.ROOT_LOGGER_NAME).getAppender("LIST");
            assertThat(list.list).hasSize(1000);
            List<String> errors = context.getStatusManager().getCopyOfStatusList().stream()
                    .filter(s -> s.getLevel() == Status.ERROR).map(Status::getMessage).collect(Collectors.toList());
            assertThat(errors).containsExactly(element + ": Logback " + version + " is too old for Floodgate: it "
                    + "needs Logback 1.3.6 (or 1.4.6 on the 1.4 line, or any 1.5 or 1.6), whose configuration "
                    + "events carry its state across a reload; upgrade logback-classic and logback-core (the filter "
                    + "is not started and lets every event through)");
        } finally {
            context.stop();
        }
    }
}
