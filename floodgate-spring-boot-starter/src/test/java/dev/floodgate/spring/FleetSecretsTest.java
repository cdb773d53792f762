package dev.floodgate.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A password in {@code floodgate.fleet} (or in the {@code spring.data.redis.url} it is taken from) is shown neither by
 * a failed startup (the failure analysis, the exception, anything written to the console) nor by a running
 * application: the console, {@code /actuator/floodgate} and {@code /actuator/env} over real HTTP.
 */
@ExtendWith(OutputCaptureExtension.class)
class FleetSecretsTest {

    /** The distinctive parts of every password below. */
    private static final String[] PARTS = {"Xq7Pw", "Zw9Kd"};

    /** Values that the starter rejects at startup, each holding a password. */
    static List<String> rejected() {
        return List.of("redis://app:Xq7Pw,Zw9Kd@127.0.0.1:1,foo",
                "redis://app:Xq7PwZw9Kd@127.0.0.1:1,h2:6379",
                "redis://app:Xq7Pw@h1,redis-sentinel://Zw9Kd@h2#m",
                "redis-sentinel://Xq7Pw,Zw9Kd@127.0.0.1:1,redis://h2",
                "Xq7Pw,Zw9Kd");
    }

    private static void assertHidden(String text) {
        for (String part : PARTS) {
            assertThat(text).doesNotContain(part);
        }
    }

    private static String stackTrace(Throwable t) {
        StringWriter out = new StringWriter();
        t.printStackTrace(new PrintWriter(out));
        return out.toString();
    }

    @ParameterizedTest
    @MethodSource("rejected")
    void start_rejectedFleet_failureAnalysisHidesThePassword(String fleet, CapturedOutput output) {
        Throwable thrown = catchThrowable(() -> new SpringApplicationBuilder(TestApplication.class)
                .web(WebApplicationType.NONE).properties("floodgate.enabled=true", "floodgate.fleet=" + fleet)
                .run().close());

        assertThat(thrown).isInstanceOf(FloodgatePropertyException.class);
        assertThat(output).contains("APPLICATION FAILED TO START").contains("Property: floodgate.fleet")
                .contains("Reason: fleet: \"");
        assertHidden(output.getAll());
        assertHidden(stackTrace(thrown));
    }

    @Test
    void start_rejectedSpringDataRedisUrl_failureAnalysisHidesThePassword(CapturedOutput output) {
        Throwable thrown = catchThrowable(() -> new SpringApplicationBuilder(TestApplication.class)
                .web(WebApplicationType.NONE).properties("floodgate.enabled=true", "floodgate.fleet=spring.data.redis",
                        "spring.data.redis.url=redis://app:Xq7Pw,Zw9Kd@cache:6379/x").run().close());

        assertThat(thrown).isInstanceOf(FloodgatePropertyException.class);
        assertThat(output).contains("Property: spring.data.redis.url").contains("is not a database number");
        assertHidden(output.getAll());
        assertHidden(stackTrace(thrown));
    }

    @Test
    void running_fleetWithAPassword_endpointsAndConsoleHideIt(CapturedOutput output) {
        try (ConfigurableApplicationContext app = new SpringApplicationBuilder(TestApplication.class).properties(
                "server.port=0",
                "management.endpoints.web.exposure.include=floodgate,env",
                "management.endpoint.env.show-values=ALWAYS",
                "floodgate.enabled=true",
                // nothing listens on port 1: the fleet limit reports an outage, which the console may show
                "floodgate.fleet=redis://app:Xq7Pw,Zw9Kd@127.0.0.1:1").run()) {
            int port = Integer.parseInt(app.getEnvironment().getProperty("local.server.port"));

            String floodgate = Http.get(port, "/actuator/floodgate");
            String env = Http.get(port, "/actuator/env");
            String fleet = Http.get(port, "/actuator/env/floodgate.fleet");

            assertThat(floodgate).contains("\"fleet\":\"redis://app:***@127.0.0.1:1\"");
            assertThat(fleet).contains("redis://app:***@127.0.0.1:1");
            assertThat(env).contains("\"management.endpoint.env.show-values\"").contains("floodgate.fleet");
            assertHidden(floodgate);
            assertHidden(env);
            assertHidden(fleet);
        }
        assertHidden(output.getAll());
    }

    @Test
    void isFleet_relaxedNames_areTheFleetProperty() {
        assertThat(FleetValueSanitizer.isFleet("floodgate.fleet")).isTrue();
        assertThat(FleetValueSanitizer.isFleet("FLOODGATE_FLEET")).isTrue();
        assertThat(FleetValueSanitizer.isFleet("floodgate.fleet-prefix")).isFalse();
    }
}
