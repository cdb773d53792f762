package dev.floodgate.spring;

import dev.floodgate.core.FloodgateConfig;
import dev.floodgate.core.Option;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.springframework.core.env.Environment;

/**
 * The {@code floodgate.*} properties: {@code floodgate.enabled} and one property per {@link Option}, named
 * {@code floodgate.} plus the option's name in kebab case ({@code summaryInterval} →
 * {@code floodgate.summary-interval}), read generically so that every option of the core is a property.
 * {@code floodgate.fleet=spring.data.redis} stands for the Redis of Spring Boot's {@code spring.data.redis.*}
 * properties ({@link SpringDataRedisUri}).
 *
 * <p>Immutable.
 */
final class FloodgateProperties {

    /** The prefix of every property. */
    static final String PREFIX = "floodgate.";
    /** The property that turns the filter on. */
    static final String ENABLED = PREFIX + "enabled";
    /** The property that turns on per-template meters (0 = off). */
    static final String TEMPLATE_METERS = PREFIX + "metrics.template-meters";

    private final boolean enabled;
    private final Map<Option, String> options;

    private FloodgateProperties(boolean enabled, Map<Option, String> options) {
        this.enabled = enabled;
        this.options = options;
    }

    /** Returns the property name of {@code option}: {@code floodgate.} and its name in kebab case. */
    static String propertyName(Option option) {
        StringBuilder out = new StringBuilder(PREFIX);
        for (char c : option.key().toCharArray()) {
            if (Character.isUpperCase(c)) {
                out.append('-').append(Character.toLowerCase(c));
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    /**
     * Reads and validates the properties, with the core's parser (as the XML is) and the level names of both
     * frameworks.
     *
     * @throws FloodgatePropertyException naming each bad property and its value
     */
    static FloodgateProperties read(Environment env) {
        List<FloodgatePropertyException.Problem> problems = new ArrayList<>();
        String enabledText = env.getProperty(ENABLED, "false").trim();
        if (!enabledText.equalsIgnoreCase("true") && !enabledText.equalsIgnoreCase("false")) {
            problems.add(new FloodgatePropertyException.Problem(ENABLED, enabledText,
                    "\"" + enabledText + "\" is not a boolean; write true or false"));
        }
        Map<Option, String> options = new LinkedHashMap<>();
        for (Option o : Option.values()) {
            String value = env.getProperty(propertyName(o));
            if (value != null) {
                options.put(o, value);
            }
        }
        if (SpringDataRedisUri.requested(options.get(Option.FLEET))) {
            String uri = SpringDataRedisUri.derive(env, problems);
            if (uri == null) {
                options.remove(Option.FLEET);
            } else {
                options.put(Option.FLEET, uri);
            }
        }
        Map<String, String> raw = new LinkedHashMap<>();
        options.forEach((o, v) -> raw.put(o.key(), v));
        List<String> messages = new ArrayList<>();
        FloodgateConfig.parse(raw, messages);
        for (String m : messages) {
            problems.add(problemOf(m, options));
        }
        for (Option level : new Option[] {Option.MIN_LEVEL, Option.SUMMARY_LEVEL}) {
            String v = options.get(level);
            if (v != null && !v.isBlank() && !level.choices().contains(v.trim().toUpperCase(Locale.ROOT))) {
                problems.add(new FloodgatePropertyException.Problem(propertyName(level), v,
                        FloodgateConfig.unknownLevel(level, v.trim())));
            }
        }
        if (!problems.isEmpty()) {
            throw new FloodgatePropertyException(problems);
        }
        return new FloodgateProperties(Boolean.parseBoolean(enabledText), options);
    }

    private static FloodgatePropertyException.Problem problemOf(String message, Map<Option, String> options) {
        Option named = null;
        for (Option o : options.keySet()) {
            if (message.startsWith(o.key() + ":") || message.startsWith(o.key() + " ")) {
                if (named == null || o.key().length() > named.key().length()) {
                    named = o;
                }
            }
        }
        if (named == null) {
            return new FloodgatePropertyException.Problem(PREFIX + "*", "", message);
        }
        return new FloodgatePropertyException.Problem(propertyName(named), options.get(named), message);
    }

    /** Returns whether {@code floodgate.enabled=true}. */
    boolean enabled() {
        return enabled;
    }

    /**
     * Returns the options that were set, as written, with {@code fleet} derived where it was
     * {@code spring.data.redis}.
     */
    Map<Option, String> options() {
        return options;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FloodgateProperties p && p.enabled == enabled && p.options.equals(options);
    }

    @Override
    public int hashCode() {
        return options.hashCode() * 31 + Boolean.hashCode(enabled);
    }
}
