package dev.floodgate.core;

import static dev.floodgate.core.Offer.offer;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floodgate.core.AttritionSettings;
import dev.floodgate.core.TestSeed;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class KeyLedgerTest {

    private static final long EPOCH = 1_700_000_000_000L;
    private final AttritionSettings defaults = AttritionSettings.defaults();

    private KeyLedger<String> ledger(int maxKeys) {
        return new KeyLedger<>(KeyLimiterFactory.of(defaults, 0), maxKeys, defaults.timeframeMillis());
    }

    private static long flood(KeyLedger<String> ledger, String key, int events, long now) {
        long passed = 0;
        for (int i = 0; i < events; i++) {
            passed += offer(ledger, key, key, now) == Offer.PASSED ? 1 : 0;
        }
        return passed;
    }

    private static long sum(List<Tally<String>> tallies) {
        return tallies.stream().mapToLong(Tally::refused).sum();
    }

    @Test
    void constructor_badMaxKeys_namesSettingAndValue() {
        assertThatThrownBy(() -> ledger(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("maxKeys must be between 1 and 10000000, was 0");
    }

    @Test
    void admit_sameKeyTwice_returnsTheSameGate() {
        KeyLedger<String> ledger = ledger(10);
        Gate<String> first = ledger.admit("a", "a", null, EPOCH);
        assertThat(ledger.admit(new String("a"), "other", null, EPOCH)).isSameAs(first);
        assertThat(ledger.find("a")).isSameAs(first);
        assertThat(ledger.size()).isEqualTo(1);
    }

    @Test
    void find_manyAdmittedKeys_eachIsFoundAndUnknownOnesAreNot() {
        KeyLedger<String> ledger = ledger(5_000);
        for (int i = 0; i < 5_000; i++) {
            ledger.admit("admitted " + i, "a", null, EPOCH);
        }
        for (int i = 0; i < 5_000; i++) {
            assertThat(ledger.find("admitted " + i)).as("admitted %d", i).isNotNull();
            assertThat(ledger.find("unknown " + i)).as("unknown %d", i).isNull();
        }
    }

    @Test
    void mayHaveAdmitted_fullLedger_everyAdmittedKeyAndFewOthers() {
        KeyLedger<String> ledger = ledger(10_000);
        for (int i = 0; i < 10_000; i++) {
            ledger.admit(template(i), "a", null, EPOCH);
        }
        for (int i = 0; i < 10_000; i++) {
            assertThat(ledger.mayHaveAdmitted(new String(template(i)))).as("admitted %d", i).isTrue();
        }
        int passed = 0;
        for (int i = 10_000; i < 110_000; i++) {
            if (ledger.mayHaveAdmitted(template(i))) {
                passed++;
            }
        }
        // Two bits per key in 2^17 bits: (1 - e^(-20,000 / 131,072))^2 = 2.0 % expected; the one-bit filter let 14 %
        // through.
        assertThat(passed).as("keys never admitted that reach the map, of 100,000").isBetween(1, 3_500);
    }

    private static String template(int i) {
        return "Operation " + Integer.toHexString(i * 0x9E3779B9) + " failed on {}";
    }

    @Test
    void find_rememberedGate_isFoundByKeyIdentityAndOthersByTheMap() {
        KeyLedger<String> ledger = ledger(10);
        String key = "x {}";
        Gate<String> x = ledger.admit(key, key, null, EPOCH);
        Gate<String> y = ledger.admit("y {}", "y", null, EPOCH);
        ledger.remember(y);
        assertThat(ledger.find(key)).isSameAs(x);
        assertThat(ledger.find("y {}")).isSameAs(y);
        assertThat(ledger.find(new String("y {}"))).isSameAs(y);
        assertThat(ledger.find("z {}")).isNull();
    }

    @Test
    void find_rememberedGateRetired_isReturnedAndAnswersRetired() {
        KeyLedger<String> ledger = ledger(10);
        String key = "x {}";
        assertThat(flood(ledger, key, 40, EPOCH)).isEqualTo(16);
        ledger.remember(ledger.find(key));
        ledger.sweep(EPOCH + 60_000);
        Gate<String> stale = ledger.find(key);
        assertThat(stale.decide(EPOCH + 60_000, null)).isEqualTo(Gate.Outcome.RETIRED);
        assertThat(flood(ledger, key, 40, EPOCH + 60_000)).isEqualTo(16);
    }

    @Test
    void admit_beyondTheBound_sharesTheOverflowGate() {
        KeyLedger<String> ledger = ledger(3);
        for (String key : new String[] {"a", "b", "c"}) {
            assertThat(ledger.admit(key, key, null, EPOCH).key()).isEqualTo(key);
            flood(ledger, key, 1, EPOCH);
        }
        Gate<String> d = ledger.admit("d", "d", null, EPOCH);
        Gate<String> e = ledger.admit("e", "e", null, EPOCH);
        assertThat(d).isSameAs(e);
        assertThat(d.key()).isNull();
        assertThat(ledger.size()).isEqualTo(3);
        assertThat(ledger.find("d")).isNull();
    }

    @Test
    void admit_beyondTheBound_eachLoggerHasAnOverflowGateOfItsOwn_reportedTogether() {
        KeyLedger<String> ledger = ledger(1);
        flood(ledger, "a", 1, EPOCH);
        long junkPassed = 0;
        for (int i = 0; i < 1_000; i++) {
            junkPassed += offer(ledger, "junk-" + i, "x", "app.Junk", EPOCH, null) == Offer.PASSED ? 1 : 0;
        }
        // the flooding logger's overflow gate let its allowance through and refuses the rest ...
        assertThat(junkPassed).isEqualTo(16);
        // ... but another logger's new templates meet a gate of their own, which has refused nothing
        for (int i = 0; i < 5; i++) {
            assertThat(offer(ledger, "SECURITY: admin password changed from {}", "s", "app.Audit", EPOCH, null))
                    .as("event %d", i).isEqualTo(Offer.PASSED);
        }
        assertThat(ledger.admit("one more", "x", "app.Junk", EPOCH))
                .isNotSameAs(ledger.admit("one more", "x", "app.Audit", EPOCH))
                .isNotSameAs(ledger.admit("one more", "x", null, EPOCH));
        assertThat(ledger.drain(EPOCH)).singleElement().satisfies(t -> {
            assertThat(t.kind()).isEqualTo(Refusals.Kind.OVERFLOW);
            assertThat(t.refused()).isEqualTo(984);
        });
    }

    @Test
    void admit_overflowGatesOfManyLoggers_areBounded_thenShared() {
        KeyLedger<String> ledger = ledger(1);
        flood(ledger, "a", 1, EPOCH);
        Gate<String> shared = ledger.admit("x", "x", null, EPOCH);
        for (int i = 0; i < KeyLedger.MAX_OVERFLOW_LOGGERS; i++) {
            assertThat(ledger.admit("x", "x", "logger" + i, EPOCH)).isNotSameAs(shared);
        }
        assertThat(ledger.admit("x", "x", "one logger too many", EPOCH)).isSameAs(shared);
        assertThat(ledger.admit("x", "x", "logger7", EPOCH)).isSameAs(ledger.admit("y", "y", "logger7", EPOCH));
    }

    @Test
    void drain_overflowRefusals_areReportedAsOverflow() {
        KeyLedger<String> ledger = ledger(1);
        flood(ledger, "a", 1, EPOCH);
        long passed = 0;
        for (int i = 0; i < 100; i++) {
            passed += offer(ledger, "other-" + i, "x", EPOCH) == Offer.PASSED ? 1 : 0;
        }
        assertThat(passed).isEqualTo(16);
        List<Tally<String>> tallies = ledger.drain(EPOCH);
        assertThat(tallies).singleElement().satisfies(t -> {
            assertThat(t.kind()).isEqualTo(Refusals.Kind.OVERFLOW);
            assertThat(t.refused()).isEqualTo(84);
        });
    }

    @Test
    void sweep_keyInsideIdleSpan_isKept() {
        KeyLedger<String> ledger = ledger(10);
        flood(ledger, "a", 1, EPOCH + 4_999);
        assertThat(ledger.sweep(EPOCH + 30_000)).isZero();
        assertThat(ledger.find("a")).isNotNull();
    }

    @Test
    void sweep_keySilentLongerThanIdleSpan_isForgotten() {
        KeyLedger<String> ledger = ledger(10);
        flood(ledger, "a", 1, EPOCH + 4_999);
        assertThat(ledger.sweep(EPOCH + 30_001)).isEqualTo(1);
        assertThat(ledger.find("a")).isNull();
        assertThat(ledger.size()).isZero();
    }

    @Test
    void sweep_forgottenKeyWithRefusals_reportsThemInTheNextDrain() {
        KeyLedger<String> ledger = ledger(10);
        assertThat(flood(ledger, "a", 40, EPOCH)).isEqualTo(16);
        ledger.sweep(EPOCH + 60_000);
        List<Tally<String>> tallies = ledger.drain(EPOCH + 60_000);
        assertThat(tallies).singleElement().satisfies(t -> {
            assertThat(t.kind()).isEqualTo(Refusals.Kind.KEY);
            assertThat(t.key()).isEqualTo("a");
            assertThat(t.refused()).isEqualTo(24);
        });
        assertThat(ledger.drain(EPOCH + 60_000)).isEmpty();
    }

    @Test
    void admit_forgottenKeySeenAgain_startsFresh() {
        KeyLedger<String> ledger = ledger(10);
        assertThat(flood(ledger, "a", 40, EPOCH)).isEqualTo(16);
        assertThat(flood(ledger, "a", 40, EPOCH + 5_000)).isEqualTo(8);
        ledger.sweep(EPOCH + 60_000);
        assertThat(flood(ledger, "a", 40, EPOCH + 60_000)).isEqualTo(16);
    }

    @Test
    void admit_fullLedger_sweepsIdleKeysToMakeRoom() {
        KeyLedger<String> ledger = ledger(2);
        flood(ledger, "a", 1, EPOCH);
        flood(ledger, "b", 1, EPOCH);
        Gate<String> c = ledger.admit("c", "c", null, EPOCH + 60_000);
        assertThat(c.key()).isEqualTo("c");
        assertThat(ledger.size()).isEqualTo(1);
    }

    @Test
    void sweep_backlogFull_addsTheRestIntoOneEvictedTally() {
        KeyLedger<String> ledger = ledger(2);
        long passed = flood(ledger, "a", 20, EPOCH) + flood(ledger, "b", 20, EPOCH);
        ledger.sweep(EPOCH + 60_000);
        passed += flood(ledger, "c", 20, EPOCH + 60_000) + flood(ledger, "d", 20, EPOCH + 60_000);
        ledger.sweep(EPOCH + 120_000);
        List<Tally<String>> tallies = ledger.drain(EPOCH + 120_000);
        assertThat(tallies).extracting(Tally::kind)
                .containsExactly(Refusals.Kind.KEY, Refusals.Kind.KEY, Refusals.Kind.EVICTED);
        assertThat(tallies.get(2).refused()).isEqualTo(8);
        assertThat(sum(tallies)).isEqualTo(80 - passed);
    }

    @Test
    void close_pendingRefusals_areReturnedAndLaterEventsPassUncounted() {
        KeyLedger<String> ledger = ledger(10);
        long passed = flood(ledger, "a", 30, EPOCH);
        List<Tally<String>> tallies = ledger.close(EPOCH);
        assertThat(sum(tallies)).isEqualTo(30 - passed);
        assertThat(ledger.admit("a", "a", null, EPOCH)).isNull();
        assertThat(flood(ledger, "a", 5, EPOCH)).isEqualTo(5);
        assertThat(ledger.drain(EPOCH)).isEmpty();
    }

    @Test
    void offer_manyKeysClockStill_eachKeyGetsWhatOneThreadGets() throws Exception {
        KeyLedger<String> ledger = ledger(1_000);
        int keys = 500;
        ConcurrentHashMap<String, LongAdder> passed = new ConcurrentHashMap<>();
        GateTest.runConcurrently(4, () -> {
            for (int i = 0; i < 50_000; i++) {
                String key = "k" + (i % keys);
                if (offer(ledger, key, key, EPOCH) == Offer.PASSED) {
                    passed.computeIfAbsent(key, k -> new LongAdder()).increment();
                }
            }
        });
        assertThat(passed).hasSize(keys);
        assertThat(passed.values()).allSatisfy(n -> assertThat(n.sum()).isEqualTo(16));
        assertThat(sum(ledger.drain(EPOCH))).isEqualTo(4 * 50_000 - 16L * keys);
    }

    @Test
    @Timeout(120)
    void offer_concurrentEvictionDrainsAndClose_countEveryEventExactlyOnce() throws Exception {
        int maxKeys = 64;
        KeyLedger<String> ledger = ledger(maxKeys);
        AtomicLong clock = new AtomicLong(EPOCH);
        LongAdder offered = new LongAdder();
        LongAdder passed = new LongAdder();
        LongAdder reported = new LongAdder();
        AtomicInteger maxSeen = new AtomicInteger();
        AtomicBoolean done = new AtomicBoolean();
        Thread housekeeper = new Thread(() -> {
            while (!done.get()) {
                ledger.sweep(clock.get());
                maxSeen.accumulateAndGet(ledger.size(), Math::max);
                reported.add(sum(ledger.drain(clock.get())));
            }
        });
        housekeeper.start();
        AtomicInteger threadIds = new AtomicInteger();
        GateTest.runConcurrently(4, () -> {
            Random random = new Random(TestSeed.SEED + threadIds.incrementAndGet());
            for (int i = 0; i < 200_000; i++) {
                long now = i % 500 == 0 ? clock.addAndGet(random.nextInt(3_000)) : clock.get();
                String key = "k" + (random.nextInt(8) == 0 ? random.nextInt(300) : random.nextInt(4));
                offered.increment();
                if (offer(ledger, key, key, now) == Offer.PASSED) {
                    passed.increment();
                }
            }
        });
        done.set(true);
        housekeeper.join();
        reported.add(sum(ledger.close(clock.get())));
        assertThat(passed.sum() + reported.sum()).as(TestSeed.describe()).isEqualTo(offered.sum());
        assertThat(maxSeen.get()).isLessThanOrEqualTo(maxKeys);
        assertThat(reported.sum()).isPositive();
    }

    @Test
    @Timeout(120)
    void offer_manyLoggersAtAFullLedger_closedWhileThreadsOffer_countEveryEventExactlyOnce() throws Exception {
        KeyLedger<String> ledger = ledger(16);
        AtomicLong clock = new AtomicLong(EPOCH);
        LongAdder offered = new LongAdder();
        LongAdder passed = new LongAdder();
        LongAdder reported = new LongAdder();
        AtomicBoolean closed = new AtomicBoolean();
        AtomicInteger threadIds = new AtomicInteger();
        Thread closer = new Thread(() -> {
            while (offered.sum() < 300_000) {
                reported.add(sum(ledger.drain(clock.get())));
            }
            reported.add(sum(ledger.close(clock.get())));
            closed.set(true);
        });
        closer.start();
        GateTest.runConcurrently(4, () -> {
            Random random = new Random(TestSeed.SEED + threadIds.incrementAndGet());
            for (int i = 0; i < 200_000; i++) {
                long now = i % 1_000 == 0 ? clock.addAndGet(random.nextInt(2_000)) : clock.get();
                String key = "k" + random.nextInt(5_000);
                String logger = "logger" + random.nextInt(2 * KeyLedger.MAX_OVERFLOW_LOGGERS);
                offered.increment();
                if (offer(ledger, key, key, random.nextInt(10) == 0 ? null : logger, now, null) == Offer.PASSED) {
                    passed.increment();
                }
            }
        });
        closer.join();
        assertThat(closed.get()).isTrue();
        // events after the close pass uncounted; every other one passed or is in exactly one tally
        assertThat(passed.sum() + reported.sum()).as(TestSeed.describe()).isEqualTo(offered.sum());
        assertThat(reported.sum()).isPositive();
    }
}
