package dev.floodgate.logback;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.core.Context;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The build runs this module's tests against the Logback it is built with and the newest Logback, and its behaviour
 * tests against each release of the compatibility matrix (see the surefire executions in the pom); this checks that
 * each run really has the Logback it claims.
 */
@Tag("compatibility")
class LogbackVersionTest {

    @Test
    void classpath_logback_isTheVersionThisRunIsFor() {
        String expected = System.getProperty("floodgate.test.logbackVersion");

        assertThat(expected).as("system property floodgate.test.logbackVersion, set by the pom").isNotBlank();
        assertThat(LoggerContext.class.getPackage().getImplementationVersion()).isEqualTo(expected);
        assertThat(Context.class.getPackage().getImplementationVersion()).isEqualTo(expected);
    }
}
