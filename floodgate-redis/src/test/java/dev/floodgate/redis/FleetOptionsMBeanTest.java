package dev.floodgate.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.floodgate.core.FloodEngine;
import dev.floodgate.core.FloodgateConfig;
import dev.floodgate.core.ManualClock;
import dev.floodgate.core.internal.FilterMBeans;
import dev.floodgate.core.internal.FilterRegistry;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import javax.management.MBeanServer;
import javax.management.openmbean.TabularData;
import org.junit.jupiter.api.Test;

/** The filter's MXBean shows the fleet option without its password, read from the platform MBeanServer. */
class FleetOptionsMBeanTest {

    @Test
    void options_fleetUriWithAPassword_showsItHidden() throws Exception {
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        FilterRegistry registry = new FilterRegistry();
        FilterMBeans mbeans = new FilterMBeans(server);
        registry.addListener(mbeans);
        List<String> problems = new ArrayList<>();
        String name = "fleet-options-" + System.nanoTime();
        // nothing listens on port 1: the fleet limit is unavailable, which changes nothing here
        FloodEngine filter = new FloodEngine(FloodgateConfig.parse(Collections.singletonMap("fleet",
                "redis://app:s3cret@localhost:1/0")), new ManualClock(0));
        FilterRegistry.Registration registration = registry.register("logback", name, filter, problems::add);
        try {
            TabularData options = (TabularData) server.getAttribute(FilterMBeans.objectName("logback", name),
                    "Options");
            assertThat(options.get(new Object[] {"fleet"}).get("value")).isEqualTo("redis://app:***@localhost:1/0");
            assertThat(options.toString()).doesNotContain("s3cret");
            assertThat(problems).isEmpty();
        } finally {
            filter.close();
            registration.close();
            registry.removeListener(mbeans);
        }
    }
}
