package dev.floodgate.spring;

import static org.assertj.core.api.Assertions.assertThat;

import dev.floodgate.core.Option;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code META-INF/spring-configuration-metadata.json} describes exactly the properties the starter reads: one per
 * {@link Option}, with the table's meaning (and range), default and words (and the value {@code spring.data.redis}
 * of {@code floodgate.fleet} as a hint), so an option added to or changed in the table without regenerating the
 * file fails here. To regenerate it, run
 * this test with {@code -Dfloodgate.regenerate=true}.
 */
class ConfigurationMetadataTest {

    private static final Path FILE = Path.of("src/main/resources/META-INF/spring-configuration-metadata.json");
    private static final String FLEET_FROM_SPRING = "The Redis of Spring Boot's spring.data.redis.* properties "
            + "(url, host, port, username, password, database, ssl.enabled, client-name, sentinel.*, cluster.nodes), "
            + "as Spring Data Redis connects to it; needs floodgate-redis.";

    @Test
    void metadata_describesEveryOptionOfTheCore() throws IOException {
        String expected = expected();
        if (Boolean.getBoolean("floodgate.regenerate")) {
            Files.writeString(FILE, expected, StandardCharsets.UTF_8);
        }
        assertThat(Files.readString(FILE, StandardCharsets.UTF_8))
                .as("regenerate with: ./mvnw -pl floodgate-spring-boot-starter -am verify "
                        + "-Dtest=ConfigurationMetadataTest -Dsurefire.failIfNoSpecifiedTests=false "
                        + "-Dfloodgate.regenerate=true")
                .isEqualTo(expected);
    }

    @Test
    void propertyName_isTheOptionInKebabCase() {
        assertThat(FloodgateProperties.propertyName(Option.SUMMARY_INTERVAL)).isEqualTo("floodgate.summary-interval");
        assertThat(FloodgateProperties.propertyName(Option.TIMEFRAME_SPILLOVER_THRESHOLD))
                .isEqualTo("floodgate.timeframe-spillover-threshold");
    }

    static String expected() {
        List<String> properties = new ArrayList<>();
        properties.add(property("floodgate.enabled", "java.lang.Boolean",
                "Turn Floodgate on from these properties alone: a filter for every logger of the Logback or Log4j2 "
                        + "context, with the options below.", "false"));
        properties.add(property(FloodgateProperties.TEMPLATE_METERS, "java.lang.Integer",
                "Per-template meters (floodgate.template.suppressed) for this many noisiest templates per filter, "
                        + "at most 50; 0 turns them off.", "0"));
        List<String> hints = new ArrayList<>();
        for (Option o : Option.values()) {
            String type = switch (o.type()) {
                case NUMBER -> "java.lang.Long";
                case BOOLEAN -> "java.lang.Boolean";
                default -> "java.lang.String";
            };
            String meaning = Character.toUpperCase(o.meaning().charAt(0)) + o.meaning().substring(1) + ".";
            String def = o.defaultValue().isEmpty() ? null
                    : o.type() == Option.Type.NUMBER || o.type() == Option.Type.BOOLEAN ? o.defaultValue()
                    : quote(o.defaultValue());
            properties.add(property(FloodgateProperties.propertyName(o), type, meaning, def));
            if (o == Option.FLEET) {
                hints.add("    {\n      \"name\": " + quote(FloodgateProperties.propertyName(o))
                        + ",\n      \"values\": [\n        {\n          \"value\": " + quote(SpringDataRedisUri.VALUE)
                        + ",\n          \"description\": " + quote(FLEET_FROM_SPRING) + "\n        }\n      ]\n    }");
            }
            List<String> values = o.choices();
            if (!values.isEmpty()) {
                List<String> items = new ArrayList<>();
                for (String v : values) {
                    items.add("        { \"value\": " + quote(v) + " }");
                }
                hints.add("    {\n      \"name\": " + quote(FloodgateProperties.propertyName(o))
                        + ",\n      \"values\": [\n" + String.join(",\n", items) + "\n      ]\n    }");
            }
        }
        return "{\n  \"groups\": [\n    {\n      \"name\": \"floodgate\",\n      \"description\": "
                + quote("Floodgate: keeps log floods out of the logs (one option per line of the README's table).")
                + "\n    }\n  ],\n  \"properties\": [\n" + String.join(",\n", properties) + "\n  ],\n  \"hints\": [\n"
                + String.join(",\n", hints) + "\n  ]\n}\n";
    }

    private static String property(String name, String type, String description, String defaultValue) {
        return "    {\n      \"name\": " + quote(name) + ",\n      \"type\": " + quote(type)
                + ",\n      \"description\": " + quote(description)
                + (defaultValue == null ? "" : ",\n      \"defaultValue\": " + defaultValue) + "\n    }";
    }

    private static String quote(String s) {
        StringBuilder out = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"').toString();
    }
}
