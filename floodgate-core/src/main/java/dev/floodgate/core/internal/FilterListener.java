package dev.floodgate.core.internal;

/**
 * Hears filter identities of a {@link FilterRegistry} come and go: the MXBeans, the Micrometer binder. Called under
 * the registry's lock, in order; should be quick and must not register filters.
 */
public interface FilterListener {
    /** A filter identity became live: its first filter started. */
    void started(RegisteredFilter filter);

    /** A filter identity stopped: its last filter stopped. */
    void stopped(RegisteredFilter filter);
}
