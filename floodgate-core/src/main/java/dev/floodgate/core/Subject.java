package dev.floodgate.core;

/**
 * What a summary needs to know of a fingerprint beside its key (whose text {@code Fingerprinter.describe} gives):
 * the logger and level of its first event, and its share of the fleet limit. Immutable, so fingerprints without a
 * lease can share one ({@link Subjects}).
 */
final class Subject {

    final String loggerName;
    final Object level;
    /** The fingerprint's share of the fleet limit, or null without one. */
    final FleetLease lease;

    Subject(String loggerName, Object level, FleetLease lease) {
        this.loggerName = loggerName;
        this.level = level;
        this.lease = lease;
    }
}
