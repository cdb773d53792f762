/**
 * Micrometer meters for every Floodgate filter: {@link dev.floodgate.micrometer.FloodgateMetrics}, a
 * {@code MeterBinder} that follows the filters as they start and stop.
 */
package dev.floodgate.micrometer;
