/**
 * Suppression summaries: the immutable "Suppressed N messages like …" facts
 * ({@link dev.floodgate.core.summary.SuppressionSummary}), their text and structured fields.
 */
package dev.floodgate.core.summary;
