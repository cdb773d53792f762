package dev.floodgate.logback;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.core.Context;
import java.util.concurrent.locks.ReentrantLock;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The build runs this module's tests against the Logback it is built with and the newest Logback, and its behaviour
 * tests against each release of the compatibility matrix (see the surefire executions in the pom); this checks that
 * each run really has the Logback it claims, and what {@link LogbackVersion} reads of it.
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

    @Test
    void configurationLocked_whileAConfiguratorHoldsTheLock_isTrueWhereTheLockCanBeTested() throws Exception {
        LoggerContext context = new LoggerContext();
        // Called by reflection: its return type differs between releases (a monitor before 1.5.7).
        Object lock = Context.class.getMethod("getConfigurationLock").invoke(context);

        if (lock instanceof ReentrantLock) {
            ReentrantLock held = (ReentrantLock) lock;
            held.lock();
            try {
                assertThat(LogbackVersion.configurationLocked(context)).isTrue();
            } finally {
                held.unlock();
            }
        } else {
            synchronized (lock) {
                assertThat(LogbackVersion.configurationLocked(context)).as("a monitor cannot be tested").isFalse();
            }
        }
        assertThat(LogbackVersion.configurationLocked(context)).isFalse();
    }
}
