/**
 * What every other package of the core shares and that depends on nothing of it: argument checks whose messages name
 * the setting and the value ({@link dev.floodgate.core.base.Checks}) and durations as text
 * ({@link dev.floodgate.core.base.Durations}). The bottom of the core's package graph; not exported.
 */
package dev.floodgate.core.base;
