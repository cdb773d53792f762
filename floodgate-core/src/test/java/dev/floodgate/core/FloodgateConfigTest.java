package dev.floodgate.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FloodgateConfigTest {

    private static Map<String, String> options(String... keyValues) {
        Map<String, String> map = new HashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            map.put(keyValues[i], keyValues[i + 1]);
        }
        return map;
    }

    @Test
    void defaults_equalTheDocumentedDefaults() {
        FloodgateConfig c = FloodgateConfig.defaults();
        assertThat(c.attrition()).isEqualTo(AttritionSettings.defaults());
        assertThat(c.maxKeys()).isEqualTo(10_000);
        assertThat(c.maskTokens()).isTrue();
        assertThat(c.exemptMarkers()).containsExactly("FLOODGATE_EXEMPT");
        assertThat(c.minLevel()).isEqualTo("TRACE");
        assertThat(c.summaryInterval()).isEqualTo(Duration.ofSeconds(30));
        assertThat(c.summaryLevel()).isNull();
        assertThat(c.dryRun()).isFalse();
        assertThat(c.limitsAllLoggers()).isTrue();
    }

    @Test
    void parse_everyOption_reachesTheSettings() {
        FloodgateConfig c = FloodgateConfig.parse(options("windowSize", "3", "timeframe", "2 seconds",
                "timeframeSpilloverThreshold", "4", "spilloverThreshold", "9", "attritionLogarithmBase", "10",
                "inverseAttritionDeltaMin", "-3", "attritionMin", "1", "maxKeys", "77", "includeLogger", "true",
                "includeLevel", "TRUE", "includeThrowable", "true", "includeThrowableFrame", "true",
                "maskTokens", "false", "exemptMarkers", "A, B", "minLevel", "WARN", "loggers", "com.acme",
                "excludeLoggers", "com.acme.noisy", "summaryInterval", "1 minute", "summaryLevel", "INFO",
                "dryRun", "true"));
        assertThat(c.attrition()).isEqualTo(AttritionSettings.builder().windowSize(3)
                .timeframe(Duration.ofSeconds(2)).timeframeSpilloverThreshold(4).spilloverThreshold(9)
                .attritionLogarithmBase(10).inverseAttritionDeltaMin(-3).attritionMin(1).build());
        assertThat(c.maxKeys()).isEqualTo(77);
        assertThat(c.maskTokens()).isFalse();
        assertThat(c.exemptMarkers()).containsExactly("A", "B");
        assertThat(c.minLevel()).isEqualTo("WARN");
        assertThat(c.summaryInterval()).isEqualTo(Duration.ofMinutes(1));
        assertThat(c.summaryLevel()).isEqualTo("INFO");
        assertThat(c.dryRun()).isTrue();
        assertThat(c.limitsLogger("com.acme.Service")).isTrue();
        assertThat(c.limitsLogger("com.acme.noisy.X")).isFalse();
        assertThat(c.limitsLogger("com.acmex.Service")).isFalse();
        assertThat(c.limitsLogger("org.other")).isFalse();
        assertThat(c.toString()).contains("includeLogger=true", "includeThrowableFrame=true");
    }

    @Test
    void option_defaults_parseToTheDefaultConfig() {
        Map<String, String> all = new HashMap<>();
        for (Option o : Option.values()) {
            all.put(o.key(), o.defaultValue());
        }
        // the default limiter (attrition) and cap (none) use none of these; setting them is reported
        for (Option unused : new Option[] {Option.COUNT, Option.PERIOD, Option.BURST, Option.CAP_COUNT,
                Option.CAP_PERIOD, Option.CAP_BURST, Option.FLEET_COUNT, Option.FLEET_PERIOD, Option.FLEET_BURST,
                Option.FLEET_PREFIX}) {
            all.remove(unused.key());
        }
        assertThat(FloodgateConfig.parse(all).toString()).isEqualTo(FloodgateConfig.defaults().toString());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "windowSize|0|windowSize must be between 1 and 1000, was 0",
        "windowSize|-5|windowSize must be between 1 and 1000, was -5",
        "windowSize|abc|windowSize: \"abc\" is not a whole number",
        "windowSize|99999999999|windowSize must be between 1 and 1000, was 99999999999",
        "timeframe|0 seconds|timeframe must be between 1ms and 1d, was PT0S",
        "timeframe|5 secs please|timeframe: \"5 secs please\" is not a duration; write e.g. \"5 seconds\", \"500ms\" or \"PT5S\"",
        "timeframeSpilloverThreshold|0|timeframeSpilloverThreshold must be between 1 and 1000000000, was 0",
        "spilloverThreshold|-1|spilloverThreshold must be between 0 and 1000000000, was -1",
        "attritionLogarithmBase|1|attritionLogarithmBase must be between 2 and 1000, was 1",
        "inverseAttritionDeltaMin|1|inverseAttritionDeltaMin must be between -1000000 and -1, was 1",
        "attritionMin|-2|attritionMin must be between 0 and 1000000000, was -2",
        "maxKeys|0|maxKeys must be between 1 and 10000000, was 0",
        "maxKeys|1e6|maxKeys: \"1e6\" is not a whole number",
        "includeLogger|yes|includeLogger: \"yes\" is not true or false",
        "maskTokens|sometimes|maskTokens: \"sometimes\" is not true or false",
        "dryRun|1|dryRun: \"1\" is not true or false",
        "exemptMarkers|A,,B|exemptMarkers: \"A,,B\" has an empty name",
        "exemptMarkers|''|exemptMarkers: \"\" has an empty name",
        "summaryInterval|10ms|summaryInterval must be between 100ms and 1d, was PT0.01S",
        "summaryInterval|forever|summaryInterval: \"forever\" is not a duration; write e.g. \"5 seconds\", \"500ms\" or \"PT5S\"",
        "minLevel|''|minLevel: must name a level, was empty",
        "colour|blue|unknown option \"colour\"",
        "limiter|bucket|limiter: \"bucket\" is not a limiter; use attrition, window or cell",
        "cap|lots|cap: \"lots\" is not a cap; use none, window or cell",
        "count|5|count: \"5\" has no meaning for attrition",
        "capCount|5|capCount: \"5\" has no meaning for none",
    })
    void parse_badValue_namesOptionAndValue(String option, String value, String message) {
        List<String> problems = new ArrayList<>();
        assertThat(FloodgateConfig.parse(options(option, value), problems)).isNull();
        assertThat(problems).containsExactly(message);
    }

    @ParameterizedTest(name = "{0}={1}")
    @CsvSource(delimiter = '|', value = {
        "capCount|0|capCount must be between 1 and 10000, was 0",
        "capPeriod|0ms|capPeriod must be between 1ms and 1d, was PT0S",
    })
    void parse_badWindowCapValue_namesTheCapOption(String option, String value, String message) {
        List<String> problems = new ArrayList<>();

        assertThat(FloodgateConfig.parse(options("cap", "window", option, value), problems)).isNull();

        assertThat(problems).containsExactly(message);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "capCount=-1|capCount must be between 1 and 86400000, was -1",
        "capBurst=-1|capBurst must be between 0 and 1000000000, was -1",
        "capCount=100;capPeriod=10ms|capCount must be at most 10 for capPeriod 10ms (one event per millisecond), was 100",
    })
    void parse_badCellCapValue_namesTheCapOptions(String pairs, String message) {
        Map<String, String> raw = options("cap", "cell");
        for (String pair : pairs.split(";")) {
            raw.put(pair.substring(0, pair.indexOf('=')), pair.substring(pair.indexOf('=') + 1));
        }
        List<String> problems = new ArrayList<>();

        assertThat(FloodgateConfig.parse(raw, problems)).isNull();

        assertThat(problems).containsExactly(message);
    }

    /**
     * The table of bad configurations that both adapters also run through real XML
     * ({@code src/test/resources/reliability/bad-configs.txt}); level names are checked by the adapters, not here.
     */
    @Test
    void parse_sharedBadConfigurationTable_reportsEachExactly() throws java.io.IOException {
        List<String> lines;
        try (java.io.InputStream in = getClass().getResourceAsStream("/reliability/bad-configs.txt")) {
            lines = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).lines()
                    .filter(l -> !l.isBlank() && !l.startsWith("#")).collect(java.util.stream.Collectors.toList());
        }
        assertThat(lines).hasSizeGreaterThanOrEqualTo(30);
        for (String line : lines) {
            String message = line.substring(line.lastIndexOf(" | ") + 3).trim();
            if (message.contains("is not a level")) {
                continue;
            }
            Map<String, String> raw = new HashMap<>();
            for (String pair : line.substring(0, line.lastIndexOf(" | ")).split(" ; ")) {
                raw.put(pair.substring(0, pair.indexOf('=')).trim(), pair.substring(pair.indexOf('=') + 1).trim());
            }
            List<String> problems = new ArrayList<>();

            assertThat(FloodgateConfig.parse(raw, problems)).as(line).isNull();
            assertThat(problems).as(line).containsExactly(message);
        }
    }

    @Test
    void parse_windowLimiterAndCellCap_buildTheirSettings() {
        FloodgateConfig c = FloodgateConfig.parse(options("limiter", "window", "count", "3", "period", "10 seconds",
                "cap", "cell", "capCount", "100", "capPeriod", "1 second", "capBurst", "20"));
        assertThat(c.limiter()).isEqualTo(WindowSettings.builder().count(3).period(Duration.ofSeconds(10)).build());
        assertThat(c.cap()).isEqualTo(CellRateSettings.builder().count(100).period(Duration.ofSeconds(1)).burst(20)
                .build());
    }

    @Test
    void parse_cellLimiterWithAttritionSetting_isReported() {
        List<String> problems = new ArrayList<>();
        assertThat(FloodgateConfig.parse(options("limiter", "cell", "timeframe", "1s"), problems)).isNull();
        assertThat(problems).containsExactly("timeframe: \"1s\" has no meaning for cell");
    }

    @Test
    void parse_badWindowCount_namesOptionAndValue() {
        List<String> problems = new ArrayList<>();
        FloodgateConfig.parse(options("limiter", "window", "count", "0"), problems);
        assertThat(problems).singleElement().asString().startsWith("count must be").contains("was 0");
    }

    @Test
    void parse_severalBadValues_reportsEach() {
        assertThatThrownBy(() -> FloodgateConfig.parse(options("windowSize", "0", "dryRun", "maybe")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("windowSize must be between 1 and 1000, was 0")
                .hasMessageContaining("dryRun: \"maybe\" is not true or false");
    }

    @Test
    void parse_fleetWithoutFloodgateRedis_namesTheMissingModuleAndHidesThePassword() {
        assertThatThrownBy(() -> FloodgateConfig.parse(Map.of("fleet", "redis://app:s3cret@redis:6379")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("fleet: \"redis://app:***@redis:6379\" needs the floodgate-redis module "
                        + "(dev.floodgate:floodgate-redis) on the classpath, which was not found; add it, or remove fleet");
    }

    @Test
    void parse_fleetNotARedisUri_isReported() {
        assertThatThrownBy(() -> FloodgateConfig.parse(Map.of("fleet", "http://redis:6379")))
                .hasMessageStartingWith("fleet: \"http://redis:6379\" is not a Redis URI");
    }

    @Test
    void parse_fleetCountWithoutFleet_isReported() {
        assertThatThrownBy(() -> FloodgateConfig.parse(Map.of("fleetCount", "5")))
                .hasMessage("fleetCount: \"5\" has no meaning without fleet (a Redis URI)");
    }

    @Test
    void parse_badFleetCount_namesFleetCount() {
        assertThatThrownBy(() -> FloodgateConfig.parse(Map.of("fleet", "redis://redis", "fleetCount", "0")))
                .hasMessageContaining("fleetCount must be between 1 and");
    }
}
