/**
 * Floodgate's entry points: the attrition limiter's settings ({@link dev.floodgate.core.AttritionSettings}), the
 * clock ({@link dev.floodgate.core.Clock}), and a thread-safe single actor
 * ({@link dev.floodgate.core.FloodLimiter}) with its {@link dev.floodgate.core.Decision}.
 */
package dev.floodgate.core;
