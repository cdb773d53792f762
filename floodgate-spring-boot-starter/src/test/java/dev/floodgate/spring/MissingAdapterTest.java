package dev.floodgate.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/**
 * An application on Log4j2 that added the starter but not {@code log4j2-floodgate} (the starter brings only
 * {@code logback-floodgate}): runs in the {@code log4j2-without-adapter} surefire execution, whose class path is
 * that application's.
 */
@ExtendWith(OutputCaptureExtension.class)
class MissingAdapterTest {

    private static void start(String... properties) {
        new SpringApplicationBuilder(TestApplication.class).web(WebApplicationType.NONE).properties(properties)
                .run().close();
    }

    @Test
    void classPath_starterAlone_hasNoLog4j2Adapter() {
        assertThatThrownBy(() -> Class.forName("dev.floodgate.log4j2.FloodgateFilter"))
                .isInstanceOf(ClassNotFoundException.class);
    }

    @Test
    void start_enabledWithoutTheAdapter_failsNamingTheDependencyToAdd(CapturedOutput output) {
        assertThatThrownBy(() -> start("floodgate.enabled=true")).isInstanceOf(FloodgatePropertyException.class)
                .hasMessageContaining("floodgate.enabled=true: the application logs through Log4j2, and Floodgate's "
                        + "adapter for it, dev.floodgate:log4j2-floodgate, is not on the class path: add that "
                        + "dependency");
        assertThat(output).contains("Property: floodgate.enabled")
                .contains("Add the dependency named above (https://github.com/floodgate-dev/floodgate/blob/main/"
                        + "src/docs/metrics.md#spring-boot-floodgate-spring-boot-starter), or set "
                        + "floodgate.enabled=false.");
        assertThat(DocumentationLinks.broken(output.toString())).isEmpty();
    }

    @Test
    void start_disabledWithoutTheAdapter_starts() {
        start("floodgate.enabled=false");
    }
}
