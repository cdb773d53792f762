package dev.floodgate.spring;

import dev.floodgate.core.Option;
import dev.floodgate.core.fleet.FleetSettings;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Thrown at startup when a {@code floodgate.*} property has a bad value; {@link FloodgateFailureAnalyzer} turns it
 * into Spring Boot's failure report.
 */
public final class FloodgatePropertyException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    /**
     * One bad property: its name, its value as written (for {@code floodgate.fleet} and
     * {@code spring.data.redis.url}, with its passwords hidden as {@link FleetSettings#redact} hides them), and what
     * is wrong (the core's message).
     *
     * @param property the property's name
     * @param value its value
     * @param message what is wrong
     */
    public record Problem(String property, String value, String message) {

        /**
         * Hides the passwords of a Redis URI's value, so that neither the analysis nor the message shows them.
         *
         * @param property the property's name
         * @param value its value; a Redis URI's passwords are hidden
         * @param message what is wrong
         */
        public Problem {
            if (URI_PROPERTIES.contains(property)) {
                value = FleetSettings.redact(value);
            }
        }
    }

    /** The properties whose values are Redis URIs. */
    private static final Set<String> URI_PROPERTIES = Set.of(FloodgateProperties.propertyName(Option.FLEET),
            "spring.data.redis.url");

    /** The problems; never empty. */
    private final transient List<Problem> problems;

    FloodgatePropertyException(List<Problem> problems) {
        super(problems.stream().map(p -> p.property() + "=" + p.value() + ": " + p.message())
                .collect(Collectors.joining("; ")));
        this.problems = List.copyOf(problems);
    }

    /** {@return every bad property} */
    public List<Problem> problems() {
        return problems;
    }
}
