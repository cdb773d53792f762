/**
 * Spring Boot auto-configuration for Floodgate: the filter from {@code application.properties} alone
 * ({@code floodgate.enabled=true}, {@code floodgate.<option-in-kebab-case>}), its Micrometer meters, the
 * {@code /actuator/floodgate} endpoint, and a startup failure analysis naming a bad property.
 */
package dev.floodgate.spring;
