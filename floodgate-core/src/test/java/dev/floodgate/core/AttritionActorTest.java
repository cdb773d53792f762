package dev.floodgate.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.floodgate.core.AttritionSettings;
import dev.floodgate.core.TestSeed;
import java.util.Random;
import org.junit.jupiter.api.Test;

class AttritionActorTest {

    private static final long EPOCH = 1_700_000_000_000L;
    private final AttritionSettings defaults = AttritionSettings.defaults();

    /** 10 events in timeframe 0, 6 in timeframe 1, 16 in timeframe 7 (after both expired). */
    private static long[] windowExpiryTraffic() {
        long[] t = new long[32];
        for (int i = 0; i < 10; i++) {
            t[i] = i * 100L;
        }
        for (int i = 0; i < 6; i++) {
            t[10 + i] = 5_000 + i * 100L;
        }
        for (int i = 0; i < 16; i++) {
            t[16 + i] = 35_000 + i * 100L;
        }
        return t;
    }

    @Test
    void tryAcquire_clockStartingAtZero_keepsFullSpilloverAllowanceAfterExpiry() {
        AttritionActor actor = new AttritionActor(defaults);
        int allowed = 0;
        for (long t : windowExpiryTraffic()) {
            allowed += actor.tryAcquire(t) ? 1 : 0;
        }
        // FloodgateDotNet (B1) would leave 10 events stuck in the window total and allow only 8 of the last 16.
        assertThat(allowed).isEqualTo(32);
    }

    @Test
    void tryAcquire_clockStartingAtZero_behavesAsAtAnyOtherEpoch() {
        AttritionActor atZero = new AttritionActor(defaults);
        AttritionActor shifted = new AttritionActor(defaults);
        for (long t : windowExpiryTraffic()) {
            assertThat(atZero.tryAcquire(t)).isEqualTo(shifted.tryAcquire(EPOCH + t));
            assertThat(atZero.attrition()).isEqualTo(shifted.attrition());
            assertThat(atZero.sendLimit()).isEqualTo(shifted.sendLimit());
        }
    }

    @Test
    void tryAcquire_clockStepsBackIntoEarlierTimeframe_countsInCurrentTimeframe() {
        AttritionActor actor = new AttritionActor(defaults);
        for (int i = 0; i < 16; i++) {
            assertThat(actor.tryAcquire(EPOCH + 10_000 + i)).isTrue();
        }
        assertThat(actor.tryAcquire(EPOCH - 3_600_000)).isFalse();
        assertThat(actor.consecutiveRefused()).isEqualTo(1);
        assertThat(actor.lastAllowedMillis()).isEqualTo(EPOCH + 10_000);
        // the next timeframe still opens normally and sees the backwards event as a skip of timeframe 2
        assertThat(actor.tryAcquire(EPOCH + 15_000)).isTrue();
        assertThat(actor.attrition()).isEqualTo(1);
    }

    @Test
    void tryAcquire_firstEvent_isAllowedAndReportsNeverAllowedBefore() {
        AttritionActor actor = new AttritionActor(defaults);
        assertThat(actor.lastAllowedMillis()).isEqualTo(AttritionActor.NEVER);
        assertThat(actor.sendLimit()).isZero();
        assertThat(actor.tryAcquire(EPOCH + 1234)).isTrue();
        assertThat(actor.lastAllowedMillis()).isEqualTo(EPOCH);
        assertThat(actor.sendLimit()).isEqualTo(8);
    }

    @Test
    void tryAcquire_farFutureAndNegativeTimes_doNotThrow() {
        AttritionActor actor = new AttritionActor(defaults);
        assertThat(actor.tryAcquire(-5_000_000L)).isTrue();
        assertThat(actor.tryAcquire(Long.MAX_VALUE - 1)).isTrue();
        for (int i = 0; i < 100; i++) {
            actor.tryAcquire(Long.MAX_VALUE - 1);
        }
        assertThat(actor.refusedUntil()).isEqualTo(Long.MAX_VALUE);
        assertThat(actor.tryAcquire(Long.MIN_VALUE)).isFalse();
    }

