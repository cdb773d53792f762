/**
 * The fleet limit's service provider interface: a budget per fingerprint shared by every process of a fleet, kept
 * outside the process (Redis, in {@code floodgate-redis}) and found with {@link java.util.ServiceLoader}. The core
 * itself has no network code: it leases shares of the budget through a {@link dev.floodgate.core.fleet.FleetConnection}
 * and decides every event locally.
 */
package dev.floodgate.core.fleet;
