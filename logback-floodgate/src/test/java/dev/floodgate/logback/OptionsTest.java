package dev.floodgate.logback;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.core.spi.ContextAwareBase;
import ch.qos.logback.core.spi.LifeCycle;
import ch.qos.logback.core.status.Status;
import dev.floodgate.core.FloodgateConfig;
import dev.floodgate.core.Option;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Every {@link Option} has its setter on both filters, and every value set in XML reaches the engine. */
class OptionsTest {

    /** The values of {@code OptionsTest-*.xml}: every option, none at its default. */
    private static final Map<String, String> XML_VALUES = new LinkedHashMap<>();

    static {
        String[][] values = {
            {"windowSize", "7"}, {"timeframe", "2 seconds"}, {"timeframeSpilloverThreshold", "9"},
            {"spilloverThreshold", "20"}, {"attritionLogarithmBase", "3"}, {"inverseAttritionDeltaMin", "-2"},
            {"attritionMin", "1"}, {"maxKeys", "1234"}, {"includeLogger", "true"}, {"includeLevel", "true"},
            {"includeThrowable", "true"}, {"includeThrowableFrame", "true"}, {"maskTokens", "false"},
            {"exemptMarkers", "AUDIT, SECURITY"}, {"minLevel", "INFO"}, {"loggers", "com.acme, org.example"},
            {"excludeLoggers", "com.acme.audit"}, {"summaryInterval", "45 seconds"}, {"maxSummaryLines", "12"},
            {"summaryLevel", "WARN"},
            {"dryRun", "true"}, {"limiter", "attrition"}, {"cap", "cell"}, {"capCount", "100"},
            {"capPeriod", "2 seconds"}, {"capBurst", "5"},
        };
        for (String[] v : values) {
            XML_VALUES.put(v[0], v[1]);
        }
    }

    /** The values of {@code OptionsTest-*-cell.xml}: the options a cell limiter uses, none at its default. */
    private static final Map<String, String> CELL_VALUES = new LinkedHashMap<>(XML_VALUES);

    static {
        for (String attritionOrCap : new String[] {"windowSize", "timeframe", "timeframeSpilloverThreshold",
            "spilloverThreshold", "attritionLogarithmBase", "inverseAttritionDeltaMin", "attritionMin", "cap",
            "capCount", "capPeriod", "capBurst"}) {
            CELL_VALUES.remove(attritionOrCap);
        }
        CELL_VALUES.put("limiter", "cell");
        CELL_VALUES.put("count", "3");
        CELL_VALUES.put("period", "10 seconds");
        CELL_VALUES.put("burst", "2");
    }

    /** What an option needs beside it to mean anything: count needs limiter=cell, capCount needs a cap. */
    private static Map<String, String> context(String option) {
        Map<String, String> context = new LinkedHashMap<>();
        if (option.equals("count") || option.equals("period") || option.equals("burst")) {
            context.put("limiter", "cell");
        } else if (option.startsWith("cap") && !option.equals("cap")) {
            context.put("cap", "cell");
        }
        return context;
    }

    private static String setterName(Option option) {
        return "set" + Character.toUpperCase(option.key().charAt(0)) + option.key().substring(1);
    }

    @ParameterizedTest
    @ValueSource(classes = {FloodgateTurboFilter.class, FloodgateFilter.class})
    void setters_coverEveryOptionAndNothingElse(Class<?> filterClass) {
        Set<String> textSetters = Arrays.stream(filterClass.getMethods())
                .filter(m -> m.getName().startsWith("set") && Modifier.isPublic(m.getModifiers()))
                .filter(m -> Arrays.equals(m.getParameterTypes(), new Class<?>[] {String.class}))
                .map(Method::getName)
                .collect(Collectors.toCollection(TreeSet::new));

        Set<String> expected = Stream.concat(Stream.of("setName"), Arrays.stream(Option.values())
                .map(OptionsTest::setterName)).collect(Collectors.toCollection(TreeSet::new));
        assertThat(textSetters).isEqualTo(expected);
    }

    /**
     * Joran needs a setter per option, so each option's one declaration here is its setter in {@link OptionSetters}:
     * named from the key, setting that option, and no setter besides.
     */
    @Test
    void optionSetters_eachOption_hasOneSetterThatSetsIt() throws ReflectiveOperationException {
        Map<String, Method> setters = new java.util.TreeMap<>();
        for (Method m : OptionSetters.class.getDeclaredMethods()) {
            if (!m.getName().equals("setOption")) {
                setters.put(m.getName(), m);
            }
        }
        List<String> missing = new java.util.ArrayList<>();
        List<String> wrong = new java.util.ArrayList<>();
        for (Option o : Option.values()) {
            Method m = setters.remove(setterName(o));
            if (m == null || !m.isDefault() || !Arrays.equals(m.getParameterTypes(), new Class<?>[] {String.class})) {
                missing.add("default void " + setterName(o) + "(String value) for Option." + o.name());
                continue;
            }
            Option[] set = new Option[1];
            OptionSetters recorder = (option, value) -> set[0] = option;
            m.invoke(recorder, "x");
            if (set[0] != o) {
                wrong.add(m.getName() + " sets " + set[0] + ", not " + o);
            }
        }
        assertThat(missing).as("setters OptionSetters must declare").isEmpty();
        assertThat(wrong).as("setters that set another option").isEmpty();
        assertThat(setters.keySet()).as("methods of OptionSetters that are no option's setter").isEmpty();
    }

