package dev.floodgate.spring;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ApplicationListener;
import org.springframework.context.event.ContextClosedEvent;

/**
 * The child JVM of {@link ExitTest} and {@link Log4j2ExitTest}: a non-web Spring Boot application with Floodgate from
 * {@code floodgate.enabled=true} logs {@value #CALLS} errors of one template and returns from {@code main}; when the
 * JVM exits, Spring Boot's shutdown hook closes the application, which logs {@value #CALLS} errors of another
 * template while it closes, and then Spring Boot stops the logging system.
 */
public final class ExitFlood {

    static final int CALLS = 10_000;
    static final String DONE = "flood done at ";
    static final String TEMPLATE = "Connection to {} failed";
    static final String SHUTDOWN_TEMPLATE = "Closing connection to {} failed";

    private ExitFlood() {
    }

    /** Starts the application, floods and returns; the JVM then exits. */
    public static void main(String[] args) {
        new SpringApplicationBuilder(TestApplication.class).web(WebApplicationType.NONE)
                .properties("floodgate.enabled=true").listeners(new FloodWhileClosing()).run(args);
        flood(TEMPLATE);
        System.err.println(DONE + System.currentTimeMillis());
    }

    private static void flood(String template) {
        Logger log = LoggerFactory.getLogger("shop.Db");
        for (int i = 0; i < CALLS; i++) {
            log.error(template, "db-" + i % 4);
        }
    }

    /** Floods while the application closes, as a graceful shutdown that still serves requests may. */
    private static final class FloodWhileClosing implements ApplicationListener<ContextClosedEvent> {
        @Override
        public void onApplicationEvent(ContextClosedEvent event) {
            flood(SHUTDOWN_TEMPLATE);
        }
    }
}