    @Test
    void isIdle_followsTheSpecRule() {
        AttritionActor actor = new AttritionActor(defaults);
        assertThat(actor.isIdle(EPOCH)).isTrue();
        actor.tryAcquire(EPOCH + 75_000 + 4_999);
        assertThat(actor.isIdle(EPOCH + 105_000)).isFalse();
        assertThat(actor.isIdle(EPOCH + 105_001)).isTrue();
    }

    @Test
    void refusedUntil_afterSaturation_isEndOfCurrentTimeframe() {
        AttritionActor actor = new AttritionActor(defaults);
        for (int i = 0; i < 15; i++) {
            actor.tryAcquire(EPOCH + 1_000);
            assertThat(actor.refusedUntil()).isEqualTo(KeyLimiter.NOT_REFUSING);
        }
        actor.tryAcquire(EPOCH + 1_000);
        assertThat(actor.refusedUntil()).isEqualTo(EPOCH + 5_000);
    }

    @Test
    void limiterContract_randomTraffic_holds() {
        Random random = new Random(TestSeed.SEED);
        for (int scenario = 0; scenario < 300; scenario++) {
            AttritionSettings settings = randomSettings(random);
            checkContract(settings, random, "scenario " + scenario + " " + settings + " " + TestSeed.describe());
        }
    }

    /**
     * Drives three actors with the same events: {@code plain} only decides; {@code asked} is also asked
     * {@code wouldAllow} first; {@code batched} gets {@code addRefused(1)} instead of a decision whenever the
     * previous state promised a refusal. All three must agree at every step.
     */
    private static void checkContract(AttritionSettings settings, Random random, String where) {
        AttritionActor plain = new AttritionActor(settings);
        AttritionActor asked = new AttritionActor(settings);
        AttritionActor batched = new AttritionActor(settings);
        long tf = settings.timeframeMillis();
        long now = EPOCH + random.nextInt(1_000_000);
        for (int step = 0; step < 400; step++) {
            long until = plain.refusedUntil();
            boolean promised = until != KeyLimiter.NOT_REFUSING;
            double dice = random.nextDouble();
            if (promised && dice < 0.5) {
                now = until - 1 - random.nextInt((int) Math.min(tf * 3, 1_000_000));
            } else if (dice < 0.85) {
                now += random.nextInt((int) Math.max(1, tf / 4));
            } else if (dice < 0.97) {
                now += tf * (1 + random.nextInt(settings.windowSize() + 3));
            } else {
                now -= random.nextInt((int) Math.max(1, tf * 3));
            }
            String at = where + " step " + step + " at " + now;
            boolean predicted = asked.wouldAllow(now);
            boolean decided = plain.tryAcquire(now);
            assertThat(asked.tryAcquire(now)).as(at + " asked").isEqualTo(decided);
            assertThat(predicted).as(at + " wouldAllow").isEqualTo(decided);
            if (promised && now < until) {
                assertThat(decided).as(at + " refusedUntil promise").isFalse();
                batched.addRefused(1);
            } else {
                assertThat(batched.tryAcquire(now)).as(at + " batched").isEqualTo(decided);
            }
            assertThat(batched.attrition()).as(at + " attrition").isEqualTo(plain.attrition());
            assertThat(batched.sendLimit()).as(at + " sendLimit").isEqualTo(plain.sendLimit());
            assertThat(batched.consecutiveRefused()).as(at + " consecutiveRefused")
                    .isEqualTo(plain.consecutiveRefused());
            assertThat(batched.lastAllowedMillis()).as(at + " lastAllowed").isEqualTo(plain.lastAllowedMillis());
            assertThat(batched.refusedUntil()).as(at + " refusedUntil").isEqualTo(plain.refusedUntil());
        }
    }

    private static AttritionSettings randomSettings(Random random) {
        return AttritionSettings.builder()
                .windowSize(1 + random.nextInt(8))
                .timeframeMillis(new long[] {1, 7, 100, 1000, 5000}[random.nextInt(5)])
                .timeframeSpilloverThreshold(1 + random.nextInt(12))
                .spilloverThreshold(random.nextInt(40))
                .attritionLogarithmBase(2 + random.nextInt(9))
                .inverseAttritionDeltaMin(-1 - random.nextInt(5))
                .attritionMin(random.nextInt(10) == 0 ? 1 : 0)
                .build();
    }
}
