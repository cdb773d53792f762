package dev.floodgate.benchmarks;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.core.LoggerContext;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

/**
 * {@link FingerprintPartsBenchmark} through Log4j 2: the same two floods logged with an exception, with Floodgate as
 * the context-wide filter (its fingerprint the template alone, or with the logger and level, the exception's class, or
 * its class and first frame) and with no filter into a Null appender, configured from XML as an application would.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar Log4j2FingerprintPartsBenchmark -prof gc}.
 */
public class Log4j2FingerprintPartsBenchmark extends FingerprintPartsParams {

    private LoggerContext context;
    private Logger log;
    private Path config;

    /** Starts a private context from an XML configuration written for the chosen setup. */
    @Setup
    public void setUp() throws IOException {
        config = Files.createTempFile("floodgate-bench", ".xml");
        Files.writeString(config, xml(setup), StandardCharsets.UTF_8);
        context = new LoggerContext("bench-parts-" + setup + "-" + System.nanoTime(), null, config.toUri());
        context.start();
        log = context.getLogger("com.acme.Db");
        prepare();
    }

    private static String xml(String setup) {
        String filter = setup.equals("floodgate") ? "<Floodgate/>"
                : setup.equals("floodgateLoggerLevel") ? "<Floodgate includeLogger=\"true\" includeLevel=\"true\"/>"
                : setup.equals("floodgateThrowable") ? "<Floodgate includeThrowable=\"true\"/>"
                : setup.equals("floodgateThrowableFrame") ? "<Floodgate includeThrowableFrame=\"true\"/>" : "";
        return "<Configuration status=\"WARN\">" + filter + "<Appenders><Null name=\"out\"/></Appenders>"
                + "<Loggers><Root level=\"INFO\"><AppenderRef ref=\"out\"/></Root></Loggers></Configuration>";
    }

    /** Stops the context and removes its file. */
    @TearDown
    public void tearDown() throws IOException {
        context.stop();
        Files.deleteIfExists(config);
    }

    /** The flood: one template, each call with an exception. */
    @Benchmark
    public void flood() {
        log.error("Connection to {} failed", host, thrown());
    }

    /** The same flood logged without arguments: {@code log.error("Connection to the database failed", e)}. */
    @Benchmark
    public void floodWithoutArguments() {
        log.error("Connection to the database failed", thrown());
    }
}
