/**
 * The bounded concurrent registry of keys ({@link dev.floodgate.core.ledger.KeyLedger}) and the per-key
 * {@link dev.floodgate.core.ledger.Gate}: admission, the lock-free refusal of repeats, eviction, the size bound,
 * and the tallies that summaries are made of. All concurrency of the core lives here.
 */
package dev.floodgate.core.ledger;
