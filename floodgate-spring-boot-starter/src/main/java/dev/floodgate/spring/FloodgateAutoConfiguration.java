package dev.floodgate.spring;

import dev.floodgate.micrometer.FloodgateMetrics;
import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/**
 * Auto-configuration of Floodgate's monitoring: the Micrometer meters of every Floodgate filter (bound to every
 * registry by Spring Boot, when Micrometer is present) and the {@code floodgate} actuator endpoint (when Actuator is
 * present), and the passwords of {@code floodgate.fleet} hidden where Actuator shows properties. The filter itself
 * comes from the logging configuration or from {@link FloodgateLoggingListener}.
 */
@AutoConfiguration
public class FloodgateAutoConfiguration {

    /** Creates the configuration; Spring does. */
    public FloodgateAutoConfiguration() {
        // no state
    }

    /** The meters, when Micrometer is on the class path. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = "io.micrometer.core.instrument.binder.MeterBinder")
    static class Metrics {

        @Bean(destroyMethod = "close")
        @ConditionalOnMissingBean
        FloodgateMetrics floodgateMetrics(Environment environment) {
            int templates = environment.getProperty(FloodgateProperties.TEMPLATE_METERS, Integer.class, 0);
            return FloodgateMetrics.builder().templateMeters(templates).build();
        }

        @Bean(destroyMethod = "close")
        TemplateRefresh floodgateTemplateRefresh(FloodgateMetrics metrics, Environment environment) {
            int templates = environment.getProperty(FloodgateProperties.TEMPLATE_METERS, Integer.class, 0);
            return new TemplateRefresh(metrics, templates > 0);
        }
    }

    /**
     * The endpoint, when Actuator is on the class path and the endpoint is enabled and exposed; and, with Actuator,
     * the sanitizer of {@code floodgate.fleet} for the endpoints that show properties.
     */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = "org.springframework.boot.actuate.endpoint.annotation.Endpoint")
    static class Endpoint {

        @Bean
        @ConditionalOnMissingBean
        @ConditionalOnAvailableEndpoint
        FloodgateEndpoint floodgateEndpoint() {
            return new FloodgateEndpoint();
        }

        /** Hides the passwords of {@code floodgate.fleet} where the {@code env} endpoint shows values. */
        @Bean
        FleetValueSanitizer floodgateFleetSanitizer() {
            return new FleetValueSanitizer();
        }
    }
}
