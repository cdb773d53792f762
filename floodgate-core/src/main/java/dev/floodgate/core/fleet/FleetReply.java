package dev.floodgate.core.fleet;

/** The answer to one {@link FleetConnection#take} request; exactly one method is called, once. */
public interface FleetReply {

    /** The store granted the whole quantity. */
    void granted();

    /**
     * The store refused the quantity; the same request would be granted after {@code retryAfterMillis}.
     *
     * @param retryAfterMillis milliseconds until the same request would be granted
     */
    void refused(long retryAfterMillis);

    /** The store did not answer (not connected, timed out, an error reply); local limits alone decide meanwhile. */
    void unavailable();
}
