/**
 * What Floodgate's own modules share and applications do not call: the one lifecycle both adapters run their filters
 * through ({@link dev.floodgate.core.internal.FilterLifecycle}: start, scheduled summaries, handover across a reload,
 * stop) with the small interfaces each adapter implements for its framework
 * ({@link dev.floodgate.core.internal.SummaryScheduler}, {@link dev.floodgate.core.internal.FilterStatus},
 * {@link dev.floodgate.core.internal.SummaryPublisher.Sink}), the summary writer
 * ({@link dev.floodgate.core.internal.SummaryPublisher}), capped diagnostics
 * ({@link dev.floodgate.core.internal.CappedReports}), the registry of started filters that the MXBeans, the
 * Micrometer binder and the Spring Boot endpoint read ({@link dev.floodgate.core.internal.FilterRegistry}), and the
 * validation and duration helpers. Exported only to {@code dev.floodgate.logback}, {@code dev.floodgate.log4j2},
 * {@code dev.floodgate.micrometer} and {@code dev.floodgate.spring}; it may change in any release.
 */
package dev.floodgate.core.internal;
