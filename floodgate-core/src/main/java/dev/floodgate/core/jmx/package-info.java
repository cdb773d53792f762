/**
 * One MXBean per started Floodgate filter, under {@code dev.floodgate:type=Filter,framework=...,name=...}, with its
 * totals, options and top fingerprints as open data for JConsole, VisualVM and the Prometheus JMX exporter.
 */
package dev.floodgate.core.jmx;
