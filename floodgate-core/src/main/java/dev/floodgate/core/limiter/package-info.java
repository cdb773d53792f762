/**
 * Rate algorithms as pure per-key state: they take the time as an argument and their owner guards them. The
 * default is {@link dev.floodgate.core.limiter.AttritionActor}, the port of FloodgateDotNet's actor.
 */
package dev.floodgate.core.limiter;
