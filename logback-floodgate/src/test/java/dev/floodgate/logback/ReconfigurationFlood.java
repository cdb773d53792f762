package dev.floodgate.logback;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.classic.util.LogbackMDCAdapter;
import ch.qos.logback.core.joran.spi.JoranException;
import ch.qos.logback.core.status.Status;
import java.io.IOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The child JVM of {@link ReconfigurationUnderLoadTest}: configures a Logback context from
 * {@code ReconfigurationUnderLoadTest-file.xml} with Joran, floods it on two threads with
 * {@code "Flood {} from worker " + (i % 5)} beside a number of busy threads that only burn CPU (so that the logging
 * and summary threads are descheduled at any point, as on a busy machine), reloads it a number of times 5 ms apart
 * ({@code reset} and Joran, what {@code scan="true"} does), stops the flood and the context, and prints one line of
 * findings read from the file, the counters and the status messages: {@code findings calls=.. written=.. ...}.
 *
 * <p>Arguments: the log file, the number of reloads, the number of busy threads.
 */
public final class ReconfigurationFlood {

    private static final int FLOOD_THREADS = 2;
    /** The count of a summary line, of a fingerprint, of the "other" or forgotten messages, or of several. */
    private static final Pattern SUMMARY = Pattern.compile("^(?:Suppressed ([0-9,]+) |… and [0-9,]+ more templates?: "
            + "([0-9,]+) messages? suppressed)");
    /** The count of an ERROR status listing the summaries that could not be written. */
    private static final Pattern REPORTED = Pattern.compile("of ([0-9,]+) suppressed messages? in all");
    /** The count of an ERROR status naming one summary whose late write failed. */
    private static final Pattern LATE = Pattern.compile("could not be written: Suppressed ([0-9,]+) message");
    /** The limits of the appender's filter, as its summaries name them. */
    private static final String APPENDER_LIMITS = "; window 5/1s)";

    private ReconfigurationFlood() {
    }

    /** Runs the scenario described by {@code args} (file, reloads, busy threads) and prints the findings. */
    public static void main(String[] args) throws IOException, InterruptedException, JoranException {
        Path file = Path.of(args[0]);
        int reloads = Integer.parseInt(args[1]);
        int busyThreads = Integer.parseInt(args[2]);
        System.setProperty("floodgate.test.file", file.toString());
        URL config = TestContext.resource(ReconfigurationUnderLoadTest.class, "file");
        LoggerContext context = new LoggerContext();
        context.setName("ReconfigurationFlood");
        context.setMDCAdapter(new LogbackMDCAdapter());
        configure(context, config);

        AtomicBoolean busy = new AtomicBoolean(true);
        List<Thread> burners = new ArrayList<>();
        for (int n = 0; n < busyThreads; n++) {
            Thread t = new Thread(() -> burn(busy), "busy-" + n);
            t.setDaemon(true);
            burners.add(t);
            t.start();
        }
        AtomicBoolean flooding = new AtomicBoolean(true);
        CountDownLatch started = new CountDownLatch(FLOOD_THREADS);
        long[] calls = new long[FLOOD_THREADS];
        List<Thread> flooders = new ArrayList<>();
        for (int n = 0; n < FLOOD_THREADS; n++) {
            int index = n;
            Logger log = context.getLogger("app.Flood" + n);
            Thread flooder = new Thread(() -> {
                started.countDown();
                long i = 0;
                while (flooding.get()) {
                    log.error("Flood {} from worker " + (i % 5), i);
                    i++;
                }
                calls[index] = i;
            }, "flood-" + n);
            flooder.setDaemon(true); // if main fails, the JVM ends
            flooders.add(flooder);
        }
        flooders.forEach(Thread::start);
        started.await();
        for (int i = 0; i < reloads; i++) {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(5)); // the spacing of the reloads, not a wait
            context.reset();
            configure(context, config);
        }
        flooding.set(false);
        for (Thread t : flooders) {
            t.join();
        }
        context.stop();
        busy.set(false);
        for (Thread t : burners) {
            t.join();
        }

        long written = 0;
        long turboSummarized = 0;
        long appenderSummarized = 0;
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            int bar = line.indexOf('|');
            if (bar == 0) {
                written++;
            } else if (bar > 0) {
                Matcher m = SUMMARY.matcher(line.substring(bar + 1));
                if (!m.find()) {
                    throw new IllegalStateException("not a summary: " + line);
                }
                long n = Long.parseLong((m.group(1) != null ? m.group(1) : m.group(2)).replace(",", ""));
                if (line.endsWith(APPENDER_LIMITS)) {
                    appenderSummarized += n;
                } else {
                    turboSummarized += n;
                }
            }
        }
        long reported = 0;
        int warnings = 0;
        int errors = 0;
        int otherProblems = 0;
        for (Status s : context.getStatusManager().getCopyOfStatusList()) {
            if (s.getEffectiveLevel() < Status.WARN) {
                continue;
            }
            String message = s.getMessage();
            System.out.println("status: " + (s.getLevel() == Status.ERROR ? "ERROR " : "WARN ") + message);
            if (!message.contains("Floodgate")) {
                otherProblems++;
            } else if (s.getLevel() == Status.WARN) {
                warnings++;
            } else {
                errors++;
                reported += sum(REPORTED, message) + sum(LATE, message);
            }
        }
        long total = 0;
        for (long c : calls) {
            total += c;
        }
        System.out.println("findings calls=" + total + " turboDenied=" + DecisionCounter.denied() + " turboPassed="
                + DecisionCounter.passed() + " turboSummarized=" + turboSummarized + " appenderReached="
                + CallCounter.count("before") + " appenderPassed=" + CallCounter.count("after")
                + " appenderSummarized=" + appenderSummarized + " written=" + written + " reported=" + reported
                + " warnings=" + warnings + " errors=" + errors + " otherProblems=" + otherProblems + " reloads="
                + reloads + " busyThreads=" + busyThreads);
    }

    private static void configure(LoggerContext context, URL config) throws JoranException {
        JoranConfigurator configurator = new JoranConfigurator();
        configurator.setContext(context);
        configurator.doConfigure(config);
    }

    /** Spins until told to stop, so that the threads of the scenario share the cores with it. */
    private static void burn(AtomicBoolean busy) {
        long x = 1;
        while (busy.get()) {
            for (int i = 0; i < 10_000; i++) {
                x = x * 6364136223846793005L + 1442695040888963407L;
            }
        }
        if (x == 42) {
            System.out.println(x); // keeps the loop from being optimised away
        }
    }

    private static long sum(Pattern pattern, String message) {
        long sum = 0;
        Matcher m = pattern.matcher(message);
        while (m.find()) {
            sum += Long.parseLong(m.group(1).replace(",", ""));
        }
        return sum;
    }
}
