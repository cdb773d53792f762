/**
 * Fingerprints: the parts of a logging call → the key that groups its repeats
 * ({@link dev.floodgate.core.fingerprint.Fingerprinter}), and the masking of variable tokens in messages built by
 * concatenation ({@link dev.floodgate.core.fingerprint.TokenMasker}).
 */
package dev.floodgate.core.fingerprint;
