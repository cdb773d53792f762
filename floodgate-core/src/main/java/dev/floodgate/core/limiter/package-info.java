/**
 * Rate algorithms as pure per-key state: they take the time as an argument and their owner guards them. The
 * default is {@link dev.floodgate.core.limiter.AttritionActor}, the port of FloodgateDotNet's actor.
 * {@link dev.floodgate.core.limiter.KeyLimiterFactory} makes a limiter from its settings, which are plain values of
 * {@code dev.floodgate.core}: this package depends on them, never the other way. Not exported.
 */
package dev.floodgate.core.limiter;
