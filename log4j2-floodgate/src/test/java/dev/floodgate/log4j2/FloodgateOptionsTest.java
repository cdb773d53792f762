package dev.floodgate.log4j2;

import static org.assertj.core.api.Assertions.assertThat;

import dev.floodgate.core.FloodgateConfig;
import dev.floodgate.core.Option;
import java.lang.reflect.Field;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.logging.log4j.core.config.DefaultConfiguration;
import org.apache.logging.log4j.core.config.plugins.PluginBuilderAttribute;
import org.apache.logging.log4j.core.filter.AbstractFilter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Every option from XML, the builder's attributes, and the summary's structured fields in real layouts. */
class FloodgateOptionsTest {

    /** The values of FloodgateOptionsTest-allOptions.xml; each differs from the option's default. */
    private static final Map<String, String> ALL = new LinkedHashMap<>();

    static {
        ALL.put("limiter", "attrition");
        ALL.put("cap", "cell");
        ALL.put("capCount", "100");
        ALL.put("capPeriod", "2 seconds");
        ALL.put("capBurst", "5");
        ALL.put("windowSize", "7");
        ALL.put("timeframe", "2 seconds");
        ALL.put("timeframeSpilloverThreshold", "5");
        ALL.put("spilloverThreshold", "9");
        ALL.put("attritionLogarithmBase", "3");
        ALL.put("inverseAttritionDeltaMin", "-2");
        ALL.put("attritionMin", "1");
        ALL.put("maxKeys", "500");
        ALL.put("includeLogger", "true");
        ALL.put("includeLevel", "true");
        ALL.put("includeThrowable", "true");
        ALL.put("includeThrowableFrame", "true");
        ALL.put("maskTokens", "false");
        ALL.put("exemptMarkers", "AUDIT,SECURITY");
        ALL.put("minLevel", "WARN");
        ALL.put("loggers", "app,com.acme");
        ALL.put("excludeLoggers", "app.noisy");
        ALL.put("summaryInterval", "1m");
        ALL.put("maxSummaryLines", "12");
        ALL.put("summaryLevel", "INFO");
        ALL.put("dryRun", "true");
    }

    /** The values of FloodgateOptionsTest-allOptionsCell.xml: the options only a cell limiter uses. */
    private static final Map<String, String> CELL = new LinkedHashMap<>(ALL);

    static {
        for (String attritionOnly : new String[] {"windowSize", "timeframe", "timeframeSpilloverThreshold",
            "spilloverThreshold", "attritionLogarithmBase", "inverseAttritionDeltaMin", "attritionMin", "cap",
            "capCount", "capPeriod", "capBurst"}) {
            CELL.remove(attritionOnly);
        }
        CELL.put("limiter", "cell");
        CELL.put("count", "3");
        CELL.put("period", "10 seconds");
        CELL.put("burst", "2");
    }

    /** What an option needs beside it to mean anything (count needs limiter=cell, capCount needs a cap). */
    private static Map<String, String> context(String option) {
        Map<String, String> context = new LinkedHashMap<>();
        if (option.equals("count") || option.equals("period") || option.equals("burst")) {
            context.put("limiter", "cell");
        } else if (option.startsWith("cap") && !option.equals("cap")) {
            context.put("cap", "cell");
        }
        return context;
    }

    @Test
    void xml_everyCellOption_reachesTheEngine() {
        try (Log4jHarness h = Log4jHarness.start(getClass(), "allOptionsCell")) {
            FloodgateConfig config = h.contextFilter().config();

            assertThat(config.toString()).isEqualTo(FloodgateConfig.parse(CELL).toString());
            assertThat(config.limiter().describe()).isEqualTo("cell 3/10s, burst 2");
            assertThat(h.status.floodgateMessages()).isEmpty();
        }
    }

    @Test
    void xml_everyOption_reachesTheEngine() {
        try (Log4jHarness h = Log4jHarness.start(getClass(), "allOptions")) {
            FloodgateConfig config = h.contextFilter().config();

            assertThat(config.toString()).isEqualTo(FloodgateConfig.parse(ALL).toString());
            assertThat(config.attrition().windowSize()).isEqualTo(7);
            assertThat(config.summaryInterval()).isEqualTo(Duration.ofMinutes(1));
            assertThat(config.maxSummaryLines()).isEqualTo(12);
            assertThat(config.exemptMarkers()).containsExactly("AUDIT", "SECURITY");
            assertThat(h.status.floodgateMessages()).isEmpty();
        }
    }

    @Test
    void testValues_coverEveryOption_eachVisibleInTheSettings() {
        Set<String> covered = new java.util.TreeSet<>(ALL.keySet());
        covered.addAll(CELL.keySet());
        // The fleet options need floodgate-redis on the classpath; its tests set them.
        covered.addAll(List.of("fleet", "fleetCount", "fleetPeriod", "fleetBurst", "fleetPrefix"));
        assertThat(covered).containsExactlyInAnyOrderElementsOf(
                Arrays.stream(Option.values()).map(Option::key).collect(Collectors.toList()));
        Map<String, String> values = new LinkedHashMap<>(ALL);
        values.putAll(CELL);
        values.put("limiter", "window");
        for (Map.Entry<String, String> e : values.entrySet()) {
            Map<String, String> context = context(e.getKey());
            String without = FloodgateConfig.parse(context).toString();
            context.put(e.getKey(), e.getValue());
            assertThat(FloodgateConfig.parse(context).toString()).as(e.getKey()).isNotEqualTo(without);
        }
    }

