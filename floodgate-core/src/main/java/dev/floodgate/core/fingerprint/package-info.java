/**
 * How a logging call becomes the key of its fingerprint ({@link dev.floodgate.core.fingerprint.Fingerprinter}): the
 * per-thread probe that describes a call without allocating, the frozen key the ledger stores, and the masking of
 * variable tokens in messages built by concatenation ({@link dev.floodgate.core.fingerprint.TokenMasker}). Not
 * exported: the engine reaches it, and callers take a call's key with
 * {@link dev.floodgate.core.FloodEngine#fingerprint}.
 */
package dev.floodgate.core.fingerprint;
