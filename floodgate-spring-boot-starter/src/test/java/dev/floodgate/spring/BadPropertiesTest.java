package dev.floodgate.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/** A bad {@code floodgate.*} value fails the startup the way a bad XML value does, naming property and value. */
@ExtendWith(OutputCaptureExtension.class)
class BadPropertiesTest {

    private static void start(String... properties) {
        new SpringApplicationBuilder(TestApplication.class).web(WebApplicationType.NONE).properties(properties)
                .run().close();
    }

    @Test
    void start_badDuration_failsWithTheAnalysisNamingPropertyAndValue(CapturedOutput output) {
        assertThatThrownBy(() -> start("floodgate.enabled=true", "floodgate.timeframe=5 parsecs"))
                .isInstanceOf(FloodgatePropertyException.class);
        assertThat(output).contains("Property: floodgate.timeframe").contains("Value: \"5 parsecs\"")
                .contains("timeframe: \"5 parsecs\" is not a duration");
    }

    @Test
    void start_badValue_analysisPointsAtDocumentationOutsideTheRepository(CapturedOutput output) {
        assertThatThrownBy(() -> start("floodgate.enabled=true", "floodgate.timeframe=5 parsecs"))
                .isInstanceOf(FloodgatePropertyException.class);
        assertThat(output).contains("the properties are listed at https://github.com/floodgate-dev/floodgate/blob/main/"
                + "src/docs/metrics.md#spring-boot-floodgate-spring-boot-starter and in your IDE's completion")
                .doesNotContain("listed in src/docs");
        assertThat(DocumentationLinks.broken(output.toString())).isEmpty();
    }

    @Test
    void start_badLevel_failsNamingTheProperty() {
        assertThatThrownBy(() -> start("floodgate.enabled=true", "floodgate.min-level=LOUD"))
                .isInstanceOf(FloodgatePropertyException.class)
                .hasMessageContaining("floodgate.min-level=LOUD: minLevel: \"LOUD\" is not a level");
    }

    @Test
    void start_badEnabled_failsNamingTheProperty() {
        assertThatThrownBy(() -> start("floodgate.enabled=yes please"))
                .isInstanceOf(FloodgatePropertyException.class)
                .hasMessageContaining("floodgate.enabled=yes please");
    }

    @Test
    void start_badValueWhileDisabled_stillFails() {
        assertThatThrownBy(() -> start("floodgate.max-keys=-3"))
                .isInstanceOf(FloodgatePropertyException.class).hasMessageContaining("floodgate.max-keys=-3");
    }

    @Test
    void start_fleetFromSpringDataRedisWithABadUrl_failsNamingTheUrlWithItsPasswordHidden(CapturedOutput output) {
        assertThatThrownBy(() -> start("floodgate.enabled=true", "floodgate.fleet=spring.data.redis",
                "spring.data.redis.url=http://app:s3cret@cache:6379")).isInstanceOf(FloodgatePropertyException.class);
        assertThat(output).contains("Property: spring.data.redis.url")
                .contains("Value: \"http://app:***@cache:6379\"")
                .contains("spring.data.redis.url: not a redis:// or rediss:// URL")
                .contains("floodgate.fleet=spring.data.redis reads the spring.data.redis.* properties (see "
                        + "https://github.com/floodgate-dev/floodgate/blob/main/src/docs/fleet.md#spring-boot)")
                .doesNotContain("s3cret");
        assertThat(DocumentationLinks.broken(output.toString())).isEmpty();
    }

    @Test
    void start_fleetFromSpringDataRedisWithAnSslBundle_failsNamingTheBundle(CapturedOutput output) {
        assertThatThrownBy(() -> start("floodgate.enabled=true", "floodgate.fleet=spring.data.redis",
                "spring.data.redis.ssl.bundle=corp")).isInstanceOf(FloodgatePropertyException.class);
        assertThat(output).contains("Property: spring.data.redis.ssl.bundle").contains("Value: \"corp\"")
                .contains("an SSL bundle cannot be handed to the fleet limit's Redis client");
    }

    @Test
    void start_noFloodgateProperties_startsWithoutAFilter() {
        start();
    }
}
