package dev.floodgate.logback;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.core.status.Status;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A password in {@code fleet}, set in real XML, appears in no status message of the context, whether the value is
 * malformed or well-formed (without floodgate-redis, which this module's tests lack, both are errors).
 */
class FleetSecretsTest {

    /** The distinctive parts of every password below. */
    private static final String[] PARTS = {"Xq7Pw", "Zw9Kd"};

    private TestContext t;

    @AfterEach
    void close() {
        if (t != null) {
            t.close();
        }
    }

    /** Returns every status of the context, with the stack trace of each status's throwable. */
    static String statusText(List<Status> statuses) {
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

    private static void assertHidden(String text) {
        for (String part : PARTS) {
            assertThat(text).doesNotContain(part);
        }
    }

    @ParameterizedTest
    @MethodSource("values")
    void configure_fleetFromAVariableNamedSecret_noStatusShowsThePassword(String fleet) {
        t = TestContext.configure(getClass(), "secretVariable", Map.of("fleetSecret", fleet));

        assertThat(t.errors()).hasSize(2).allSatisfy(e -> assertThat(e).contains("fleet: \""));
        assertHidden(statusText(t.context.getStatusManager().getCopyOfStatusList()));
    }

    @ParameterizedTest
    @MethodSource("values")
    void configure_fleetWrittenInTheFile_noStatusShowsThePassword(String fleet) {
        String escaped = fleet.replace("&", "&amp;").replace("<", "&lt;");
        t = TestContext.configureWithOptions(getClass(), "literal", "<fleet>" + escaped + "</fleet>");

        assertThat(t.errors()).hasSize(2).allSatisfy(e -> assertThat(e).contains("fleet: \""));
        assertHidden(statusText(t.context.getStatusManager().getCopyOfStatusList()));
    }

    /** The trap that src/docs/fleet.md names: Logback's own status shows a variable's value unless named secret. */
    @ParameterizedTest
    @MethodSource("values")
    void configure_fleetFromAVariableNotNamedSecret_logbackItselfShowsIt(String fleet) {
        t = TestContext.configure(getClass(), "plainVariable", Map.of("fleet", fleet));

        List<Status> substitutions = t.context.getStatusManager().getCopyOfStatusList().stream()
                .filter(s -> s.getMessage().contains("substituted for \"${fleet}\"")).collect(Collectors.toList());
        assertThat(substitutions).hasSize(1);
        assertThat(substitutions.get(0).getMessage()).contains(PARTS[0]);
        List<Status> floodgate = t.context.getStatusManager().getCopyOfStatusList().stream()
                .filter(s -> s.getMessage().startsWith("FloodgateTurboFilter")).collect(Collectors.toList());
        assertThat(floodgate).hasSize(1);
        assertHidden(statusText(floodgate));
    }
}
