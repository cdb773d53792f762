package dev.floodgate.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.management.ThreadMXBean;
import dev.floodgate.core.CellRateSettings;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CellRateTest {

    private static final long T0 = 1_700_000_000_000L;
    private static final long DAY = 86_400_000L;

    /** {@code burst} + 1 at once, then one per second. */
    private static CellRate cell(long burst) {
        return cell(burst, 1, 1_000);
    }

    private static CellRate cell(long burst, long count, long periodMillis) {
        return new CellRate(CellRateSettings.builder().burst(burst).count(count).periodMillis(periodMillis).build());
    }

    @Test
    void tryAcquire_firstEvent_allows() {
        assertThat(cell(0).tryAcquire(T0)).isTrue();
    }

    @Test
    void tryAcquire_burstPlusOneAtOnce_allowsEach() {
        CellRate c = cell(2);

        assertThat(new boolean[] {c.tryAcquire(T0), c.tryAcquire(T0), c.tryAcquire(T0), c.tryAcquire(T0)})
                .containsExactly(true, true, true, false);
    }

    @Test
    void tryAcquire_burstZero_allowsOneEventPerInterval() {
        CellRate c = cell(0);

        assertThat(new boolean[] {c.tryAcquire(T0), c.tryAcquire(T0 + 999), c.tryAcquire(T0 + 1_000),
            c.tryAcquire(T0 + 1_999), c.tryAcquire(T0 + 2_000)}).containsExactly(true, false, true, false, true);
    }

    @Test
    void tryAcquire_countNotDividingPeriod_spacesEventsByRoundedUpInterval() {
        CellRate c = cell(0, 3, 1_000);
        c.tryAcquire(T0);

        assertThat(new boolean[] {c.tryAcquire(T0 + 333), c.tryAcquire(T0 + 334)}).containsExactly(false, true);
    }

    @Test
    void tryAcquire_countNotDividingPeriod_passesExactlyCountPerPeriod() {
        CellRate c = cell(0, 3, 1_000);
        int allowed = 0;
        for (long t = T0; t < T0 + 30_000; t++) {
            allowed += c.tryAcquire(t) ? 1 : 0;
        }

        assertThat(allowed).isEqualTo(90);
    }

    @Test
    void tryAcquire_withCarry_continuesFromTheTatAcrossAClockStep() {
        CellRate c = new CellRate(CellRateSettings.builder().burst(0).count(1_000).periodMillis(1_000).build(), 10);
        int allowed = 0;
        for (long step = T0; step < T0 + 1_000; step += 10) {
            for (int i = 0; i < 20; i++) {
                allowed += c.tryAcquire(step) ? 1 : 0;
            }
        }

        assertThat(allowed).isEqualTo(991);
    }

    @Test
    void tryAcquire_withCarry_keyQuietLongerThanTheCarry_getsNoCredit() {
        CellRate c = new CellRate(CellRateSettings.builder().burst(0).count(1_000).periodMillis(1_000).build(), 10);
        c.tryAcquire(T0);

        assertThat(new boolean[] {c.tryAcquire(T0 + 100), c.tryAcquire(T0 + 100)}).containsExactly(true, false);
    }

    @Test
    void tryAcquire_refusedEvents_doNotMoveTheTat() {
        CellRate c = cell(0);
        c.tryAcquire(T0);
        for (long t = T0 + 100; t < T0 + 1_000; t += 100) {
            c.tryAcquire(t);
        }

        assertThat(c.tryAcquire(T0 + 1_000)).isTrue();
    }

    @Test
    void tryAcquire_clockStepsBack_refusesUntilClockCatchesUp() {
        CellRate c = cell(1);
        c.tryAcquire(T0);
        long back = T0 - 3_600_000;

        assertThat(c.tryAcquire(back)).isFalse();
        assertThat(c.retryAfterMillis(back, 1)).isEqualTo(3_600_000);
    }

    @Test
    void tryAcquire_gapOfDays_restoresFullBurst() {
        CellRate c = cell(1);
        c.tryAcquire(T0);
        c.tryAcquire(T0);
        long later = T0 + 400 * DAY;

        assertThat(new boolean[] {c.tryAcquire(later), c.tryAcquire(later), c.tryAcquire(later)})
                .containsExactly(true, true, false);
    }

    @Test
    void tryAcquire_quantityUpToLimit_allowsAtOnce() {
        CellRate c = cell(4);

        assertThat(c.tryAcquire(T0, 5)).isTrue();
        assertThat(c.remaining(T0)).isZero();
    }

    @Test
    void tryAcquire_quantityAboveLimit_refusesWithoutChange() {
        CellRate c = cell(4);

        assertThat(c.tryAcquire(T0, 6)).isFalse();
        assertThat(c.remaining(T0)).isEqualTo(5);
    }

    @Test
    void tryAcquire_quantityZeroOnExhaustedKey_allowsWithoutChange() {
        CellRate c = cell(0);
        c.tryAcquire(T0);

        assertThat(c.tryAcquire(T0, 0)).isTrue();
        assertThat(c.resetAfterMillis(T0)).isEqualTo(1_000);
    }

    @Test
    void tryAcquire_quantityZeroOnQuietKey_keepsItIdle() {
        CellRate c = cell(0);

        c.tryAcquire(T0, 0);

        assertThat(c.refusedUntil()).isEqualTo(KeyLimiter.NOT_REFUSING);
    }

    @Test
    void tryAcquire_quantityZeroAfterClockStepsBackBeyondTolerance_refuses() {
        CellRate c = cell(0);
        c.tryAcquire(T0);

        assertThat(c.tryAcquire(T0 - 1, 0)).isFalse();
    }

    @Test
    void tryAcquire_negativeQuantity_throwsNamingArgumentAndValue() {
        assertThatThrownBy(() -> cell(0).tryAcquire(T0, -1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("quantity must be >= 0, was -1");
    }

    @Test
    void wouldAllow_negativeQuantity_throwsNamingArgumentAndValue() {
        assertThatThrownBy(() -> cell(0).wouldAllow(T0, Long.MIN_VALUE))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("quantity must be >= 0, was -9223372036854775808");
    }

    @Test
    void retryAfterMillis_quantityAboveLimit_isMaxValue() {
        assertThat(cell(4).retryAfterMillis(T0, Long.MAX_VALUE)).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void retryAfterMillis_allowedNow_isZero() {
        assertThat(cell(4).retryAfterMillis(T0, 5)).isZero();
    }

    @Test
    void retryAfterMillis_largeQuantity_waitsForRoomForAllOfIt() {
        CellRate c = cell(4);
        c.tryAcquire(T0, 3);

        assertThat(c.retryAfterMillis(T0, 4)).isEqualTo(2_000);
    }

    @Test
    void refusedUntil_neverUsed_isNotRefusing() {
        assertThat(cell(3).refusedUntil()).isEqualTo(KeyLimiter.NOT_REFUSING);
    }

    @Test
    void refusedUntil_afterBurst_isWhenOneIntervalHasDrained() {
        CellRate c = cell(2);
        c.tryAcquire(T0);
        c.tryAcquire(T0);
        c.tryAcquire(T0);

        assertThat(c.refusedUntil()).isEqualTo(T0 + 1_000);
    }

    @Test
    void addRefused_any_changesNothing() {
        CellRate c = cell(0);
        c.tryAcquire(T0);
        c.addRefused(1_000_000);

        assertThat(c.tryAcquire(T0 + 1_000)).isTrue();
    }

    @Test
    void isIdle_neverUsed_isTrue() {
        assertThat(cell(0).isIdle(T0)).isTrue();
    }

    @Test
    void isIdle_backlogLeft_isFalse() {
        CellRate c = cell(3);
        c.tryAcquire(T0);
        c.tryAcquire(T0);

        assertThat(c.isIdle(T0 + 1_999)).isFalse();
    }

    @Test
    void isIdle_backlogDrained_isTrue() {
        CellRate c = cell(3);
        c.tryAcquire(T0);
        c.tryAcquire(T0);

        assertThat(c.isIdle(T0 + 2_000)).isTrue();
    }

    @ParameterizedTest(name = "event at {0}")
    @CsvSource({"-9223372036854775808", "-1", "0", "9223372036854774807", "9223372036854775807"})
    void wouldAllow_earliestTimeAfterExtremeEvent_refusesWithoutWrapping(long first) {
        CellRate c = cell(0, 1, DAY);
        c.tryAcquire(first);

        assertThat(c.wouldAllow(Long.MIN_VALUE)).isFalse();
        assertThat(c.retryAfterMillis(Long.MIN_VALUE, 1)).isPositive();
    }

    @Test
    void tryAcquire_manyDecisions_allocatesNothing() {
        CellRate c = cell(3);
        ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        long before = threads.getCurrentThreadAllocatedBytes();
        for (long t = T0; t < T0 + 100_000; t++) {
            c.wouldAllow(t);
            c.tryAcquire(t);
            c.refusedUntil();
        }
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;

        assertThat(allocated).as("bytes allocated by 100 000 rounds of decisions").isLessThan(1_024);
    }

    @ParameterizedTest(name = "burst {0}, {1} per {2} ms")
    @CsvSource({"0, 1, 10", "4, 1, 1000", "15, 30, 60000", "1, 3, 1000"})
    void tryAcquire_randomForwardTraffic_neverExceedsLimitPlusDrainedIntervals(long burst, long count,
            long periodMillis) {
        CellRateSettings settings =
                CellRateSettings.builder().burst(burst).count(count).periodMillis(periodMillis).build();
        CellRate c = new CellRate(settings);
        long interval = settings.emissionIntervalMillis();
        long seed = KeyLimiterContract.seed(/* seed= */ 20240611L);
        SplittableRandom random = new SplittableRandom(seed);
        List<long[]> allowed = new ArrayList<>();
        long now = T0;
        for (int i = 0; i < 2_000; i++) {
            now += random.nextLong(2 * interval + 1);
            long quantity = random.nextLong(settings.limit() + 1);
            if (c.tryAcquire(now, quantity)) {
                allowed.add(new long[] {now, quantity});
            }
        }

        for (int i = 0; i < allowed.size(); i++) {
            long total = 0;
            for (int j = i; j < allowed.size(); j++) {
                total += allowed.get(j)[1];
                long span = allowed.get(j)[0] - allowed.get(i)[0];
                assertThat(total).as("seed=%d: quantity allowed from event %d to %d over %d ms", seed, i, j, span)
                        .isLessThanOrEqualTo(settings.limit() + span * count / periodMillis);
            }
        }
    }

    @ParameterizedTest(name = "burst {0}, {1} per {2} ms")
    @CsvSource({"0, 1, 10", "4, 1, 1000", "2, 3, 60000", "15, 30, 60000", "1, 3, 1000"})
    void tryAcquire_randomTraffic_keepsKeyLimiterContract(long burst, long count, long periodMillis) {
        CellRateSettings settings =
                CellRateSettings.builder().burst(burst).count(count).periodMillis(periodMillis).build();
        KeyLimiterContract contract = new KeyLimiterContract(KeyLimiterFactory.of(settings, 0)::newKeyLimiter,
                (limiter, now, into) -> observe((CellRate) limiter, now, into), settings.emissionIntervalMillis());

        contract.run(KeyLimiterContract.seed(/* seed= */ 20240611L), 3_000);
    }

    @ParameterizedTest(name = "burst {0}, {1} per {2} ms")
    @CsvSource({"0, 1, 10", "4, 1, 1000", "15, 30, 60000", "1, 3, 1000"})
    void retryAfterMillis_randomQuantities_isExactlyWhenTheSameRequestPasses(long burst, long count,
            long periodMillis) {
        CellRateSettings settings =
                CellRateSettings.builder().burst(burst).count(count).periodMillis(periodMillis).build();
        long seed = KeyLimiterContract.seed(/* seed= */ 20240611L);
        SplittableRandom random = new SplittableRandom(seed);
        List<long[]> history = new ArrayList<>();
        long now = T0;
        for (int step = 0; step < 400; step++) {
            now += random.nextInt(10) == 0 ? -random.nextLong(1_000) : random.nextLong(2 * periodMillis / count + 1);
            long quantity = random.nextLong(settings.limit() + 2);
            String where = "seed=" + seed + " (rerun with -Dflood.test.seed=" + seed + ") step=" + step + " now="
                    + now + " quantity=" + quantity;
            CellRate c = replay(settings, history);
            long retry = c.retryAfterMillis(now, quantity);
            assertThat(replay(settings, history).tryAcquire(now, quantity)).as(where + ": tryAcquire vs wouldAllow")
                    .isEqualTo(c.wouldAllow(now, quantity)).isEqualTo(retry == 0);
            if (retry > 0 && retry < Long.MAX_VALUE) {
                assertThat(replay(settings, history).tryAcquire(now + retry - 1, quantity))
                        .as(where + ": retry 1 ms before retryAfter " + retry).isFalse();
                assertThat(replay(settings, history).tryAcquire(now + retry, quantity))
                        .as(where + ": retry at retryAfter " + retry).isTrue();
            }
            history.add(new long[] {now, quantity});
        }
    }

    private static CellRate replay(CellRateSettings settings, List<long[]> history) {
        CellRate c = new CellRate(settings);
        for (long[] event : history) {
            c.tryAcquire(event[0], event[1]);
        }
        return c;
    }

    private static void observe(CellRate c, long now, List<Object> into) {
        into.add(c.remaining(now));
        into.add(c.resetAfterMillis(now));
        for (long quantity : new long[] {0, 1, 2, c.limit(), c.limit() + 1}) {
            into.add(c.wouldAllow(now, quantity));
            into.add(c.retryAfterMillis(now, quantity));
        }
    }
}
