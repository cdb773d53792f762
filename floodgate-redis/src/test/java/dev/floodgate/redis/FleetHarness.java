package dev.floodgate.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.floodgate.core.FloodEngine;
import dev.floodgate.core.FloodgateConfig;
import dev.floodgate.core.ManualClock;
import dev.floodgate.core.fleet.FleetStatus;
import dev.floodgate.core.summary.SuppressionSummary;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

/**
 * One core filter with a fleet limit on a real Redis, its status reports, and the counts that prove conservation:
 * every offered call passed or counted in exactly one summary.
 *
 * <p>Not thread-safe: one test thread offers the calls.
 */
final class FleetHarness implements AutoCloseable {

    private static final AtomicInteger PREFIXES = new AtomicInteger();

    final ManualClock clock = new ManualClock(1_764_000_000_000L);
    final List<String> warnings = new CopyOnWriteArrayList<>();
    final List<String> infos = new CopyOnWriteArrayList<>();
    final List<SuppressionSummary> summaries = new ArrayList<>();
    final FloodEngine filter;
    long offered;
    long passed;

    /** A filter whose local limit is {@code localCount} per second (window) and whose fleet limit is 10/s, burst 0. */
    FleetHarness(String uri, int localCount) {
        Map<String, String> raw = new HashMap<>();
        raw.put("limiter", "window");
        raw.put("count", Integer.toString(localCount));
        raw.put("period", "1 second");
        raw.put("fleet", uri);
        raw.put("fleetCount", "10");
        raw.put("fleetPeriod", "1 second");
        raw.put("fleetBurst", "0");
        raw.put("fleetPrefix", "test" + PREFIXES.incrementAndGet() + "-" + System.nanoTime() + ":");
        filter = new FloodEngine(FloodgateConfig.parse(raw), clock, new FleetStatus() {
            @Override
            public void warn(String message) {
                warnings.add(message);
            }

            @Override
            public void info(String message) {
                infos.add(message);
            }
        });
    }

    /** Offers one call of the flooding template; returns whether it passed. */
    boolean offer() {
        offered++;
        boolean dropped = filter.suppress("Payment {} failed", true, "shop.Payments", "ERROR", null);
        if (!dropped) {
            passed++;
        }
        return !dropped;
    }

    /** Offers {@code n} calls; returns how many passed. */
    int flood(int n) {
        int p = 0;
        for (int i = 0; i < n; i++) {
            p += offer() ? 1 : 0;
        }
        return p;
    }

    /** Takes the summaries of the period that ends now. */
    List<SuppressionSummary> summarize() {
        List<SuppressionSummary> out = filter.summarize();
        summaries.addAll(out);
        return out;
    }

    long suppressedByFleet() {
        return summaries.stream().mapToLong(SuppressionSummary::suppressedByFleet).sum();
    }

    /**
     * Floods, moving the clock by 100 ms per round, until the fleet limit has refused a call, or fails after 15 s
     * of real time.
     */
    void floodUntilTheFleetRefuses() {
        long before = suppressedByFleet();
        await("the fleet limit refuses a call", () -> {
            clock.advance(Duration.ofMillis(100));
            flood(50);
            summarize();
            return suppressedByFleet() > before;
        });
    }

    /** Checks that every call offered so far passed or was counted in exactly one summary. */
    void assertConservation() {
        summarize();
        long suppressed = summaries.stream().mapToLong(SuppressionSummary::suppressed).sum();
        assertThat(passed + suppressed).as("passed + suppressed").isEqualTo(offered);
    }

    /** Polls {@code condition} (which may act) until it holds, or fails after 15 s: a bound, not a timing. */
    static void await(String what, BooleanSupplier condition) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting until " + what);
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted waiting until " + what, e);
            }
        }
    }

    @Override
    public void close() {
        summaries.addAll(filter.close());
    }
}
