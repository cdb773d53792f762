/**
 * Floodgate for Logback: a global turbo filter ({@link dev.floodgate.logback.FloodgateTurboFilter}) and an appender
 * filter ({@link dev.floodgate.logback.FloodgateFilter}) that drop the repeats of a log flood and periodically log
 * what they dropped. Both read the same settings ({@link dev.floodgate.core.Option}) from {@code logback.xml}.
 */
package dev.floodgate.logback;
