package dev.floodgate.spring;

import dev.floodgate.core.fleet.FleetSettings;
import java.util.Locale;
import org.springframework.boot.actuate.endpoint.SanitizableData;
import org.springframework.boot.actuate.endpoint.SanitizingFunction;

/**
 * Hides the passwords of {@code floodgate.fleet} in the actuator's {@code env} and {@code configprops} answers when
 * they show values ({@code management.endpoint.env.show-values}), as {@link FleetSettings#redact} hides them; under
 * any of its relaxed names ({@code FLOODGATE_FLEET}).
 *
 * <p>Stateless.
 */
final class FleetValueSanitizer implements SanitizingFunction {

    @Override
    public SanitizableData apply(SanitizableData data) {
        Object value = data.getValue();
        if (value == null || !isFleet(data.getKey())) {
            return data;
        }
        return data.withValue(FleetSettings.redact(value.toString()));
    }

    /** Returns whether {@code key} names {@code floodgate.fleet}, in any of Spring Boot's relaxed forms. */
    static boolean isFleet(String key) {
        String k = key.toLowerCase(Locale.ROOT).replace('_', '.').replace("-", "");
        return k.equals("floodgate.fleet");
    }
}
