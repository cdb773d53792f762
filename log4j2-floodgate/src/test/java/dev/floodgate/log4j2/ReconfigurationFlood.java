package dev.floodgate.log4j2;

import java.io.IOException;
import java.net.URI;
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
import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.config.Configurator;

/**
 * The child JVM of {@link ReconfigurationUnderLoadTest}: starts Log4j's own context from
 * {@code ReconfigurationUnderLoadTest-file.xml} with {@code Configurator.initialize}, floods it on two threads with
 * {@code "Flood {} from worker " + (i % 5)} beside a number of busy threads that only burn CPU (so that the logging
 * and summary threads are descheduled at any point, as on a busy machine), reconfigures it with
 * {@code Configurator.reconfigure} a number of times 5 ms apart, stops the flood, shuts Log4j down with
 * {@code Configurator.shutdown}, and prints one line of findings read from the file and the status messages:
 * {@code findings calls=.. written=.. summarized=.. reported=.. warnings=.. errors=.. otherProblems=..}.
 *
 * <p>Arguments: the log file, the number of reconfigurations, the number of busy threads.
 */
public final class ReconfigurationFlood {

    private static final int FLOOD_THREADS = 2;
    /** The count of an ERROR status listing the summaries that could not be written. */
    private static final Pattern REPORTED = Pattern.compile("of ([0-9,]+) suppressed messages? in all");
    /** The count of an ERROR status naming one summary whose late write failed. */
    private static final Pattern LATE = Pattern.compile("could not be written: Suppressed ([0-9,]+) message");

    private ReconfigurationFlood() {
    }

    /** Runs the scenario described by {@code args} (file, reconfigurations, busy threads) and prints the findings. */
    public static void main(String[] args) throws IOException, InterruptedException {
        Path file = Path.of(args[0]);
        int reconfigurations = Integer.parseInt(args[1]);
        int busyThreads = Integer.parseInt(args[2]);
        System.setProperty("floodgate.test.file", file.toString());
        URI config = Log4jHarness.uri(ReconfigurationUnderLoadTest.class, "file");
        StatusCapture status = StatusCapture.start();
        LoggerContext context = Configurator.initialize("ReconfigurationFlood", null, config);

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
        for (int i = 0; i < reconfigurations; i++) {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(5)); // the spacing of the reloads, not a wait
            Configurator.reconfigure(config);
        }
        flooding.set(false);
        for (Thread t : flooders) {
            t.join();
        }
        Configurator.shutdown(context);
        busy.set(false);
        for (Thread t : burners) {
            t.join();
        }
        status.stop();

        long written = 0;
        long summarized = 0;
        long summaries = 0;
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            int bar = line.indexOf('|');
            if (bar == 0) {
                written++;
            } else if (bar > 0) {
                summarized += Long.parseLong(line.substring(0, bar));
                summaries++;
            }
        }
        long reported = 0;
        int warnings = 0;
        int errors = 0;
        int otherProblems = 0;
        for (String message : status.messages()) {
            System.out.println("status: " + message);
            if (!message.contains(FloodgateFilter.PLUGIN_NAME)) {
                otherProblems++;
            } else if (message.startsWith("WARN")) {
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
        System.out.println("findings calls=" + total + " written=" + written + " summarized=" + summarized
                + " summaries=" + summaries + " reported=" + reported + " warnings=" + warnings + " errors=" + errors
                + " otherProblems=" + otherProblems + " reconfigurations=" + reconfigurations + " busyThreads="
                + busyThreads);
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
