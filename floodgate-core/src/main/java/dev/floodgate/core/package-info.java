/**
 * Floodgate's engine and its front door. {@link dev.floodgate.core.FloodEngine} fingerprints each logging call,
 * limits each fingerprint and turns what it suppressed into {@link dev.floodgate.core.summary.SuppressionSummary}
 * values; {@link dev.floodgate.core.FloodgateConfig} holds its options and {@link dev.floodgate.core.Fingerprint} is
 * the typed key of a call for callers that count by fingerprint. {@link dev.floodgate.core.FilterTotals} and
 * {@link dev.floodgate.core.FingerprintStats} are what monitoring reads. Time comes from one
 * {@link dev.floodgate.core.Clock}: {@link dev.floodgate.core.TickingClock} in production,
 * {@link dev.floodgate.core.ManualClock} in tests.
 *
 * <p>The single-key limiters stand alone: {@link dev.floodgate.core.FloodLimiter} (the attrition algorithm, with
 * {@link dev.floodgate.core.AttritionSettings} and {@link dev.floodgate.core.Decision}),
 * {@link dev.floodgate.core.WindowLimiter} and {@link dev.floodgate.core.CellRateLimiter}, each with its settings and
 * decision.
 *
 * <p>Everything else here is package-private: the key ledger and its gates, the rate algorithms' per-key state and
 * the fleet's leases. They share this package so that no protocol between them has to be public.
 */
package dev.floodgate.core;
