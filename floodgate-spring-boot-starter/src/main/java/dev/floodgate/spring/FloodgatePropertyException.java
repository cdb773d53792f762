package dev.floodgate.spring;

import java.util.List;
import java.util.stream.Collectors;

/**
 * Thrown at startup when a {@code floodgate.*} property has a bad value; {@link FloodgateFailureAnalyzer} turns it
 * into Spring Boot's failure report.
 */
public final class FloodgatePropertyException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    /** One bad property: its name, its value as written, and what is wrong (the core's message). */
    public record Problem(String property, String value, String message) {
    }

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
