package dev.floodgate.examples.log4j2;

import dev.floodgate.examples.common.DemoReport;
import dev.floodgate.examples.common.LogFile;
import dev.floodgate.examples.common.Outage;
import java.io.PrintStream;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * A shop whose payment gateway goes down: four payment workers log the same error 80,000 times in 7 seconds while
 * the web thread keeps serving requests. Log4j2 is configured by {@code log4j2.xml} on the class path, with a
 * context-wide {@code <Floodgate>} for every logger and one more on the alerts appender.
 *
 * <p>{@link #main} runs the outage, shuts Log4j down (which writes the summaries still pending) and prints what
 * reached {@code target/logs/service.log} and {@code target/logs/alerts.log}.
 */
public final class Log4j2App {

    /** The failure's message template. */
    static final String FAILURE = "Payment gateway timed out after {} ms for order {}";
    /** The service log, relative to the working directory, as {@code log4j2.xml} names it. */
    static final Path SERVICE_LOG = Paths.get("target", "logs", "service.log");
    /** The alerts log, relative to the working directory, as {@code log4j2.xml} names it. */
    static final Path ALERTS_LOG = Paths.get("target", "logs", "alerts.log");

    private static final Logger PAYMENTS = LogManager.getLogger("shop.Payments");
    private static final Logger WEB = LogManager.getLogger("shop.Web");

    private Log4j2App() {
    }

    /**
     * Runs the outage and prints the report.
     *
     * @throws InterruptedException if interrupted while the outage runs
     */
    public static void main(String[] args) throws InterruptedException {
        Outage outage = Outage.of(4, 20_000, Duration.ofSeconds(7), Duration.ofMillis(1_500), Duration.ofMillis(50));
        report(System.out, run(outage));
    }

    /** Prints what the outage that made {@code counts} left in the two log files, once Log4j has stopped. */
    static void report(PrintStream out, Outage.Counts counts) {
        DemoReport.print(out, "Log4j " + LogManager.class.getPackage().getImplementationVersion()
                + ": <Floodgate> for the whole configuration, and one on the alerts appender", counts, FAILURE,
                LogFile.read(SERVICE_LOG), LogFile.read(ALERTS_LOG));
    }

    /**
     * Runs {@code outage} through Log4j and shuts Log4j down, so that every summary is written.
     *
     * @throws InterruptedException if interrupted while the outage runs
     */
    static Outage.Counts run(Outage outage) throws InterruptedException {
        Outage.Counts counts = outage.run(
                order -> PAYMENTS.error(FAILURE, 3_000, order),
                request -> WEB.info("GET /orders/{} 200 in {} ms", request, 20 + request % 30));
        LogManager.shutdown();
        return counts;
    }
}
