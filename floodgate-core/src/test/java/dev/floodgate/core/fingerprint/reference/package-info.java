/** The token masking before the scan was made linear: the reference the linear scan is checked against. */
package dev.floodgate.core.fingerprint.reference;
