package dev.floodgate.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floodgate.core.fleet.FleetConnection;
import dev.floodgate.core.fleet.FleetProvider;
import dev.floodgate.core.fleet.FleetReply;
import dev.floodgate.core.fleet.FleetSettings;
import dev.floodgate.core.fleet.FleetStatus;
import dev.floodgate.core.internal.FilterMBeans;
import dev.floodgate.core.internal.FilterRegistry;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.management.MBeanServer;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A password in {@code fleet} is shown on no path of the core: the configuration errors, the engine's error when the
 * fleet module went missing, the configuration's text, and the {@code Options} attribute read from the platform
 * MBeanServer.
 */
class FleetSecretsTest {

    /** The distinctive parts of every password below. */
    private static final String[] PARTS = {"Xq7Pw", "Zw9Kd"};

    /** Values the core accepts: a password in each place a Redis URI may hold one. */
    static List<String> accepted() {
        return List.of("redis://app:Xq7PwZw9Kd@127.0.0.1:1",
                "redis://app:Xq7Pw,Zw9Kd@127.0.0.1:1",
                "redis://app:Xq7Pw@Zw9Kd@127.0.0.1:1",
                "redis://app:Xq7Pw%2CZw9Kd@127.0.0.1:1",
                "redis://app:Xq7Pw/Zw9Kd#?:@127.0.0.1:1/0",
                "redis://:Xq7PwZw9Kd@127.0.0.1:1",
                "rediss://Xq7PwZw9Kd@127.0.0.1:1?timeout=1s",
                "redis://127.0.0.1:1?password=Xq7Pw&Zw9Kd",
                "redis-sentinel://Xq7Pw,Zw9Kd@127.0.0.1:1,127.0.0.1:2/0#mymaster",
                "redis://app:Xq7Pw,Zw9Kd@127.0.0.1:1,redis://app:Xq7Pw,Zw9Kd@127.0.0.1:2");
    }

    /** Values the core rejects, each holding a password. */
    static List<String> rejected() {
        return List.of("redis://app:Xq7Pw,Zw9Kd@127.0.0.1:1,foo",
                "redis://app:Xq7Pw,Zw9Kd@h1,h2:6379",
                "redis://app:Xq7Pw@h1,redis-sentinel://Zw9Kd@h2#m",
                "Xq7Pw,Zw9Kd",
                "http://app:Xq7Pw,Zw9Kd@cache:6379");
    }

    private static void assertHidden(String shown) {
        for (String part : PARTS) {
            assertThat(shown).doesNotContain(part);
        }
    }

    @ParameterizedTest
    @MethodSource("accepted")
    void parse_fleetWithoutItsModule_errorHidesThePassword(String fleet) {
        assertThatThrownBy(() -> FloodgateConfig.parse(Map.of("fleet", fleet)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("needs the floodgate-redis module")
                .satisfies(e -> assertHidden(e.getMessage()));
    }

    @ParameterizedTest
    @MethodSource("rejected")
    void parse_malformedFleet_errorHidesThePassword(String fleet) {
        List<String> problems = new ArrayList<>();
        assertThat(FloodgateConfig.parse(Map.of("fleet", fleet), problems)).isNull();
        assertThat(problems).hasSize(1);
        assertThat(problems.get(0)).startsWith("fleet: \"");
        assertHidden(problems.get(0));
    }

    @ParameterizedTest
    @MethodSource("accepted")
    void newFloodEngine_fleetModuleGoneSinceParsing_errorHidesThePassword(String fleet, @TempDir Path dir)
            throws IOException {
        FloodgateConfig config;
        try (URLClassLoader loader = withLocalStore(dir)) {
            config = withContextLoader(loader, () -> FloodgateConfig.parse(Map.of("fleet", fleet)));
        }
        assertHidden(config.toString());
        assertThatThrownBy(() -> new FloodEngine(config, new ManualClock(0)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("needs the floodgate-redis module")
                .satisfies(e -> assertHidden(e.getMessage()));
    }

    @ParameterizedTest
    @MethodSource("accepted")
    void optionsAttribute_fromThePlatformMBeanServer_hidesThePassword(String fleet, @TempDir Path dir)
            throws Exception {
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        FilterRegistry registry = new FilterRegistry();
        FilterMBeans mbeans = new FilterMBeans(server);
        registry.addListener(mbeans);
        String name = "fleet-secrets-" + System.nanoTime();
        try (URLClassLoader loader = withLocalStore(dir)) {
            FloodEngine filter = withContextLoader(loader, () -> new FloodEngine(FloodgateConfig.parse(
                    Map.of("fleet", fleet)), new ManualClock(0)));
            List<String> problems = new ArrayList<>();
            FilterRegistry.Registration registration = registry.register("logback", name, filter, problems::add);
            try {
                Object options = server.getAttribute(FilterMBeans.objectName("logback", name), "Options");
                assertThat(options.toString()).contains("fleet");
                assertHidden(options.toString());
                assertThat(problems).isEmpty();
            } finally {
                registration.close();
                filter.close();
                registry.removeListener(mbeans);
            }
        }
    }

    /** A class loader that offers {@link LocalStore} as the fleet provider, as floodgate-redis's jar would. */
    private static URLClassLoader withLocalStore(Path dir) throws IOException {
        Path services = dir.resolve("META-INF/services");
        Files.createDirectories(services);
        Files.write(services.resolve(FleetProvider.class.getName()),
                LocalStore.class.getName().getBytes(StandardCharsets.UTF_8));
        return new URLClassLoader(new URL[] {dir.toUri().toURL()}, FleetSecretsTest.class.getClassLoader());
    }

    private interface Action<T> {
        T run();
    }

    private static <T> T withContextLoader(ClassLoader loader, Action<T> action) {
        Thread thread = Thread.currentThread();
        ClassLoader before = thread.getContextClassLoader();
        thread.setContextClassLoader(loader);
        try {
            return action.run();
        } finally {
            thread.setContextClassLoader(before);
        }
    }

    /** A fleet store that never answers: the paths above print the settings, not what the store says. */
    public static final class LocalStore implements FleetProvider {

        /** Created by {@link java.util.ServiceLoader}. */
        public LocalStore() {
            // stateless
        }

        @Override
        public FleetConnection connect(FleetSettings settings, FleetStatus status) {
            return new FleetConnection() {
                @Override
                public void take(String key, long quantity, FleetReply reply) {
                    reply.unavailable();
                }

                @Override
                public void close() {
                    // nothing was opened
                }
            };
        }
    }
}
