package dev.floodgate.spring;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Explains a startup that failed on a bad {@code floodgate.*} property, naming each property and value.
 *
 * <p>Stateless.
 */
public final class FloodgateFailureAnalyzer extends AbstractFailureAnalyzer<FloodgatePropertyException> {

    /** Where the documentation is published: the project's repository, as the jar's pom names it. */
    static final String DOCS = "https://github.com/floodgate-dev/floodgate/blob/main/src/docs/";

    /** Creates the analyzer; Spring Boot does, from {@code META-INF/spring.factories}. */
    public FloodgateFailureAnalyzer() {
        // stateless
    }

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, FloodgatePropertyException cause) {
        StringBuilder description = new StringBuilder("Floodgate could not start from its properties:\n");
        for (FloodgatePropertyException.Problem p : cause.problems()) {
            description.append("\n    Property: ").append(p.property()).append("\n    Value: \"").append(p.value())
                    .append("\"\n    Reason: ").append(p.message()).append('\n');
        }
        if (cause.problems().stream().anyMatch(p -> p.message().contains(FloodgateLoggingListener.MISSING_ADAPTER))) {
            return new FailureAnalysis(description.toString(), "Add the dependency named above (" + DOCS
                    + "metrics.md#spring-boot-floodgate-spring-boot-starter), or set floodgate.enabled=false.", cause);
        }
        String action = "Correct the value of each property above (the properties are listed at " + DOCS
                + "metrics.md#spring-boot-floodgate-spring-boot-starter and in your IDE's completion), or remove it "
                + "to use the default.";
        for (FloodgatePropertyException.Problem p : cause.problems()) {
            if (p.property().startsWith("spring.data.redis.")) {
                action += " floodgate.fleet=spring.data.redis reads the spring.data.redis.* properties (see "
                        + DOCS + "fleet.md#spring-boot): change them, or write the Redis URI in floodgate.fleet.";
                break;
            }
        }
        return new FailureAnalysis(description.toString(), action, cause);
    }
}
