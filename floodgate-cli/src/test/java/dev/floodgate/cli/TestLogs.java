package dev.floodgate.cli;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.classic.util.LogbackMDCAdapter;
import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.core.Logger;

/**
 * Writes real log files through Logback and Log4j2, each configured from
 * {@code src/test/resources/dev/floodgate/cli/<config>.xml} into a private context, with one workload: a flood of
 * one warning, errors with stack traces and a little varied traffic.
 */
final class TestLogs {

    /** Calls the workload makes: each is one event in the file. */
    static final int EVENTS = Workload.STARTS + Workload.FLOOD + Workload.PAYMENTS + Workload.CACHE;

    private TestLogs() {
    }

    /** One logging call, whatever the framework. */
    @FunctionalInterface
    interface Sink {
        void log(String logger, String level, String template, Object... args);
    }

    /** The calls every generated log holds, in order. */
    static final class Workload {
        static final int STARTS = 3;
        static final int FLOOD = 2_000;
        static final int PAYMENTS = 40;
        static final int CACHE = 12;

        private Workload() {
        }

        static void run(Sink sink) {
            for (int i = 0; i < STARTS; i++) {
                sink.log("com.example.App", "INFO", "Started worker {} of {}", i + 1, STARTS);
            }
            for (int i = 0; i < FLOOD; i++) {
                sink.log("com.example.db.Pool", "WARN", "Connection to {} failed after {}ms",
                        "10.0." + (i % 7) + "." + (i % 200 + 1) + ":5432", i % 997);
            }
            for (int i = 0; i < PAYMENTS; i++) {
                sink.log("com.example.pay.Payments", "ERROR", "Payment {} failed", 1000 + i,
                        new IllegalStateException("card " + i + " declined",
                                new java.io.UncheckedIOException(new IOException("socket closed"))));
            }
            for (int i = 0; i < CACHE; i++) {
                sink.log("com.example.Cache", "DEBUG", "Cache region " + (char) ('a' + i) + " warmed");
            }
        }
    }

    /** Writes the workload through Logback configured from {@code <config>.xml}. */
    static Path logback(Path file, String config) throws Exception {
        return logback(file, config, Workload::run);
    }

    /** Writes what {@code workload} logs through Logback configured from {@code <config>.xml}. */
    static Path logback(Path file, String config, Consumer<Sink> workload) throws Exception {
        LoggerContext ctx = new LoggerContext();
        ctx.setName("floodgate-cli-test");
        ctx.setMDCAdapter(new LogbackMDCAdapter());
        ctx.putProperty("logFile", file.toString());
        JoranConfigurator jc = new JoranConfigurator();
        jc.setContext(ctx);
        jc.doConfigure(resource(config));
        workload.accept((logger, level, template, args) -> {
            org.slf4j.Logger l = ctx.getLogger(logger);
            switch (level) {
                case "DEBUG":
                    l.debug(template, args);
                    break;
                case "INFO":
                    l.info(template, args);
                    break;
                case "WARN":
                    l.warn(template, args);
                    break;
                default:
                    l.error(template, args);
            }
        });
        ctx.stop();
        return file;
    }

    /** Writes the workload through Log4j2 configured from {@code <config>.xml}. */
    static Path log4j2(Path file, String config) throws Exception {
        String property = "floodgate.cli.test.logFile";
        System.setProperty(property, file.toString());
        org.apache.logging.log4j.core.LoggerContext ctx = new org.apache.logging.log4j.core.LoggerContext(
                "floodgate-cli-test-" + config, null, resource(config).toURI());
        try {
            ctx.start();
            Workload.run((logger, level, template, args) -> {
                Logger l = ctx.getLogger(logger);
                l.log(Level.getLevel(level), template, args);
            });
        } finally {
            ctx.stop();
            System.clearProperty(property);
        }
        return file;
    }

    /** Returns the lines of a file. */
    static List<String> lines(Path file) throws IOException {
        return Files.readAllLines(file);
    }

    private static URL resource(String config) throws URISyntaxException {
        URL url = TestLogs.class.getResource(config + ".xml");
        if (url == null) {
            throw new IllegalArgumentException("no test resource " + config + ".xml");
        }
        return url;
    }
}
