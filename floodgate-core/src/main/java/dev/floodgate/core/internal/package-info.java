/**
 * What Floodgate's own modules share and applications do not call: the summary writer both adapters use
 * ({@link dev.floodgate.core.internal.SummaryPublisher}), the registry of started filters that the MXBeans, the
 * Micrometer binder and the Spring Boot endpoint read ({@link dev.floodgate.core.internal.FilterRegistry}), and the
 * validation and duration helpers. Exported only to {@code dev.floodgate.logback}, {@code dev.floodgate.log4j2},
 * {@code dev.floodgate.micrometer} and {@code dev.floodgate.spring}; it may change in any release.
 */
package dev.floodgate.core.internal;
