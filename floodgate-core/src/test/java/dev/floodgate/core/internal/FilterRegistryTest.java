package dev.floodgate.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.floodgate.core.FloodEngine;
import dev.floodgate.core.FloodgateConfig;
import dev.floodgate.core.ManualClock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class FilterRegistryTest {

    private final ManualClock clock = new ManualClock(1_700_000_000_000L);
    private final FilterRegistry registry = new FilterRegistry();
    private final List<String> problems = new ArrayList<>();
    private final List<String> heard = new ArrayList<>();

    private FloodEngine floodedFilter(int calls) {
        FloodEngine f = new FloodEngine(FloodgateConfig.parse(Collections.emptyMap()), clock);
        for (int i = 0; i < calls; i++) {
            f.suppress("x {}", true, "l", "ERROR", null);
        }
        return f;
    }

    private final FilterRegistry.Listener recorder = new FilterRegistry.Listener() {
        @Override
        public void started(RegisteredFilter filter) {
            heard.add("started " + filter.name());
        }

        @Override
        public void stopped(RegisteredFilter filter) {
            heard.add("stopped " + filter.name());
        }
    };

    @Test
    void register_reconfigured_keepsCountingUnderTheSameIdentity() {
        FloodEngine first = floodedFilter(40);
        FilterRegistry.Registration r1 = registry.register("logback", "turbo", first, problems::add);
        first.close();
        r1.close();
        FloodEngine second = floodedFilter(20);
        FilterRegistry.Registration r2 = registry.register("logback", "turbo", second, problems::add);
        assertThat(r2.filter()).isSameAs(r1.filter());
        assertThat(r2.filter().totals().suppressed()).isEqualTo(24 + 4);
        assertThat(r2.filter().totals().counted()).isEqualTo(60);
        assertThat(problems).isEmpty();
    }

    @Test
    void register_log4j2Reload_newFilterContinuesTheEngineBeforeTheOldStops_countsItOnce() {
        FloodEngine engine = floodedFilter(40);
        FilterRegistry.Registration old = registry.register("log4j2", "context-wide", engine, problems::add);
        FilterRegistry.Registration next = registry.register("log4j2", "context-wide", engine, problems::add);
        assertThat(next.filter().totals().counted()).isEqualTo(40);
        old.close();
        assertThat(next.filter().totals().counted()).isEqualTo(40);
        engine.suppress("x {}", true, "l", "ERROR", null);
        assertThat(next.filter().totals().counted()).isEqualTo(41);
        assertThat(next.filter().totals().suppressed()).isEqualTo(25);
    }

    @Test
    void register_logbackReload_oldStopsBeforeTheNewContinuesTheEngine_countsItOnce() {
        FloodEngine engine = floodedFilter(40);
        registry.register("logback", "turbo", engine, problems::add).close();
        FilterRegistry.Registration next = registry.register("logback", "turbo", engine, problems::add);
        engine.suppress("x {}", true, "l", "ERROR", null);
        assertThat(next.filter().totals().counted()).isEqualTo(41);
        next.close();
        assertThat(next.filter().totals().counted()).isEqualTo(41);
        assertThat(next.filter().totals().suppressed()).isEqualTo(25);
    }

    @Test
    void listener_newConfigurationStartsBeforeTheOldStops_hearsOneStartAndOneStop() {
        registry.addListener(recorder);
        FloodEngine old = floodedFilter(1);
        FilterRegistry.Registration r1 = registry.register("log4j2", "context-wide", old, problems::add);
        FilterRegistry.Registration r2 = registry.register("log4j2", "context-wide", floodedFilter(1), problems::add);
        old.close();
        r1.close();
        assertThat(heard).containsExactly("started context-wide");
        r2.close();
        r2.close();
        assertThat(heard).containsExactly("started context-wide", "stopped context-wide");
        assertThat(registry.live()).isEmpty();
    }

    @Test
    void addListener_filtersAlreadyLive_areAnnounced() {
        registry.register("logback", "a", floodedFilter(1), problems::add);
        registry.addListener(recorder);
        assertThat(heard).containsExactly("started a");
    }

    @Test
    void register_listenerFails_reportsAndRegistersAnyway() {
        registry.addListener(new FilterRegistry.Listener() {
            @Override
            public void started(RegisteredFilter filter) {
                throw new IllegalStateException("no room");
            }

            @Override
            public void stopped(RegisteredFilter filter) {
            }
        });
        registry.register("logback", "a", floodedFilter(1), problems::add);
        assertThat(problems).containsExactly("monitoring of filter \"a\": no room; the filter works on without it");
        assertThat(registry.live()).extracting(RegisteredFilter::name).containsExactly("a");
    }
}