    @ParameterizedTest
    @EnumSource(Option.class)
    void setter_badValue_isReportedUnderItsOwnOptionName(Option option) throws ReflectiveOperationException {
        for (Class<?> filterClass : new Class<?>[] {FloodgateTurboFilter.class, FloodgateFilter.class}) {
            LoggerContext context = new LoggerContext();
            Object filter = filterClass.getConstructor().newInstance();
            ((ContextAwareBase) filter).setContext(context);
            filterClass.getMethod(setterName(option), String.class).invoke(filter, ",");

            ((LifeCycle) filter).start();

            // fleet shows a value without a scheme as *** (it may be a password)
            String shown = option == Option.FLEET ? "***" : ",";
            assertThat(context.getStatusManager().getCopyOfStatusList()).filteredOn(s -> s.getLevel() == Status.ERROR)
                    .extracting(Status::getMessage).singleElement().asString()
                    .as(filterClass.getSimpleName() + "." + setterName(option))
                    .contains(option.key() + ": \"" + shown + "\"");
            context.stop();
        }
    }

    @ParameterizedTest
    @EnumSource(Adapter.class)
    void xml_everyOption_reachesTheEngine(Adapter adapter) {
        try (TestContext t = TestContext.configure(getClass(), adapter.xml)) {
            ActiveFloodgate active = adapter.active(t);

            assertThat(active).as("started").isNotNull();
            assertThat(active.engine().config()).isSameAs(active.config());
            assertThat(active.config().toString()).isEqualTo(FloodgateConfig.parse(XML_VALUES).toString());
            assertThat(active.config().attrition().windowSize()).isEqualTo(7);
            assertThat(active.config().maxKeys()).isEqualTo(1234);
            assertThat(active.config().summaryIntervalMillis()).isEqualTo(45_000);
            assertThat(active.config().maxSummaryLines()).isEqualTo(12);
            assertThat(active.config().exemptMarkers()).containsExactly("AUDIT", "SECURITY");
            assertThat(active.minLevel()).isEqualTo(Level.INFO);
            assertThat(active.summaryLevel()).isEqualTo(Level.WARN);
            assertThat(t.problems()).isEmpty();
        }
    }

    /** The check above compares whole configurations by their text; this shows that text shows every option. */
    @Test
    void xmlValues_eachOption_changesTheConfigurationText() {
        Set<String> covered = new TreeSet<>(XML_VALUES.keySet());
        covered.addAll(CELL_VALUES.keySet());
        // The fleet options need floodgate-redis on the classpath; its LogbackFleetTest sets them from XML.
        covered.addAll(List.of("fleet", "fleetCount", "fleetPeriod", "fleetBurst", "fleetPrefix"));
        assertThat(covered).containsExactlyInAnyOrderElementsOf(
                Arrays.stream(Option.values()).map(Option::key).collect(Collectors.toList()));
        Map<String, String> values = new LinkedHashMap<>(XML_VALUES);
        values.putAll(CELL_VALUES);
        values.put("limiter", "window");
        for (Map.Entry<String, String> e : values.entrySet()) {
            Map<String, String> context = context(e.getKey());
            String without = FloodgateConfig.parse(context).toString();
            context.put(e.getKey(), e.getValue());
            assertThat(FloodgateConfig.parse(context).toString()).as(e.getKey()).isNotEqualTo(without);
        }
    }

    @ParameterizedTest
    @EnumSource(Adapter.class)
    void xml_everyCellOption_reachesTheEngine(Adapter adapter) {
        try (TestContext t = TestContext.configure(getClass(), adapter.xml + "-cell")) {
            ActiveFloodgate active = adapter.active(t);

            assertThat(active).as("started").isNotNull();
            assertThat(active.config().toString()).isEqualTo(FloodgateConfig.parse(CELL_VALUES).toString());
            assertThat(active.config().limiter().describe()).isEqualTo("cell 3/10s, burst 2");
            assertThat(t.problems()).isEmpty();
        }
    }

    @ParameterizedTest
    @EnumSource(Adapter.class)
    void defaults_withoutSettings_areTheOptionDefaults(Adapter adapter) {
        try (TestContext t = TestContext.configure(getClass(), adapter.xml + "-defaults")) {
            ActiveFloodgate active = adapter.active(t);

            assertThat(active.config().toString()).isEqualTo(FloodgateConfig.defaults().toString());
            assertThat(active.minLevel()).isEqualTo(Level.TRACE);
            assertThat(active.summaryLevel()).isNull();
        }
    }
}
