package dev.floodgate.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.floodgate.core.AttritionSettings;
import dev.floodgate.core.TestSeed;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class GateTest {

    private static final long EPOCH = 1_700_000_000_000L;
    private final AttritionSettings defaults = AttritionSettings.defaults();

    private Gate<String> gate() {
        return new Gate<>("key", "attachment", KeyLimiterFactory.of(defaults, 0));
    }

    private static Gate.Outcome offer(Gate<?> gate, long now) {
        return gate.refuseFast(now) != Gate.NOT_REFUSED ? Gate.Outcome.REFUSED_BY_KEY : gate.decide(now, null);
    }

    @Test
    void refuseFast_beforeSaturation_defersToTheLock() {
        Gate<String> gate = gate();
        assertThat(gate.refuseFast(EPOCH)).isEqualTo(Gate.NOT_REFUSED);
        assertThat(gate.decide(EPOCH, null)).isEqualTo(Gate.Outcome.PASSED);
        assertThat(gate.refuseFast(EPOCH)).isEqualTo(Gate.NOT_REFUSED);
    }

    @Test
    void refuseFast_afterSaturation_refusesUntilTheTimeframeEnds() {
        Gate<String> gate = gate();
        for (int i = 0; i < 16; i++) {
            assertThat(gate.decide(EPOCH + 1_000, null)).isEqualTo(Gate.Outcome.PASSED);
        }
        assertThat(gate.refuseFast(EPOCH + 4_999)).isNotEqualTo(Gate.NOT_REFUSED);
        assertThat(gate.refuseFast(EPOCH + 5_000)).isEqualTo(Gate.NOT_REFUSED);
        assertThat(gate.decide(EPOCH + 5_000, null)).isEqualTo(Gate.Outcome.PASSED);
    }

    @Test
    void offer_randomTraffic_decidesExactlyAsThePlainActor() {
        Random random = new Random(TestSeed.SEED);
        Gate<String> gate = gate();
        AttritionActor twin = new AttritionActor(defaults);
        long now = EPOCH;
        long refused = 0;
        for (int i = 0; i < 200_000; i++) {
            now += random.nextInt(10) == 0 ? random.nextInt(7_000) : random.nextInt(20);
            if (random.nextInt(1000) == 0) {
                now -= 20_000;
            }
            boolean expected = twin.tryAcquire(now);
            Gate.Outcome outcome = offer(gate, now);
            assertThat(outcome == Gate.Outcome.PASSED).as("event %d at %d, %s", i, now, TestSeed.describe())
                    .isEqualTo(expected);
            refused += expected ? 0 : 1;
            if (random.nextInt(5_000) == 0) {
                Tally<String> tally = gate.drain(Refusals.Kind.KEY, now);
                refused -= tally == null ? 0 : tally.refusedByKey();
            }
        }
        Tally<String> last = gate.drain(Refusals.Kind.KEY, now);
        assertThat(last == null ? 0 : last.refusedByKey()).isEqualTo(refused);
    }

    @Test
    void refuseFast_repeats_countsPerStripe() {
        Gate<String> gate = gate();
        for (int i = 0; i < 16; i++) {
            gate.decide(EPOCH, null);
        }
        assertThat(gate.decide(EPOCH, null)).isEqualTo(Gate.Outcome.REFUSED_BY_KEY);
        assertThat(gate.refuseFast(EPOCH)).isZero();
        assertThat(gate.refuseFast(EPOCH)).isEqualTo(1);
        assertThat(gate.refuseFast(EPOCH)).isEqualTo(2);
    }

    @Test
    void refuseFast_oneThread_countsInTheInlineCell() {
        Gate<String> gate = gate();
        for (int i = 0; i < 1_000; i++) {
            offer(gate, EPOCH);
        }
        assertThat(gate.striped()).isFalse();
        assertThat(gate.drain(Refusals.Kind.KEY, EPOCH).refusedByKey()).isEqualTo(1_000 - 16);
    }

    @Test
    void drain_nothingRefused_returnsNullAndMakesNoCounts() {
        Gate<String> gate = gate();
        gate.decide(EPOCH, null);
        assertThat(gate.drain(Refusals.Kind.KEY, EPOCH)).isNull();
        assertThat(gate.holdsRefusalCounts()).isFalse();
    }

    @Test
    void drain_afterFastRefusals_reportsCountAndTimes() {
        Gate<String> gate = gate();
        for (int i = 0; i < 16; i++) {
            gate.decide(EPOCH, null);
        }
        assertThat(gate.holdsRefusalCounts()).as("counts made before the first refusal").isFalse();
        assertThat(offer(gate, EPOCH + 10)).isEqualTo(Gate.Outcome.REFUSED_BY_KEY);
        assertThat(offer(gate, EPOCH + 20)).isEqualTo(Gate.Outcome.REFUSED_BY_KEY);
        assertThat(offer(gate, EPOCH + 30)).isEqualTo(Gate.Outcome.REFUSED_BY_KEY);
        Tally<String> tally = gate.drain(Refusals.Kind.KEY, EPOCH + 40);
        assertThat(tally.refusedByKey()).isEqualTo(3);
        assertThat(tally.firstAt()).isEqualTo(EPOCH + 10);
        assertThat(tally.lastAt()).isEqualTo(EPOCH + 30);
        assertThat(tally.attachment()).isEqualTo("attachment");
        // the fast path stays open after a drain, and the counts, emptied, are kept
        assertThat(gate.refuseFast(EPOCH + 50)).isNotEqualTo(Gate.NOT_REFUSED);
        assertThat(gate.holdsRefusalCounts()).isTrue();
        assertThat(gate.drain(Refusals.Kind.KEY, EPOCH + 60).refusedByKey()).isEqualTo(1);
    }

    @Test
    void retire_retiredGate_answersRetired() {
        Gate<String> gate = gate();
        gate.decide(EPOCH, null);
        assertThat(gate.retire(EPOCH, true)).isTrue();
        assertThat(gate.decide(EPOCH, null)).isEqualTo(Gate.Outcome.RETIRED);
        assertThat(gate.refuseFast(EPOCH)).isEqualTo(Gate.NOT_REFUSED);
    }

    @Test
    void retire_notIdle_keepsTheGateAndItsFastPath() {
        Gate<String> gate = gate();
        for (int i = 0; i < 17; i++) {
            gate.decide(EPOCH, null);
        }
        assertThat(gate.retire(EPOCH + 1, false)).isFalse();
        assertThat(gate.refuseFast(EPOCH + 2)).isNotEqualTo(Gate.NOT_REFUSED);
    }

    @Test
    void inflate_duringSaturation_movesCountingToStripesWithoutLosingAny() {
        Gate<String> gate = gate();
        for (int i = 0; i < 100; i++) {
            offer(gate, EPOCH);
        }
        gate.inflate();
        assertThat(gate.striped()).isTrue();
        assertThat(gate.refuseFast(EPOCH)).as("stripes are born closed").isEqualTo(Gate.NOT_REFUSED);
        for (int i = 0; i < 100; i++) {
            assertThat(offer(gate, EPOCH)).isEqualTo(Gate.Outcome.REFUSED_BY_KEY);
        }
        assertThat(gate.refuseFast(EPOCH)).as("open after the lock holder reopened").isNotEqualTo(Gate.NOT_REFUSED);
        assertThat(gate.drain(Refusals.Kind.KEY, EPOCH).refusedByKey()).isEqualTo(200 + 1 - 16);
    }

    @Test
    void inflate_oneThreadCounting_givesThatThreadAStripeAndNoOther() {
        Gate<String> gate = gate();
        gate.inflate();
        assertThat(gate.stripesInUse()).isZero();
        for (int i = 0; i < 1_000; i++) {
            offer(gate, EPOCH);
        }
        assertThat(gate.stripesInUse()).isEqualTo(1);
        assertThat(gate.refuseFast(EPOCH)).as("counted in its own stripe").isNotEqualTo(Gate.NOT_REFUSED);
        assertThat(gate.drain(Refusals.Kind.KEY, EPOCH).refusedByKey()).isEqualTo(1_000 + 1 - 16);
    }

    /**
     * The slots no thread has counted in share one closed cell: a gate that opened it would let every other gate's
     * threads count in it, and lose those counts. Several striped gates, flooded at once by threads that move
     * between slots, must still account for every event.
     */
    @Test
    @Timeout(60)
    void offer_threadsOnSeveralStripedGates_countEveryEventOnceInItsOwnGate() throws Exception {
        List<Gate<String>> gates = new ArrayList<>();
        for (int g = 0; g < 4; g++) {
            Gate<String> gate = gate();
            gate.inflate();
            gates.add(gate);
        }
        int threads = 4;
        int perThread = 200_000;
        AtomicLong clock = new AtomicLong(EPOCH);
        long[] passed = new long[gates.size()];
        runConcurrently(threads, () -> {
            long[] mine = new long[gates.size()];
            for (int i = 0; i < perThread; i++) {
                long now = i % 5_000 == 0 ? clock.addAndGet(701) : clock.get();
                int g = (i / 100) % gates.size();
                mine[g] += offer(gates.get(g), now) == Gate.Outcome.PASSED ? 1 : 0;
            }
            synchronized (passed) {
                for (int g = 0; g < passed.length; g++) {
                    passed[g] += mine[g];
                }
            }
        });
        for (int g = 0; g < gates.size(); g++) {
            Tally<String> t = gates.get(g).drain(Refusals.Kind.KEY, clock.get());
            long refused = t == null ? 0 : t.refused();
            assertThat(passed[g] + refused).as("gate %d", g).isEqualTo((long) threads * perThread / gates.size());
            assertThat(gates.get(g).stripesInUse()).isPositive();
        }
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    @Timeout(60)
    void offer_threadsOnOneKeyWithClockStill_allowExactlyWhatOneThreadGets(boolean striped) throws Exception {
        Gate<String> gate = gate();
        if (striped) {
            gate.inflate();
        }
        int threads = 4;
        int perThread = 250_000;
        AtomicLong passed = new AtomicLong();
        runConcurrently(threads, () -> {
            long mine = 0;
            for (int i = 0; i < perThread; i++) {
                mine += offer(gate, EPOCH + 100) == Gate.Outcome.PASSED ? 1 : 0;
            }
            passed.addAndGet(mine);
        });
        AttritionActor oneThread = new AttritionActor(defaults);
        long alone = 0;
        for (int i = 0; i < threads * perThread; i++) {
            alone += oneThread.tryAcquire(EPOCH + 100) ? 1 : 0;
        }
        assertThat(passed.get()).isEqualTo(alone).isEqualTo(16);
        assertThat(gate.drain(Refusals.Kind.KEY, EPOCH + 100).refusedByKey()).isEqualTo(threads * perThread - alone);
    }

    @Test
    @Timeout(60)
    void offer_threadsWithMovingClockAndConcurrentDrains_countEveryEventOnce() throws Exception {
        Gate<String> gate = gate();
        int threads = 4;
        int perThread = 200_000;
        AtomicLong clock = new AtomicLong(EPOCH);
        AtomicLong passed = new AtomicLong();
        AtomicLong drained = new AtomicLong();
        runConcurrently(threads, () -> {
            long mine = 0;
            for (int i = 0; i < perThread; i++) {
                long now = i % 1000 == 0 ? clock.addAndGet(97) : clock.get();
                mine += offer(gate, now) == Gate.Outcome.PASSED ? 1 : 0;
                if (i % 10_000 == 0) {
                    Tally<String> t = gate.drain(Refusals.Kind.KEY, now);
                    drained.addAndGet(t == null ? 0 : t.refused());
                }
            }
            passed.addAndGet(mine);
        });
        Tally<String> rest = gate.drain(Refusals.Kind.KEY, clock.get());
        long refused = drained.get() + (rest == null ? 0 : rest.refused());
        assertThat(passed.get() + refused).isEqualTo((long) threads * perThread);
        assertThat(passed.get()).isGreaterThan(16);
    }

    static void runConcurrently(int threads, Runnable body) throws InterruptedException {
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> workers = new ArrayList<>();
        List<Throwable> failures = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            Thread worker = new Thread(() -> {
                try {
                    start.await();
                    body.run();
                } catch (Throwable e) {
                    synchronized (failures) {
                        failures.add(e);
                    }
                }
            });
            worker.start();
            workers.add(worker);
        }
        start.countDown();
        for (Thread worker : workers) {
            worker.join();
        }
        assertThat(failures).isEmpty();
    }

    /** A lease that is empty and promises to refuse until {@code until}; counts its takes. */
    private static final class EmptyLease implements ExternalLimit {
        final long until;
        int takes;

        EmptyLease(long until) {
            this.until = until;
        }

        @Override
        public boolean take(long nowMillis) {
            takes++;
            return false;
        }

        @Override
        public void giveBack() {
            throw new AssertionError("nothing was taken");
        }

        @Override
        public long refusedUntil(long nowMillis) {
            return until;
        }
    }

    @Test
    void decide_leaseRefusesAndPromises_repeatsAreRefusedWithoutTheLockAndCountedAsFleetRefusals() {
        Gate<String> gate = gate();
        EmptyLease lease = new EmptyLease(5_000);

        Gate.Outcome first = gate.decide(1_000, null, lease);
        long fast = gate.refuseFast(1_001) + gate.refuseFast(1_002);
        boolean afterPromise = gate.refusesRepeatsAt(5_000);
        Tally<String> tally = gate.drain(Refusals.Kind.KEY, 1_003);

        assertThat(first).isEqualTo(Gate.Outcome.REFUSED_BY_FLEET);
        assertThat(fast).isEqualTo(1);
        assertThat(afterPromise).isFalse();
        assertThat(lease.takes).isEqualTo(1);
        assertThat(tally.refusedByFleet()).isEqualTo(3);
        assertThat(tally.refusedByKey()).isZero();
    }
}
