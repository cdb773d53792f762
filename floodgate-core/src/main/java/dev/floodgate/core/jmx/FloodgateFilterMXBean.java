package dev.floodgate.core.jmx;

import java.util.List;
import java.util.Map;

/**
 * The management interface of one Floodgate filter: read-only attributes, all open types.
 */
public interface FloodgateFilterMXBean {

    /** Returns the logging framework: {@code logback} or {@code log4j2}. */
    String getFramework();

    /** Returns the filter's name. */
    String getName();

    /** Returns the events that reached the limiter since the filter first started. */
    long getEventsCounted();

    /** Returns the events passed. */
    long getEventsPassed();

    /** Returns the events suppressed by any limit. */
    long getEventsSuppressed();

    /** Returns the events suppressed by their fingerprint's own limit. */
    long getSuppressedByFingerprint();

    /** Returns the events suppressed by the global cap. */
    long getSuppressedByCap();

    /** Returns the events suppressed as "other messages" (beyond {@code maxKeys}). */
    long getSuppressedAsOther();

    /** Returns the summary lines handed out to be written. */
    long getSummaries();

    /** Returns the fingerprints tracked now. */
    int getFingerprintsTracked();

    /** Returns the options in force, by name. */
    Map<String, String> getOptions();

    /** Returns the fingerprints that suppressed most now, at most 10. */
    List<FingerprintRow> getTopFingerprints();
}
