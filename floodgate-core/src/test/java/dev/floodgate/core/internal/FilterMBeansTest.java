package dev.floodgate.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.floodgate.core.FloodEngine;
import dev.floodgate.core.FloodgateConfig;
import dev.floodgate.core.ManualClock;
import dev.floodgate.core.internal.FilterRegistry;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import javax.management.openmbean.CompositeData;
import javax.management.openmbean.TabularData;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class FilterMBeansTest {

    private final MBeanServer server = ManagementFactory.getPlatformMBeanServer();
    private final ManualClock clock = new ManualClock(1_700_000_000_000L);
    private final FilterRegistry registry = new FilterRegistry();
    private final FilterMBeans mbeans = new FilterMBeans(server);
    private final List<String> problems = new ArrayList<>();
    private final String name = "test-" + System.nanoTime();

    @AfterEach
    void removeListener() {
        registry.removeListener(mbeans);
    }

    private FloodEngine filter() {
        return new FloodEngine(FloodgateConfig.parse(Collections.emptyMap()), clock);
    }

    @Test
    void started_registersAnMxBeanWithTotalsOptionsAndTopFingerprints() throws Exception {
        registry.addListener(mbeans);
        FloodEngine f = filter();
        registry.register("logback", name, f, problems::add);
        for (int i = 0; i < 40; i++) {
            f.suppress("Connection to {} failed", true, "l", "ERROR", null);
        }
        ObjectName on = new ObjectName("dev.floodgate:type=Filter,framework=\"logback\",name=\"" + name + "\"");
        assertThat(server.getAttribute(on, "EventsSuppressed")).isEqualTo(24L);
        assertThat(server.getAttribute(on, "EventsPassed")).isEqualTo(16L);
        TabularData options = (TabularData) server.getAttribute(on, "Options");
        assertThat(options.get(new Object[] {"timeframe"}).get("value")).isEqualTo("5 seconds");
        CompositeData[] top = (CompositeData[]) server.getAttribute(on, "TopFingerprints");
        assertThat(top).hasSize(1);
        assertThat(top[0].get("fingerprint")).isEqualTo("Connection to {} failed");
        assertThat(top[0].get("suppressedThisPeriod")).isEqualTo(24L);
        assertThat(problems).isEmpty();
    }

    @Test
    void stopped_hundredReconfigurations_leaveNoMBeanBehind() throws Exception {
        registry.addListener(mbeans);
        ObjectName pattern = new ObjectName("dev.floodgate:type=Filter,name=\"" + name + "\",*");
        for (int i = 0; i < 100; i++) {
            FloodEngine f = filter();
            FilterRegistry.Registration r = registry.register("log4j2", name, f, problems::add);
            assertThat(server.queryNames(pattern, null)).hasSize(1);
            f.close();
            r.close();
        }
        assertThat(server.queryNames(pattern, null)).isEmpty();
        assertThat(problems).isEmpty();
    }

    @Test
    void started_nameTaken_reportsAProblemAndLeavesTheOtherMBean() throws Exception {
        FilterRegistry other = new FilterRegistry();
        FilterMBeans otherMBeans = new FilterMBeans(server);
        other.addListener(otherMBeans);
        FloodEngine theirs = filter();
        FilterRegistry.Registration theirRegistration = other.register("logback", name, theirs, problems::add);
        registry.addListener(mbeans);
        FilterRegistry.Registration mine = registry.register("logback", name, filter(), problems::add);
        assertThat(problems).singleElement().asString().contains("is taken");
        mine.close();
        ObjectName on = FilterMBeans.objectName("logback", name);
        assertThat(server.isRegistered(on)).isTrue();
        theirRegistration.close();
        assertThat(server.isRegistered(on)).isFalse();
    }
}
