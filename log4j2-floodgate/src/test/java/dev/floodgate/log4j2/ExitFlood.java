package dev.floodgate.log4j2;

import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.impl.Log4jContextFactory;

/**
 * The child JVM of {@link ExitTest}: an application that logs {@value #CALLS} errors of one template through
 * whatever configuration Log4j found ({@code -Dlog4j2.configurationFile}), says on standard error whether Log4j
 * stops itself at exit (its shutdown hook) and when it is done, and returns from {@code main} without stopping Log4j.
 */
public final class ExitFlood {

    static final int CALLS = 10_000;
    static final String DONE = "flood done at ";
    static final String HOOK = "log4jShutdownHook=";

    private ExitFlood() {
    }

    /** Floods and returns; the JVM then exits. */
    public static void main(String[] args) {
        Logger log = LogManager.getLogger("shop.Db");
        LoggerContext context = (LoggerContext) LogManager.getContext(false);
        boolean hook = LogManager.getFactory() instanceof Log4jContextFactory
                && ((Log4jContextFactory) LogManager.getFactory()).isShutdownHookEnabled()
                && context.getConfiguration().isShutdownHookEnabled();
        System.err.println(HOOK + hook);
        for (int i = 0; i < CALLS; i++) {
            log.error("Connection to {} failed", "db-" + i % 4);
        }
        System.err.println(DONE + System.currentTimeMillis());
    }
}
