package dev.floodgate.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Replays every vector of every {@code *.json} file in {@code src/test/resources/conformance} through
 * {@link FloodLimiter}: each event's decision, consecutive refusals, last allowed time, attrition and allowance, and
 * the idle checks after the last event, must equal the recorded ones (format and origin of the vectors:
 * {@code src/docs/algorithm.md}, "Conformance vectors"). One dynamic test per vector, so a new file dropped into
 * the folder is checked with no code change.
 */
class ConformanceTest {

    @TestFactory
    Stream<DynamicNode> everyVectorFileInTheConformanceFolder() throws IOException, URISyntaxException {
        List<Path> files = vectorFiles();
        assertThat(files).as("vector files in the conformance folder").isNotEmpty();
        List<DynamicNode> nodes = new ArrayList<>();
        for (Path file : files) {
            List<DynamicTest> tests = new ArrayList<>();
            for (Object vector : (List<?>) Json.parse(Files.readString(file, StandardCharsets.UTF_8))) {
                Map<?, ?> v = (Map<?, ?>) vector;
                tests.add(DynamicTest.dynamicTest((String) v.get("name"), () -> replay(v)));
            }
            nodes.add(DynamicContainer.dynamicContainer(file.getFileName().toString(), tests));
        }
        return nodes.stream();
    }

    private static List<Path> vectorFiles() throws IOException, URISyntaxException {
        URL folder = ConformanceTest.class.getClassLoader().getResource("conformance");
        assertThat(folder).as("conformance folder on the test class path").isNotNull();
        try (Stream<Path> paths = Files.list(Paths.get(folder.toURI()))) {
            return paths.filter(p -> p.getFileName().toString().endsWith(".json")).sorted()
                    .collect(Collectors.toList());
        }
    }

    private static void replay(Map<?, ?> v) {
        long epoch = number(v.get("epoch_ms"));
        AttritionSettings settings = settings((Map<?, ?>) v.get("settings"));
        ManualClock clock = new ManualClock(epoch);
        FloodLimiter limiter = new FloodLimiter(settings, clock);
        List<?> events = (List<?>) v.get("events");
        List<?> numDisallowed = (List<?>) v.get("num_disallowed");
        List<?> lastAllowed = (List<?>) v.get("last_allowed_offset_ms");
        List<?> trace = (List<?>) v.get("trace_attrition_send_limit");
        for (int i = 0; i < events.size(); i++) {
            List<?> event = (List<?>) events.get(i);
            long offset = number(event.get(0));
            clock.set(epoch + offset);
            Decision d = limiter.decide();
            String where = "event " + i + " at offset " + offset + " ms: " + d;
            assertThat(d.allowed()).as(where).isEqualTo(event.get(1));
            if (numDisallowed != null) {
                assertThat(d.consecutiveRefused()).as(where + " num_disallowed")
                        .isEqualTo(number(numDisallowed.get(i)));
            }
            if (lastAllowed != null) {
                Object expected = lastAllowed.get(i);
                long expectedMillis = expected == null ? Decision.NEVER : epoch + number(expected);
                assertThat(d.lastAllowedMillis()).as(where + " last_allowed_offset_ms").isEqualTo(expectedMillis);
            }
            if (trace != null) {
                List<?> pair = (List<?>) trace.get(i);
                assertThat(new long[] {d.attrition(), d.sendLimit()}).as(where + " trace_attrition_send_limit")
                        .containsExactly(number(pair.get(0)), number(pair.get(1)));
            }
        }
        List<?> cleanup = (List<?>) v.get("cleanup_checks");
        if (cleanup != null) {
            for (Object check : cleanup) {
                List<?> c = (List<?>) check;
                clock.set(epoch + number(c.get(0)));
                assertThat(limiter.isIdle()).as("idle at offset " + c.get(0)).isEqualTo(c.get(1));
            }
        }
    }

    private static AttritionSettings settings(Map<?, ?> s) {
        return AttritionSettings.builder()
                .windowSize((int) number(s.get("window_size")))
                .timeframeMillis(number(s.get("timeframe_ms")))
                .timeframeSpilloverThreshold(number(s.get("timeframe_spillover_threshold")))
                .spilloverThreshold(number(s.get("spillover_threshold")))
                .attritionLogarithmBase((int) number(s.get("attrition_logarithm_base")))
                .inverseAttritionDeltaMin(number(s.get("inverse_attrition_delta_min")))
                .attritionMin(number(s.get("attrition_min")))
                .build();
    }

    private static long number(Object o) {
        return (Long) o;
    }
}
