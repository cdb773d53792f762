package dev.floodgate.core.fleet;

/**
 * One filter's connection to the fleet-wide budget: takes shares of a fingerprint's budget with one atomic GCRA
 * request each.
 *
 * <p>Thread-safe. No method blocks on the network or throws.
 */
public interface FleetConnection {

    /**
     * Asks for {@code quantity} events of the budget under {@code key} with one GCRA request of that quantity, in the
     * background. Returns at once; {@code reply} is called exactly once, on some thread, possibly this one.
     *
     * @param key the store's key of the fingerprint, {@link FleetSettings#keyFor(String)}
     * @param quantity at least 1 and at most the limit, {@code fleetBurst + 1}
     * @param reply called once with the store's answer, or with {@link FleetReply#unavailable()}
     */
    void take(String key, long quantity, FleetReply reply);

    /** Closes the connection; later requests are answered {@link FleetReply#unavailable()}. */
    void close();
}