    /**
     * Log4j sets attributes into the builder's fields by their names, so each option needs its field: one
     * {@code @PluginBuilderAttribute String} named as the option's key, and no attribute that is not an option.
     */
    @Test
    void builder_attributes_areExactlyTheOptionKeysPlusOnMatchAndOnMismatch() {
        Map<String, Field> attributes = attributes(FloodgateFilterBuilder.class);

        List<String> missing = new ArrayList<>();
        for (Option o : Option.values()) {
            Field f = attributes.remove(o.key());
            if (f == null || f.getType() != String.class
                    || f.getDeclaringClass() != FloodgateFilterBuilder.class) {
                missing.add("@PluginBuilderAttribute private String " + o.key() + "; (Option." + o.name() + ")");
            }
        }
        attributes.keySet().removeAll(List.of("onMatch", "onMismatch"));
        assertThat(missing).as("fields FloodgateFilterBuilder must declare").isEmpty();
        assertThat(attributes.keySet()).as("attributes of FloodgateFilterBuilder that are no Option").isEmpty();
    }

    @Test
    void setOption_everyOption_reachesTheConfiguration() {
        for (Map<String, String> values : List.of(ALL, CELL)) {
            FloodgateFilterBuilder b = FloodgateFilter.newBuilder().setConfiguration(new DefaultConfiguration());
            values.forEach((key, value) -> b.setOption(Option.byKey(key), value));

            FloodgateFilter filter = b.build();

            assertThat(filter.config()).as(filter.toString()).isNotNull();
            assertThat(filter.config().toString()).isEqualTo(FloodgateConfig.parse(values).toString());
        }
    }

    @ParameterizedTest
    @EnumSource(Option.class)
    void setOption_badValue_isReportedUnderItsOwnOptionName(Option option) {
        FloodgateFilter filter = FloodgateFilter.newBuilder().setConfiguration(new DefaultConfiguration())
                .setOption(option, ",").build();

        // fleet shows a value without a scheme as *** (it may be a password)
        String shown = option == Option.FLEET ? "***" : ",";
        assertThat(filter.toString()).contains("disabled").contains(option.key() + ": \"" + shown + "\"");
    }

    @Test
    void setOption_null_restoresTheDefault() {
        FloodgateFilter filter = FloodgateFilter.newBuilder().setConfiguration(new DefaultConfiguration())
                .setOption(Option.MAX_KEYS, "0").setOption(Option.MAX_KEYS, null).build();

        assertThat(filter.config().maxKeys()).isEqualTo(10_000);
    }

    @Test
    void summary_jsonTemplateLayout_emitsTheFieldsAndTheLine() {
        try (Log4jHarness h = Log4jHarness.start(getClass(), "json")) {
            floodAndSummarize(h);

            List<String> json = h.list("json").texts();
            String summary = json.get(json.size() - 1).trim();
            assertThat(summary)
                    .startsWith("{\"level\":\"ERROR\",\"logger\":\"app.Db\",\"marker\":\"FLOODGATE_SUMMARY\","
                            + "\"message\":\"Suppressed ")
                    .contains(" messages like \\\"Connection to {} failed: {}\\\" in the last 30s (first ")
                    .containsPattern("\"floodgate.suppressed\":[0-9]+,")
                    .endsWith("\"floodgate.fingerprint\":\"Connection to {} failed: {}\","
                            + "\"floodgate.interval\":\"PT30S\"}");
        }
    }

    @Test
    void summary_patternLayout_showsTheLineAndTheMapKey() {
        try (Log4jHarness h = Log4jHarness.start(getClass(), "json")) {
            floodAndSummarize(h);

            List<String> lines = h.list("pattern").texts();
            String summary = lines.get(lines.size() - 1);
            long suppressed = Log4jHarness.suppressedIn(h.list("pattern").events());
            assertThat(summary).matches("ERROR app\\.Db Suppressed [0-9,]+ messages like \"Connection to \\{\\} "
                    + "failed: \\{\\}\" in the last 30s \\(first [0-9:.]+, last [0-9:.]+; attrition [^)]+\\) \\| " + suppressed);
        }
    }

    private static void floodAndSummarize(Log4jHarness h) {
        for (int i = 0; i < 100; i++) {
            h.logger("app.Db").error("Connection to {} failed: {}", "db-1", i);
        }
        h.clock.advance(Duration.ofSeconds(30));
        h.writeDueSummaries();
    }

    private static Map<String, Field> attributes(Class<?> type) {
        Map<String, Field> fields = new java.util.TreeMap<>();
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                PluginBuilderAttribute a = f.getAnnotation(PluginBuilderAttribute.class);
                if (a != null) {
                    fields.put(a.value().isEmpty() ? f.getName() : a.value(), f);
                }
            }
        }
        assertThat(AbstractFilter.AbstractFilterBuilder.class).isAssignableFrom(type);
        return fields;
    }
}
