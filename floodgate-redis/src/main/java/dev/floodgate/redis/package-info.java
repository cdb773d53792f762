/**
 * The fleet limit's Redis store: a {@link dev.floodgate.core.fleet.FleetProvider} on Lettuce that takes leases of a
 * fingerprint's fleet-wide budget with one atomic GCRA step ({@code CL.THROTTLE} where redis-cell is loaded, else a
 * Lua script with the same answers), never on the application's threads.
 */
package dev.floodgate.redis;
