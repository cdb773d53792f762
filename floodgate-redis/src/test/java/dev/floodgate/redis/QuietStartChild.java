package dev.floodgate.redis;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * One process of {@link QuietStartTest}: configures Logback or Log4j2 from real XML with the fleet limit, prints the
 * statuses at WARN or above that configuring left ({@code DURING <text>}) and {@code CONFIGURED}, then obeys the
 * parent's commands on its standard input: {@code LOG} logs ten errors of the application, {@code NETTY} logs one
 * warning of the application through Netty's logging, {@code STATUS} prints the statuses at WARN or above since
 * configuring ({@code AFTER <text>}) and {@code END}, {@code QUIT} stops the logging framework and ends.
 *
 * <p>Arguments: {@code logback} (configured when SLF4J starts, from {@code -Dlogback.configurationFile}),
 * {@code logback-again} (started with a console, then reset and configured with the fleet limit, as Spring Boot
 * configures it) or {@code log4j2} (configured when Log4j starts, from {@code -Dlog4j2.configurationFile}); and the
 * XML of the fleet limit.
 */
public final class QuietStartChild {

    private QuietStartChild() {
    }

    /** Runs one process; see the class comment. */
    public static void main(String[] args) throws Exception {
        PrintStream out = System.out;
        Framework framework = args[0].equals("log4j2") ? new Log4j2() : new Logback(args[0].equals("logback-again"));
        framework.configure(args[1]);
        for (String s : framework.warnings()) {
            out.println("DURING " + s.replace('\n', ' '));
        }
        int told = framework.warnings().size();
        out.println("CONFIGURED");
        out.flush();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String command;
        int payment = 0;
        while ((command = in.readLine()) != null) {
            switch (command) {
                case "LOG":
                    for (int i = 0; i < 10; i++) {
                        framework.error("Payment {} failed", ++payment);
                    }
                    out.println("LOGGED");
                    break;
                case "NETTY":
                    io.netty.util.internal.logging.InternalLoggerFactory.getInstance("shop.NettyProbe")
                            .warn("The application's own line through Netty's logging");
                    out.println("LOGGED");
                    break;
                case "STATUS":
                    List<String> all = framework.warnings();
                    for (String s : all.subList(told, all.size())) {
                        out.println("AFTER " + s.replace('\n', ' '));
                    }
                    out.println("END");
                    break;
                case "QUIT":
                    framework.stop();
                    out.println("STOPPED");
                    out.flush();
                    return;
                default:
                    throw new IllegalArgumentException(command);
            }
            out.flush();
        }
    }

    /** The logging framework under test. */
    private interface Framework {
        void configure(String xml) throws Exception;

        /** Returns the status messages at WARN or above so far. */
        List<String> warnings();

        void error(String format, Object argument);

        void stop();
    }

    private static final class Logback implements Framework {
        private final boolean again;
        private ch.qos.logback.classic.LoggerContext context;

        Logback(boolean again) {
            this.again = again;
        }

        @Override
        public void configure(String xml) throws Exception {
            if (!again) {
                System.setProperty("logback.configurationFile", xml);
                org.slf4j.LoggerFactory.getLogger(QuietStartChild.class);
                context = (ch.qos.logback.classic.LoggerContext) org.slf4j.LoggerFactory.getILoggerFactory();
                return;
            }
            System.setProperty("logback.configurationFile", xml.replace(".xml", "-before.xml"));
            org.slf4j.LoggerFactory.getLogger(QuietStartChild.class).info("started with a console");
            context = (ch.qos.logback.classic.LoggerContext) org.slf4j.LoggerFactory.getILoggerFactory();
            context.reset();
            context.getStatusManager().clear();
            ch.qos.logback.classic.joran.JoranConfigurator configurator =
                    new ch.qos.logback.classic.joran.JoranConfigurator();
            configurator.setContext(context);
            configurator.doConfigure(new java.io.File(xml));
        }

        @Override
        public List<String> warnings() {
            List<String> out = new java.util.ArrayList<>();
            for (ch.qos.logback.core.status.Status s : context.getStatusManager().getCopyOfStatusList()) {
                if (s.getLevel() >= ch.qos.logback.core.status.Status.WARN) {
                    out.add(s.getMessage());
                }
            }
            return out;
        }

        @Override
        public void error(String format, Object argument) {
            org.slf4j.LoggerFactory.getLogger("shop.Payments").error(format, argument);
        }

        @Override
        public void stop() {
            context.stop();
        }
    }

    private static final class Log4j2 implements Framework {
        private final List<String> warnings = new CopyOnWriteArrayList<>();

        @Override
        public void configure(String xml) {
            org.apache.logging.log4j.status.StatusLogger.getLogger().registerListener(
                    new org.apache.logging.log4j.status.StatusListener() {
                        @Override
                        public void log(org.apache.logging.log4j.status.StatusData data) {
                            if (data.getLevel().isMoreSpecificThan(org.apache.logging.log4j.Level.WARN)) {
                                warnings.add(data.getMessage().getFormattedMessage());
                            }
                        }

                        @Override
                        public org.apache.logging.log4j.Level getStatusLevel() {
                            return org.apache.logging.log4j.Level.WARN;
                        }

                        @Override
                        public void close() {
                            // nothing held
                        }
                    });
            System.setProperty("log4j2.configurationFile", xml);
            org.apache.logging.log4j.LogManager.getLogger(QuietStartChild.class);
        }

        @Override
        public List<String> warnings() {
            return warnings;
        }

        @Override
        public void error(String format, Object argument) {
            org.apache.logging.log4j.LogManager.getLogger("shop.Payments").error(format, argument);
        }

        @Override
        public void stop() {
            org.apache.logging.log4j.LogManager.shutdown();
        }
    }
}
