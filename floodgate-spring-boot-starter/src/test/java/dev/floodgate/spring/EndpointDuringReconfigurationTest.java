package dev.floodgate.spring;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.classic.util.LogbackMDCAdapter;
import ch.qos.logback.core.joran.spi.JoranException;
import ch.qos.logback.core.status.Status;
import dev.floodgate.core.internal.FilterRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** The endpoint answers while a Logback context is reconfigured again and again, and never throws. */
class EndpointDuringReconfigurationTest {

    private static void configure(LoggerContext context) {
        JoranConfigurator configurator = new JoranConfigurator();
        configurator.setContext(context);
        try {
            configurator.doConfigure(EndpointDuringReconfigurationTest.class.getResource(
                    "EndpointDuringReconfigurationTest.xml"));
        } catch (JoranException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void filters_duringReconfigurations_answerWithoutException() throws InterruptedException {
        LoggerContext context = new LoggerContext();
        context.setName("EndpointDuringReconfigurationTest");
        context.setMDCAdapter(new LogbackMDCAdapter());
        configure(context);
        FloodgateEndpoint endpoint = new FloodgateEndpoint();
        AtomicBoolean done = new AtomicBoolean();
        List<Throwable> thrown = new ArrayList<>();
        Thread reconfigurer = new Thread(() -> {
            org.slf4j.Logger log = context.getLogger("shop.Db");
            for (int i = 0; i < 100; i++) {
                for (int j = 0; j < 40; j++) {
                    log.error("Connection to {} failed", j);
                }
                context.reset();
                configure(context);
            }
            done.set(true);
        });
        reconfigurer.start();
        int answers = 0;
        while (!done.get()) {
            try {
                FloodgateEndpoint.Filters f = endpoint.filters();
                answers += f.filters().size() >= 0 ? 1 : 0;
            } catch (RuntimeException e) {
                thrown.add(e);
            }
        }
        reconfigurer.join();
        context.stop();
        assertThat(thrown).isEmpty();
        assertThat(answers).isPositive();
        assertThat(context.getStatusManager().getCopyOfStatusList()).noneMatch(s -> s.getLevel() >= Status.WARN);
        assertThat(FilterRegistry.global().live()).noneMatch(f -> f.name().equals("endpoint-during-reconfiguration"));
    }
}
