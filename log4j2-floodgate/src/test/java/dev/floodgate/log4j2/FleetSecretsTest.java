package dev.floodgate.log4j2;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.core.filter.Filterable;
import org.apache.logging.log4j.status.StatusData;
import org.apache.logging.log4j.status.StatusListener;
import org.apache.logging.log4j.status.StatusLogger;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A password in {@code fleet}, set in real XML, appears in no status message down to DEBUG (where Log4j lists the
 * attributes of each plugin it builds), nor in the filters' text, whether the value is malformed or well-formed
 * (without floodgate-redis, which this module's tests lack, both are errors).
 */
class FleetSecretsTest {

    /** The distinctive parts of every password below. */
    private static final String[] PARTS = {"Xq7Pw", "Zw9Kd"};

    /** Keeps every status at DEBUG or above, formatted with its throwable's stack trace. */
    private static final class AllStatuses implements StatusListener {
        final List<String> formatted = new CopyOnWriteArrayList<>();

        @Override
        public void log(StatusData data) {
            formatted.add(data.getFormattedStatus());
        }

        @Override
        public Level getStatusLevel() {
            return Level.DEBUG;
        }

        @Override
        public void close() {
            // nothing to release
        }
    }

    /** Values with a password in each place a Redis URI may hold one, well-formed or not. */
    static List<String> values() {
        return List.of("redis://app:Xq7PwZw9Kd@127.0.0.1:1",
                "redis://app:Xq7Pw,Zw9Kd@127.0.0.1:1",
                "redis://app:Xq7Pw@Zw9Kd@127.0.0.1:1",
                "redis://app:Xq7Pw%2CZw9Kd@127.0.0.1:1",
                "redis://app:Xq7Pw/Zw9Kd#?:@127.0.0.1:1/0",
                "redis://127.0.0.1:1?password=Xq7Pw&Zw9Kd",
                "redis-sentinel://Xq7Pw,Zw9Kd@127.0.0.1:1,127.0.0.1:2/0#mymaster",
                "redis://app:Xq7Pw,Zw9Kd@127.0.0.1:1,redis://app:Xq7Pw,Zw9Kd@127.0.0.1:2",
                "redis://app:Xq7Pw,Zw9Kd@127.0.0.1:1,foo",
                "redis://app:Xq7Pw@h1,redis-sentinel://Zw9Kd@h2#m",
                "Xq7Pw,Zw9Kd");
    }

    @ParameterizedTest
    @MethodSource("values")
    void configure_fleetWithAPassword_noStatusNorFilterShowsIt(String fleet) {
        AllStatuses statuses = new AllStatuses();
        StatusLogger.getLogger().registerListener(statuses);
        String text;
        try (Log4jHarness h = Log4jHarness.start(getClass(), "fleet", Map.of("fleet", fleet))) {
            h.logger("app.Db").error("Connection to {} failed", "db-1");
            Filterable appender = (Filterable) h.configuration().getAppenders().get("list");
            text = String.join("\n", statuses.formatted) + "\n" + h.configuration().getFilter() + "\n"
                    + appender.getFilter();
        } finally {
            StatusLogger.getLogger().removeListener(statuses);
        }

        assertThat(statuses.formatted).filteredOn(s -> s.contains("ERROR") && s.contains("fleet: \"")).hasSize(2);
        assertThat(statuses.formatted).anyMatch(s -> s.contains("fleet=\""));
        for (String part : PARTS) {
            assertThat(text).doesNotContain(part);
        }
    }
}
