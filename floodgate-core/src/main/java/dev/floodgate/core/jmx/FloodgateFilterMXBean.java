package dev.floodgate.core.jmx;

import java.util.List;
import java.util.Map;

/**
 * The management interface of one Floodgate filter: read-only attributes, all open types.
 */
public interface FloodgateFilterMXBean {

    /** {@return the logging framework: {@code logback} or {@code log4j2}} */
    String getFramework();

    /** {@return the filter's name} */
    String getName();

    /** {@return the events that reached the limiter since the filter first started} */
    long getEventsCounted();

    /** {@return the events passed} */
    long getEventsPassed();

    /** {@return the events suppressed by any limit} */
    long getEventsSuppressed();

    /** {@return the events suppressed by their fingerprint's own limit} */
    long getSuppressedByFingerprint();

    /** {@return the events suppressed by the global cap} */
    long getSuppressedByCap();

    /** {@return the events suppressed as "other messages" (beyond {@code maxKeys})} */
    long getSuppressedAsOther();

    /** {@return the summary lines handed out to be written} */
    long getSummaries();

    /** {@return the fingerprints tracked now} */
    int getFingerprintsTracked();

    /** {@return the options in force, by name; the password of a {@code fleet} URI shows as {@code ***}} */
    Map<String, String> getOptions();

    /** {@return the fingerprints that suppressed most now, at most 10} */
    List<FingerprintRow> getTopFingerprints();
}
