package dev.floodgate.micrometer;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.util.LogbackMDCAdapter;
import ch.qos.logback.core.joran.spi.JoranException;
import ch.qos.logback.core.read.ListAppender;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.net.URI;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.logging.log4j.core.config.Configurator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class FloodgateMetricsTest {

    private static final Pattern SUPPRESSED = Pattern.compile("^Suppressed (\\d[\\d,]*) messages");

    private final SimpleMeterRegistry simple = new SimpleMeterRegistry();
    private final FloodgateMetrics metrics = FloodgateMetrics.builder().templateMeters(3).build();
    private LoggerContext logback;
    /** Each test's own filter name: the global registry keeps a name's totals across contexts. */
    private final String name = "micrometer-test-" + System.nanoTime();

    @AfterEach
    void stop() {
        metrics.close();
        if (logback != null) {
            logback.stop();
        }
    }

    private LoggerContext logback() {
        LoggerContext context = new LoggerContext();
        context.setName("FloodgateMetricsTest");
        context.setMDCAdapter(new LogbackMDCAdapter());
        context.putProperty("filterName", name);
        configure(context);
        return context;
    }

    private static void configure(LoggerContext context) {
        JoranConfigurator configurator = new JoranConfigurator();
        configurator.setContext(context);
        try {
            configurator.doConfigure(FloodgateMetricsTest.class.getResource("FloodgateMetricsTest-logback.xml"));
        } catch (JoranException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void flood(LoggerContext context, String template, int calls) {
        org.slf4j.Logger log = context.getLogger("shop.Db");
        for (int i = 0; i < calls; i++) {
            log.error(template, i);
        }
    }

    private static double events(MeterRegistry registry, String filter, String outcome) {
        FunctionCounter c = registry.find("floodgate.events").tag("filter", filter).tag("outcome", outcome)
                .functionCounter();
        return c == null ? Double.NaN : c.count();
    }

    private static long suppressedInSummaries(List<ILoggingEvent> events) {
        long sum = 0;
        for (ILoggingEvent e : events) {
            Matcher m = SUPPRESSED.matcher(e.getFormattedMessage());
            if (m.find()) {
                sum += Long.parseLong(m.group(1).replace(",", ""));
            }
        }
        return sum;
    }

    @SuppressWarnings("unchecked")
    private static ListAppender<ILoggingEvent> list(LoggerContext context) {
        return (ListAppender<ILoggingEvent>) context.getLogger("ROOT").getAppender("LIST");
    }

    @Test
    void bindTo_logbackFlood_countsPassedAndSuppressedLive_andTheSummariesAgree() {
        logback = logback();
        metrics.bindTo(simple);
        flood(logback, "Connection to {} failed", 40);
        assertThat(events(simple, name, "passed")).isEqualTo(16.0);
        assertThat(events(simple, name, "suppressed")).isEqualTo(24.0);
        assertThat(simple.get("floodgate.fingerprints").tag("framework", "logback").gauge().value()).isEqualTo(1.0);
        ListAppender<ILoggingEvent> lines = list(logback);
        logback.stop();
        assertThat(suppressedInSummaries(lines.list)).isEqualTo(24);
        assertThat(simple.find("floodgate.events").tag("filter", name).meters()).isEmpty();
        logback = null;
    }

    @Test
    void bindTo_reconfigurations_keepOneSetOfMetersThatKeepsCounting() {
        logback = logback();
        metrics.bindTo(simple);
        flood(logback, "a {}", 40);
        for (int i = 0; i < 20; i++) {
            logback.reset();
            logback.putProperty("filterName", name);
            configure(logback);
        }
        flood(logback, "a {}", 40);
        java.util.Collection<Meter> found = simple.find("floodgate.events").tag("filter", name).meters();
        assertThat(found).hasSize(2);
        // Each reload continues the filter's state (same name, same settings): one burst of 16 for the 80 events,
        // and no summary yet, since no reload closes the engine and no interval has passed.
        assertThat(events(simple, name, "passed")).isEqualTo(16.0);
        assertThat(events(simple, name, "suppressed")).isEqualTo(64.0);
        assertThat(simple.find("floodgate.summaries").tag("filter", name).functionCounter().count())
                .isEqualTo(0.0);
    }

    @Test
    void bindTo_prometheus_writesTheConventionalNames() {
        PrometheusMeterRegistry prometheus = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        logback = logback();
        metrics.bindTo(prometheus);
        flood(logback, "Payment {} timed out\n\u0007injected", 40);
        metrics.refreshTemplates();
        String text = prometheus.scrape();
        assertThat(text).contains(
                "floodgate_events_total{filter=\"" + name + "\",framework=\"logback\",outcome=\"suppressed\"} 24.0");
        assertThat(text).contains(
                "floodgate_events_total{filter=\"" + name + "\",framework=\"logback\",outcome=\"passed\"} 16.0");
        assertThat(text).contains("floodgate_fingerprints{filter=\"" + name + "\",framework=\"logback\"} 1.0");
        assertThat(text).contains("floodgate_template_suppressed_events{filter=\"" + name + "\",framework="
                + "\"logback\",template=\"Payment {} timed out injected\"} 24.0");
    }

    @Test
    void bindTo_log4j2Configuration_isFoundAndForgottenWhenItStops() throws Exception {
        metrics.bindTo(simple);
        URI xml = FloodgateMetricsTest.class.getResource("FloodgateMetricsTest-log4j2.xml").toURI();
        org.apache.logging.log4j.core.LoggerContext context = Configurator.initialize("FloodgateMetricsTest", null,
                xml);
        try {
            org.apache.logging.log4j.Logger log = context.getLogger("shop.Db");
            for (int i = 0; i < 40; i++) {
                log.error("Connection to {} failed", i);
            }
            assertThat(simple.find("floodgate.events").tag("framework", "log4j2").tag("filter", "context-wide")
                    .tag("outcome", "suppressed").functionCounter().count()).isEqualTo(24.0);
        } finally {
            Configurator.shutdown(context);
        }
        assertThat(simple.find("floodgate.events").tag("framework", "log4j2").meters()).isEmpty();
    }

    @Test
    void bindTo_closedRegistry_registersNothingAndLoggingGoesOn() {
        simple.close();
        metrics.bindTo(simple);
        logback = logback();
        flood(logback, "a {}", 40);
        assertThat(simple.getMeters()).isEmpty();
        assertThat(logback.getStatusManager().getCopyOfStatusList())
                .noneMatch(s -> s.getLevel() >= ch.qos.logback.core.status.Status.WARN);
    }

    @Test
    void bindTo_registryClosedWhileBound_newFiltersAreIgnoredWithoutError() {
        metrics.bindTo(simple);
        simple.close();
        logback = logback();
        flood(logback, "a {}", 40);
        assertThat(logback.getStatusManager().getCopyOfStatusList())
                .noneMatch(s -> s.getLevel() >= ch.qos.logback.core.status.Status.WARN);
    }

    @Test
    void bindTo_noFloodgateConfigured_noMetersAndNoError() {
        metrics.bindTo(simple);
        assertThat(simple.find("floodgate.events").meters()).isEmpty();
    }

    @Test
    void templateMeters_aboveTheHardLimit_areRefused() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> FloodgateMetrics.builder().templateMeters(51))
                .hasMessage("templateMeters must be between 0 and 50, was 51");
    }
}
