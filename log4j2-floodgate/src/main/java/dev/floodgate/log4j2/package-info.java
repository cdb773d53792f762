/**
 * Floodgate for Log4j2: the {@code <Floodgate>} filter plugin ({@link dev.floodgate.log4j2.FloodgateFilter}), usable
 * context-wide, on a logger, on an appender reference or on an appender, and the routing of its suppression
 * summaries to the place it sits.
 */
package dev.floodgate.log4j2;
