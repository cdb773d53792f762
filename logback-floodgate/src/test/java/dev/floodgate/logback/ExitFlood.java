package dev.floodgate.logback;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The child JVM of {@link ExitTest}: an application that logs {@value #CALLS} errors of one template through
 * whatever configuration Logback found ({@code -Dlogback.configurationFile}), says when it is done on standard error,
 * and returns from {@code main} without stopping Logback.
 */
public final class ExitFlood {

    static final int CALLS = 10_000;
    static final String DONE = "flood done at ";

    private ExitFlood() {
    }

    /** Floods and returns; the JVM then exits. */
    public static void main(String[] args) {
        Logger log = LoggerFactory.getLogger("shop.Db");
        for (int i = 0; i < CALLS; i++) {
            log.error("Connection to {} failed", "db-" + i % 4);
        }
        System.err.println(DONE + System.currentTimeMillis());
    }
}
