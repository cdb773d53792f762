package dev.floodgate.core.fleet;

/**
 * Where a fleet connection reports outages and recoveries: the logging framework's status API, never its loggers.
 *
 * <p>Implementations are thread-safe and never block.
 */
public interface FleetStatus {

    /**
     * Reports a problem: the store cannot be used, local limits alone decide.
     *
     * @param message what failed and what the filter does meanwhile, in one line
     */
    void warn(String message);

    /**
     * Reports that the store answers again.
     *
     * @param message what recovered, in one line
     */
    void info(String message);
}
