package dev.floodgate.redis;

import dev.floodgate.core.Clock;
import dev.floodgate.core.FloodEngine;
import dev.floodgate.core.FloodgateConfig;
import dev.floodgate.core.summary.SuppressionSummary;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One process of {@link FleetOfJvmsTest}: a filter with a fleet limit, connecting after its first call
 * ({@code READY}); when the parent writes {@code WARM}, called until the fleet limit refuses once ({@code WARMED});
 * then flooded by several threads from a start time that the parent writes until that time plus the run length;
 * prints the epoch millisecond of each call that passed before the flood ({@code W <ms>}) and in it
 * ({@code P <ms>}), then {@code OFFERED <n>} (all calls) and {@code SUMMARIZED <n>}.
 *
 * <p>Arguments: Redis URI, key prefix, threads, run milliseconds.
 */
public final class FleetFloodChild {

    private static final String TEMPLATE = "Payment gateway timed out for order {}";

    private FleetFloodChild() {
    }

    /**
     * Calls the template, 50 times a second, until the fleet limit refuses a call, so that the flood starts with the
     * store's leases in force; notes when each call passed and returns how many calls it made. The pacing keeps the
     * calls that pass before the first lease few; it waits for nothing. Gives up after 15 s (a bound, not a timing).
     */
    private static long warmUp(FloodEngine filter, List<Long> passedAt) throws InterruptedException {
        long calls = 0;
        long giveUpAt = System.currentTimeMillis() + 15_000;
        while (filter.totals().suppressedByFleet() == 0) {
            if (System.currentTimeMillis() > giveUpAt) {
                throw new IllegalStateException("the fleet limit refused none of " + calls + " calls in 15 s");
            }
            calls++;
            long now = System.currentTimeMillis();
            if (!filter.suppress(TEMPLATE, true, "shop.Payments", "ERROR", null)) {
                passedAt.add(now);
            }
            Thread.sleep(20);
        }
        return calls;
    }

    /** Runs one flooding process; see the class comment. */
    public static void main(String[] args) throws Exception {
        FloodgateConfig config = FloodgateConfig.parse(Map.of("limiter", "cell", "count", "1000", "period",
                "1 second", "burst", "0", "fleet", args[0], "fleetCount", "10", "fleetPeriod", "1 second",
                "fleetPrefix", args[1]));
        int threads = Integer.parseInt(args[2]);
        long runMillis = Long.parseLong(args[3]);
        FloodEngine filter = new FloodEngine(config, Clock.monotonic());
        filter.suppress("Started", false, "shop.Main", "INFO", null); // a filter connects at its first call
        System.out.println("READY");
        System.out.flush();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        if (!"WARM".equals(in.readLine())) {
            throw new IllegalStateException("expected WARM");
        }
        List<Long> warmUps = new ArrayList<>();
        long offeredBefore = warmUp(filter, warmUps);
        System.out.println("WARMED");
        System.out.flush();
        long startAt = Long.parseLong(in.readLine().trim());
        long endAt = startAt + runMillis;
        long[][] passedAt = new long[threads][];
        long[] offered = new long[threads];
        Thread[] workers = new Thread[threads];
        for (int t = 0; t < threads; t++) {
            int me = t;
            workers[t] = new Thread(() -> {
                long[] times = new long[1 << 16];
                int n = 0;
                long o = 0;
                while (System.currentTimeMillis() < startAt) {
                    Thread.onSpinWait();
                }
                long now;
                while ((now = System.currentTimeMillis()) < endAt) {
                    o++;
                    if (!filter.suppress(TEMPLATE, true, "shop.Payments", "ERROR", null) && n < times.length) {
                        times[n++] = now;
                    }
                }
                passedAt[me] = java.util.Arrays.copyOf(times, n);
                offered[me] = o;
            });
            workers[t].start();
        }
        long total = offeredBefore;
        PrintStream out = System.out;
        for (long ms : warmUps) {
            out.println("W " + ms);
        }
        for (int t = 0; t < threads; t++) {
            workers[t].join();
            total += offered[t];
            for (long ms : passedAt[t]) {
                out.println("P " + ms);
            }
        }
        long summarized = 0;
        long byFleet = 0;
        boolean unavailable = false;
        for (SuppressionSummary s : filter.close()) {
            summarized += s.suppressed();
            byFleet += s.suppressedByFleet();
            unavailable |= s.fleetUnavailable();
        }
        out.println("FLEET " + byFleet + " " + unavailable);
        out.println("OFFERED " + total);
        out.println("SUMMARIZED " + summarized);
        out.flush();
    }
}
