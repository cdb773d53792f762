package dev.floodgate.log4j2;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.core.LoggerContext;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Proves which Log4j version a test run uses: the build runs every test on two versions, and the behaviour tests on
 * each release of the compatibility matrix.
 */
@Tag("compatibility")
class Log4jVersionTest {

    @Test
    void classpath_log4jCoreAndApi_areTheExpectedVersion() {
        String expected = System.getProperty("floodgate.expectedLog4jVersion");

        assertThat(expected).as("set by the surefire execution").isNotBlank();
        assertThat(LoggerContext.class.getPackage().getImplementationVersion()).isEqualTo(expected);
        assertThat(Level.class.getPackage().getImplementationVersion()).isEqualTo(expected);
    }
}
