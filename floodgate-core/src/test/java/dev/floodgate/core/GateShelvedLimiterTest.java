package dev.floodgate.core;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.management.ThreadMXBean;
import dev.floodgate.core.AttritionSettings;
import dev.floodgate.core.CellRateSettings;
import dev.floodgate.core.LimiterSettings;
import dev.floodgate.core.TestSeed;
import dev.floodgate.core.WindowSettings;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** A gate drops its limiter after a key's first event and remakes it by replay; nothing it answers may change. */
class GateShelvedLimiterTest {

    private static final long EPOCH = 1_700_000_000_000L;

    static Stream<LimiterSettings> limiters() {
        return Stream.of(AttritionSettings.defaults(),
                AttritionSettings.builder().timeframeMillis(1_000).windowSize(3).build(),
                WindowSettings.builder().count(1).periodMillis(2_000).build(),
                WindowSettings.builder().count(3).periodMillis(5_000).build(),
                CellRateSettings.builder().count(2).periodMillis(1_000).burst(0).build(),
                CellRateSettings.defaults());
    }

    private static <A> Gate.Outcome offer(Gate<A> gate, long now, Gate<?> cap) {
        return gate.refuseFast(now) != Gate.NOT_REFUSED ? Gate.Outcome.REFUSED_BY_KEY : gate.decide(now, cap);
    }

    /**
     * Many short-lived keys, most seen once or twice, a few flooding, with sweeps and drains at random times: a gate of
     * a ledger (which shelves) answers every call exactly as a gate given its limiter (which never does).
     */
    @ParameterizedTest
    @MethodSource("limiters")
    void randomKeysAndSweeps_decideRetireDrainAndDescribeAsAGateThatKeepsItsLimiter(LimiterSettings settings) {
        KeyLimiterFactory factory = KeyLimiterFactory.of(settings, 0);
        Random random = new Random(TestSeed.SEED);
        long now = EPOCH;
        int shelved = 0;
        int saturatedAtOnce = 0;
        for (int key = 0; key < 3_000; key++) {
            Gate<String> lazy = new Gate<>("k" + key, "a", factory);
            Gate<Void> kept = Gate.standalone(factory.newKeyLimiter());
            int events = 1 + (random.nextInt(4) == 0 ? random.nextInt(200) : random.nextInt(2));
            for (int i = 0; i < events; i++) {
                now += random.nextInt(8) == 0 ? random.nextInt(40_000) : random.nextInt(300);
                String at = "key " + key + ", event " + i + " at " + now + ", " + TestSeed.describe();
                assertThat(offer(lazy, now, null)).as(at).isEqualTo(offer(kept, now, null));
                if (i == 0) {
                    shelved += lazy.holdsLimiter() ? 0 : 1;
                    saturatedAtOnce += kept.refusesRepeatsAt(now) ? 1 : 0;
                }
                long probe = now + random.nextInt(60_000);
                assertThat(lazy.inspect(Refusals.Kind.KEY, probe, true).limiterState()).as(at)
                        .isEqualTo(kept.inspect(Refusals.Kind.KEY, probe, true).limiterState());
                if (random.nextInt(3) == 0) {
                    boolean retired = kept.retire(probe, false);
                    assertThat(lazy.retire(probe, false)).as(at).isEqualTo(retired);
                    if (retired) {
                        break;
                    }
                    now = probe;
                }
                if (random.nextInt(10) == 0) {
                    assertThat(refused(lazy.drain(Refusals.Kind.KEY, now))).as(at)
                            .isEqualTo(refused(kept.drain(Refusals.Kind.KEY, now)));
                }
            }
            assertThat(refused(lazy.drain(Refusals.Kind.KEY, now))).isEqualTo(refused(kept.drain(Refusals.Kind.KEY, now)));
        }
        assertThat(shelved).as("keys whose first event left no limiter behind: all but those it saturated")
                .isEqualTo(3_000 - saturatedAtOnce);
    }

    private static long refused(Tally<?> tally) {
        return tally == null ? 0 : tally.refusedByKey();
    }

    @Test
    void decide_firstEvent_dropsTheLimiterAndTheSecondRemakesIt() {
        Gate<String> gate = new Gate<>("key", "a", KeyLimiterFactory.of(AttritionSettings.defaults(), 0));
        assertThat(gate.holdsLimiter()).isFalse();

        assertThat(gate.decide(EPOCH, null)).isEqualTo(Gate.Outcome.PASSED);
        assertThat(gate.holdsLimiter()).isFalse();
        assertThat(gate.decide(EPOCH + 1, null)).isEqualTo(Gate.Outcome.PASSED);
        assertThat(gate.holdsLimiter()).isTrue();
        assertThat(gate.retire(EPOCH + 2, false)).isFalse();
        assertThat(gate.holdsLimiter()).isTrue();
    }

    @Test
    void retire_keysSeenOnce_askTheFactoryAndMakeNoLimiter() {
        KeyLimiterFactory factory = KeyLimiterFactory.of(AttritionSettings.defaults(), 0);
        List<Gate<String>> gates = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            Gate<String> gate = new Gate<>("k" + i, "a", factory);
            gate.decide(EPOCH, null);
            gates.add(gate);
        }
        ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        long before = threads.getCurrentThreadAllocatedBytes();
        int retired = 0;
        for (Gate<String> gate : gates) {
            retired += gate.retire(EPOCH + 1, false) ? 1 : 0;
        }
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;

        assertThat(retired).isZero();
        assertThat(allocated).as("bytes allocated by the idle checks of 10,000 keys seen once").isLessThan(1_024);
        assertThat(gates).noneMatch(Gate::holdsLimiter);
        long idle = EPOCH + AttritionSettings.defaults().idleMillis() + AttritionSettings.defaults().timeframeMillis();
        assertThat(gates).allMatch(gate -> gate.retire(idle, false));
    }

    @Test
    void decide_firstEventSaturatesTheKey_keepsTheLimiterWhileItsCellsCount() {
        Gate<String> gate = new Gate<>("key", "a",
                KeyLimiterFactory.of(WindowSettings.builder().count(1).periodMillis(1_000).build(), 0));

        assertThat(gate.decide(EPOCH, null)).isEqualTo(Gate.Outcome.PASSED);

        assertThat(gate.holdsLimiter()).isTrue();
        assertThat(gate.refuseFast(EPOCH + 1)).isNotEqualTo(Gate.NOT_REFUSED);
    }

    @Test
    void decide_firstEventsRefusedByTheCap_keepTheLimiterSoThatNoLaterRefusalRemakesIt() {
        WindowSettings onePerMinute = WindowSettings.builder().count(1).periodMillis(60_000).build();
        Gate<Void> cap = Gate.standalone(KeyLimiterFactory.of(onePerMinute, 0).newKeyLimiter());
        KeyLimiterFactory factory = KeyLimiterFactory.of(AttritionSettings.defaults(), 0);
        Gate<String> first = new Gate<>("first", "a", factory);
        Gate<String> second = new Gate<>("second", "a", factory);

        assertThat(first.decide(EPOCH, cap)).isEqualTo(Gate.Outcome.PASSED);
        assertThat(second.decide(EPOCH, cap)).isEqualTo(Gate.Outcome.REFUSED_BY_CAP);
        assertThat(second.decide(EPOCH + 1, cap)).isEqualTo(Gate.Outcome.REFUSED_BY_CAP);

        assertThat(first.holdsLimiter()).isFalse();
        assertThat(second.holdsLimiter()).isTrue();
        assertThat(second.drain(Refusals.Kind.KEY, EPOCH + 2).refusedByCap()).isEqualTo(2);
    }
}
