package dev.floodgate.log4j2;

/**
 * The fingerprint template of messages that have none: a key made of a class name, e.g.
 * {@code <com.example.Order>} for an object logged as the message,
 * {@code <org.apache.logging.log4j.message.StringMapMessage>} for a map message.
 *
 * <p>Thread-safe. Allocation-free after the first call for a class.
 */
final class ClassKeys {

    private static final ClassValue<String> KEYS = new ClassValue<String>() {
        @Override
        protected String computeValue(Class<?> type) {
            return "<" + type.getName() + ">";
        }
    };

    private ClassKeys() {
    }

    /** Returns the key of objects of the class of {@code value}; {@code "<null>"} for null. */
    static String classKey(Object value) {
        return value == null ? "<null>" : KEYS.get(value.getClass());
    }
}
