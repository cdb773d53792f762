package dev.floodgate.redis;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.core.status.Status;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.status.StatusData;
import org.apache.logging.log4j.status.StatusListener;
import org.apache.logging.log4j.status.StatusLogger;
import org.apache.logging.log4j.core.config.ConfigurationSource;
import org.apache.logging.log4j.core.config.xml.XmlConfiguration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A password in {@code fleet} appears in no status of the fleet connection: when Redis is unreachable, when it
 * refuses the password (a real redis-server with {@code requirepass}), and when Lettuce cannot read the URI, whose
 * exception messages quote it. Seen through the core's status interface, Logback's status manager and Log4j's status
 * logger, each configured from real XML.
 */
class FleetSecretsTest {

    /** The distinctive parts of every password below. */
    private static final String[] PARTS = {"Xq7Pw", "Zw9Kd"};

    /** Values with a password in each place a Redis URI may hold one, at {@code HOST}. */
    static List<String> forms() {
        return List.of("redis://app:Xq7PwZw9Kd@HOST",
                "redis://app:Xq7Pw,Zw9Kd@HOST",
                "redis://app:Xq7Pw@Zw9Kd@HOST",
                "redis://app:Xq7Pw%2CZw9Kd@HOST",
                "redis://:Xq7Pw%40Zw9Kd@HOST/0",
                "redis://Xq7PwZw9Kd@HOST?timeout=2s",
                "redis://HOST?password=Xq7Pw&Zw9Kd");
    }

    /** The forms at a port where nothing listens, plus a Sentinel and a Cluster. */
    static List<String> unreachable() {
        List<String> out = forms().stream().map(f -> f.replace("HOST", "127.0.0.1:1")).collect(Collectors.toList());
        out.add("redis-sentinel://Xq7Pw,Zw9Kd@127.0.0.1:1,127.0.0.1:2/0#mymaster");
        out.add("redis://app:Xq7Pw,Zw9Kd@127.0.0.1:1,redis://app:Xq7Pw,Zw9Kd@127.0.0.1:2");
        return out;
    }

    private static void assertHidden(String text) {
        for (String part : PARTS) {
            assertThat(text).doesNotContain(part);
        }
    }

    @ParameterizedTest
    @MethodSource("unreachable")
    void connect_redisUnreachable_warningHidesThePassword(String fleet) {
        try (FleetHarness h = new FleetHarness(fleet, 1000)) {
            FleetHarness.await("the connection reports the outage", () -> {
                h.offer(); // the first call connects
                return !h.warnings.isEmpty();
            });
            assertThat(h.warnings.get(0)).contains("is unavailable");
            assertHidden(String.join("\n", h.warnings) + String.join("\n", h.infos));
        }
    }

    /** The forms whose password Lettuce sends (it reads a raw '@' in a password as part of the host). */
    static List<String> sentForms() {
        return forms().stream().filter(f -> !f.contains("Xq7Pw@")).collect(Collectors.toList());
    }

    @ParameterizedTest
    @MethodSource("sentForms")
    void connect_redisRefusesThePassword_warningHidesIt(String form) throws Exception {
        try (RedisProcess redis = RedisProcess.started("--requirepass", "an0ther-one")) {
            String fleet = form.replace("HOST", "127.0.0.1:" + redis.port());
            try (FleetHarness h = new FleetHarness(fleet, 1000)) {
                FleetHarness.await("the connection reports the refusal", () -> {
                    h.offer(); // the first call connects
                    return !h.warnings.isEmpty();
                });
                assertThat(h.warnings.get(0)).contains("is unavailable").containsPattern("WRONGPASS|NOAUTH");
                assertHidden(String.join("\n", h.warnings) + String.join("\n", h.infos));
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"redis://app:Xq7Pw Zw9Kd@127.0.0.1:1", "redis://app:Xq7Pw/Zw9Kd@127.0.0.1:1",
        "redis://app:Xq7Pw%zzZw9Kd@127.0.0.1:1", "redis://app:Xq7Pw\"Zw9Kd@127.0.0.1:1"})
    void open_uriLettuceCannotRead_warningHidesThePassword(String fleet) {
        try (FleetHarness h = new FleetHarness(fleet, 1000)) {
            assertThat(h.warnings).hasSize(1);
            assertThat(h.warnings.get(0)).contains("cannot be used");
            assertHidden(h.warnings.get(0));
        }
    }

    @ParameterizedTest
    @MethodSource("unreachable")
    void logbackFromXml_redisUnreachable_noStatusShowsThePassword(String fleet) throws Exception {
        LoggerContext context = new LoggerContext();
        context.putProperty("fleetSecret", fleet);
        JoranConfigurator configurator = new JoranConfigurator();
        configurator.setContext(context);
        configurator.doConfigure(FleetSecretsTest.class.getResource("FleetSecretsTest-fleet.xml"));
        try {
            FleetHarness.await("both filters report the outage", () -> {
                context.getLogger("shop.Payments").error("Payment {} failed", 1); // the first call connects
                return warnings(context) == 2;
            });
            assertHidden(statusText(context.getStatusManager().getCopyOfStatusList()));
        } finally {
            context.stop();
        }
        assertHidden(statusText(context.getStatusManager().getCopyOfStatusList()));
    }

    @ParameterizedTest
    @MethodSource("unreachable")
    void log4j2FromXml_redisUnreachable_noStatusShowsThePassword(String fleet) throws Exception {
        String xml = "<Configuration><Floodgate fleet=\"" + fleet.replace("&", "&amp;") + "\"/>"
                + "<Loggers><Root level=\"INFO\"/></Loggers></Configuration>";
        List<String> statuses = new CopyOnWriteArrayList<>();
        StatusListener listener = new StatusListener() {
            @Override
            public void log(StatusData data) {
                statuses.add(data.getLevel() + " " + data.getFormattedStatus());
            }

            @Override
            public Level getStatusLevel() {
                return Level.DEBUG;
            }

            @Override
            public void close() {
                // nothing to release
            }
        };
        StatusLogger.getLogger().registerListener(listener);
        org.apache.logging.log4j.core.LoggerContext context = new org.apache.logging.log4j.core.LoggerContext("fleet");
        try {
            context.start(new XmlConfiguration(context, new ConfigurationSource(
                    new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)))));
            FleetHarness.await("the filter reports the outage", () -> {
                context.getLogger("shop.Payments").error("Payment {} failed", 1); // the first call connects
                return statuses.stream().anyMatch(s -> s.startsWith("WARN") && s.contains("is unavailable"));
            });
            context.stop();
        } finally {
            StatusLogger.getLogger().removeListener(listener);
        }
        assertThat(statuses).anyMatch(s -> s.contains("fleet=\""));
        assertHidden(String.join("\n", statuses));
    }

    private static long warnings(LoggerContext context) {
        return context.getStatusManager().getCopyOfStatusList().stream()
                .filter(s -> s.getLevel() == Status.WARN && s.getMessage().contains("is unavailable")).count();
    }

    private static String statusText(List<Status> statuses) {
        StringWriter out = new StringWriter();
        PrintWriter writer = new PrintWriter(out);
        for (Status s : statuses) {
            writer.println(s.getLevel() + " " + s.getOrigin() + " " + s.getMessage());
            if (s.getThrowable() != null) {
                s.getThrowable().printStackTrace(writer);
            }
        }
        writer.flush();
        return out.toString();
    }
}
