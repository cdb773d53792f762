package dev.floodgate.spring;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.core.status.Status;
import ch.qos.logback.core.status.StatusListener;
import dev.floodgate.core.FilterTotals;
import dev.floodgate.core.internal.FilterRegistry;
import dev.floodgate.core.internal.RegisteredFilter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The child JVM of {@link RestartUnderFloodTest}: two threads flood {@code "Flood {} from worker " + (i % 5)} while a
 * non-web Spring Boot application with Floodgate from {@code floodgate.enabled=true} is closed and started again
 * {@value #RESTARTS} times (each start initialises logging again, which stops the filter and starts a new one); then
 * the flood stops, the child prints the filter's totals across the restarts ({@code findings suppressed=..}) and
 * returns from {@code main}, and the JVM's exit writes what is pending. Every ERROR status is printed to the output
 * by a listener that outlives each reset, so the parent can count what could not be written.
 */
public final class RestartFlood {

    static final int RESTARTS = 8;
    static final String FINDINGS = "findings suppressed=";
    static final String ERROR_STATUS = "error status: ";

    private RestartFlood() {
    }

    /** Runs the scenario and prints the findings. */
    public static void main(String[] args) throws InterruptedException {
        ((LoggerContext) LoggerFactory.getILoggerFactory()).getStatusManager().add(new ErrorsToOutput());
        ConfigurableApplicationContext app = start();
        AtomicBoolean flooding = new AtomicBoolean(true);
        List<Thread> flooders = new ArrayList<>();
        for (int n = 0; n < 2; n++) {
            Logger log = LoggerFactory.getLogger("shop.Flood" + n);
            Thread flooder = new Thread(() -> {
                long i = 0;
                while (flooding.get()) {
                    log.error("Flood {} from worker " + (i % 5), i);
                    i++;
                }
            }, "flood-" + n);
            flooders.add(flooder);
            flooder.start();
        }
        for (int r = 0; r < RESTARTS; r++) {
            app.close();
            app = start();
        }
        flooding.set(false);
        for (Thread t : flooders) {
            t.join();
        }
        FilterTotals totals = FilterRegistry.global().live().stream()
                .filter(f -> f.name().equals(LogbackInstaller.NAME)).map(RegisteredFilter::totals).findFirst()
                .orElseThrow();
        System.out.println(FINDINGS + totals.suppressed() + " passed=" + totals.passed());
        System.err.println(ExitFlood.DONE + System.currentTimeMillis());
    }

    private static ConfigurableApplicationContext start() {
        return new SpringApplicationBuilder(TestApplication.class).web(WebApplicationType.NONE)
                .properties("floodgate.enabled=true", "floodgate.summary-interval=100ms").run();
    }

    /** Prints every ERROR status; kept across the resets of each new start. */
    private static final class ErrorsToOutput implements StatusListener {
        @Override
        public void addStatusEvent(Status status) {
            if (status.getEffectiveLevel() >= Status.ERROR) {
                System.out.println(ERROR_STATUS + status.getMessage().replace('\n', ' '));
            }
        }

        @Override
        public boolean isResetResistant() {
            return true;
        }
    }
}
