package dev.floodgate.core;

import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Gives each new fingerprint without a fleet lease its {@link Subject}, one shared by the fingerprints first seen
 * with the same logger and level: the many fingerprints a filter tracks come mostly from a few loggers, and a
 * subject of their own would cost each 24 bytes.
 *
 * <p>Thread-safe. Keeps the subjects of {@value #MAX_LOGGERS} loggers (a few more if threads admitting
 * fingerprints of new loggers race past the check), one per logger: that of the level its latest new fingerprint
 * came at. Past that, and for a call without a logger name, a fingerprint gets a subject of its own. A subject is
 * immutable and equal to the one it stands for, so sharing never changes a summary.
 */
final class Subjects {

    /** The most loggers whose subject is kept for sharing. */
    static final int MAX_LOGGERS = 1_024;

    private final ConcurrentHashMap<String, Subject> byLogger = new ConcurrentHashMap<>();

    /** {@return a subject naming {@code loggerName} and {@code level}, with no lease} */
    Subject of(String loggerName, Object level) {
        if (loggerName == null) {
            return new Subject(null, level, null);
        }
        Subject kept = byLogger.get(loggerName);
        if (kept != null && Objects.equals(kept.level, level)) {
            return kept;
        }
        Subject made = new Subject(loggerName, level, null);
        if (kept != null || byLogger.size() < MAX_LOGGERS) {
            byLogger.put(loggerName, made);
        }
        return made;
    }
}
