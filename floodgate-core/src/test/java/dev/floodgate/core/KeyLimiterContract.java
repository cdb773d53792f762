package dev.floodgate.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Supplier;

/**
 * Checks the {@link KeyLimiter} contract on random traffic: three copies of one limiter receive the same calls, so
 * one can be asked {@code wouldAllow} and another be given {@code addRefused} while the third only sees events.
 *
 * <p>The traffic is drawn from a declared seed that {@code -Dflood.test.seed} overrides; every failure names the seed.
 */
final class KeyLimiterContract {

    /** What a test can see of a limiter at one time, beyond {@link KeyLimiter}'s own methods. */
    interface Observer {
        /** Adds to {@code into} everything observable about {@code limiter} at {@code nowMillis}, changing nothing. */
        void observe(KeyLimiter limiter, long nowMillis, List<Object> into);
    }

    private static final long START_MILLIS = 1_700_000_000_000L;
    private static final long DAY_MILLIS = 86_400_000L;

    private final Supplier<KeyLimiter> factory;
    private final Observer observer;
    private final long gapMillis;

    /**
     * Creates a check of the limiters made by {@code factory}; {@code gapMillis} is the typical time between events,
     * about the time the limiter needs to allow one more.
     */
    KeyLimiterContract(Supplier<KeyLimiter> factory, Observer observer, long gapMillis) {
        this.factory = factory;
        this.observer = observer;
        this.gapMillis = gapMillis;
    }

    /** Returns {@code -Dflood.test.seed} if set, else {@code declared}. */
    static long seed(long declared) {
        return Long.getLong("flood.test.seed", declared);
    }

    /** Runs {@code steps} random events and bursts of refusals, asserting the contract after each. */
    void run(long seed, int steps) {
        SplittableRandom random = new SplittableRandom(seed);
        KeyLimiter asked = factory.get();
        KeyLimiter acting = factory.get();
        KeyLimiter counted = factory.get();
        long now = START_MILLIS;
        for (int step = 0; step < steps; step++) {
            now = nextTime(random, now);
            String where = "seed=" + seed + " (rerun with -Dflood.test.seed=" + seed + ") step=" + step + " now=" + now;
            if (random.nextInt(4) == 0 && asked.refusedUntil() != KeyLimiter.NOT_REFUSING) {
                refuseBurst(random, asked, acting, counted, where);
            } else {
                decide(asked, acting, counted, now, where);
            }
            assertThat(observe(counted, now)).as(where + ": state after addRefused vs refused events")
                    .isEqualTo(observe(asked, now));
            assertThat(observe(acting, now)).as(where + ": state after wouldAllow vs without")
                    .isEqualTo(observe(asked, now));
        }
    }

    private void decide(KeyLimiter asked, KeyLimiter acting, KeyLimiter counted, long now, String where) {
        long refusedUntil = asked.refusedUntil();
        boolean would = asked.wouldAllow(now);
        boolean did = acting.tryAcquire(now);
        assertThat(did).as(where + ": tryAcquire vs wouldAllow on an identical copy").isEqualTo(would);
        assertThat(asked.tryAcquire(now)).as(where + ": tryAcquire after wouldAllow").isEqualTo(did);
        assertThat(counted.tryAcquire(now)).as(where + ": tryAcquire on the third copy").isEqualTo(did);
        if (refusedUntil != KeyLimiter.NOT_REFUSING && now < refusedUntil) {
            assertThat(did).as(where + ": tryAcquire before refusedUntil " + refusedUntil).isFalse();
        }
    }

    /** Refuses events before refusedUntil on two copies and counts as many with addRefused on the third. */
    private void refuseBurst(SplittableRandom random, KeyLimiter asked, KeyLimiter acting, KeyLimiter counted,
            String where) {
        long until = asked.refusedUntil();
        int n = 1 + random.nextInt(5);
        for (int i = 0; i < n; i++) {
            long t = until - 1 - random.nextLong(3 * gapMillis + 1);
            assertThat(asked.tryAcquire(t)).as(where + ": tryAcquire(" + t + ") before refusedUntil " + until)
                    .isFalse();
            assertThat(acting.tryAcquire(t)).as(where + ": tryAcquire(" + t + ") on the copy").isFalse();
        }
        counted.addRefused(n);
    }

    private long nextTime(SplittableRandom random, long now) {
        int kind = random.nextInt(100);
        if (kind < 15) {
            return now;
        }
        if (kind < 20) {
            return now + DAY_MILLIS + random.nextLong(30 * DAY_MILLIS);
        }
        if (kind < 25) {
            return now - 1 - random.nextLong(3 * gapMillis);
        }
        return now + random.nextLong(2 * gapMillis + 1);
    }

    private List<Object> observe(KeyLimiter limiter, long now) {
        List<Object> seen = new ArrayList<>();
        seen.add(limiter.refusedUntil());
        for (long probe : probes(now)) {
            seen.add(limiter.wouldAllow(probe));
            seen.add(limiter.isIdle(probe));
            observer.observe(limiter, probe, seen);
        }
        return seen;
    }

    private long[] probes(long now) {
        return new long[] {now - gapMillis, now - 1, now, now + 1, now + gapMillis / 2, now + gapMillis,
            now + 3 * gapMillis, now + 40 * gapMillis, now + DAY_MILLIS * 40};
    }
}
