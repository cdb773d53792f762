/**
 * A Spring Boot web service whose payment service is down, so that every checkout fails with a stack trace, with
 * Floodgate from {@code application.properties} through the starter.
 */
package dev.floodgate.examples.checkout;
