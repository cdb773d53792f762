package dev.floodgate.logback;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.core.status.Status;
import java.lang.management.ManagementFactory;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.junit.jupiter.api.Test;

/** A started filter has its MXBean in the platform MBean server, and a stopped one none, however often reloaded. */
class JmxTest {

    private final MBeanServer server = ManagementFactory.getPlatformMBeanServer();

    @Test
    void reconfigure_hundredTimes_leavesOneMBeanWhileRunningAndNoneAfterStop() throws Exception {
        ObjectName name = new ObjectName("dev.floodgate:type=Filter,framework=\"logback\",name=\"jmx-test\"");
        TestContext t = TestContext.configure(JmxTest.class, "named");
        try {
            for (int i = 0; i < 100; i++) {
                for (int j = 0; j < 40; j++) {
                    t.logger("shop.Db").error("Connection to {} failed", j);
                }
                t.reconfigure("named");
                assertThat(server.queryNames(new ObjectName("dev.floodgate:type=Filter,name=\"jmx-test\",*"), null))
                        .containsExactly(name);
            }
            // Each reload continues the filter's state (same name, same settings): one burst of 16 in all, and every
            // event counted once across the 100 filters.
            assertThat(server.getAttribute(name, "EventsCounted")).isEqualTo(100L * 40);
            assertThat(server.getAttribute(name, "EventsPassed")).isEqualTo(16L);
            assertThat(server.getAttribute(name, "EventsSuppressed")).isEqualTo(100L * 40 - 16);
        } finally {
            t.context.stop();
        }
        assertThat(server.isRegistered(name)).isFalse();
        assertThat(t.context.getStatusManager().getCopyOfStatusList()).noneMatch(s -> s.getLevel() >= Status.WARN);
    }
}
