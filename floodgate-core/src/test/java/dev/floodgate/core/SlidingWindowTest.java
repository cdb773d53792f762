package dev.floodgate.core;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.management.ThreadMXBean;
import dev.floodgate.core.WindowSettings;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SlidingWindowTest {

    private static final long T0 = 1_700_000_000_000L;
    private static final long DAY = 86_400_000L;

    private static SlidingWindow window(int count, long periodMillis) {
        return new SlidingWindow(WindowSettings.builder().count(count).periodMillis(periodMillis).build());
    }

    @Test
    void tryAcquire_firstEvent_allows() {
        assertThat(window(1, 1_000).tryAcquire(T0)).isTrue();
    }

    @Test
    void tryAcquire_countEventsAtOnce_allowsEach() {
        SlidingWindow w = window(3, 1_000);

        assertThat(new boolean[] {w.tryAcquire(T0), w.tryAcquire(T0), w.tryAcquire(T0)}).containsOnly(true);
    }

    @Test
    void tryAcquire_oneMoreThanCountWithinPeriod_refuses() {
        SlidingWindow w = window(3, 1_000);
        w.tryAcquire(T0);
        w.tryAcquire(T0 + 10);
        w.tryAcquire(T0 + 20);

        assertThat(w.tryAcquire(T0 + 999)).isFalse();
    }

    @Test
    void tryAcquire_oldestExactlyOnePeriodOld_allows() {
        SlidingWindow w = window(2, 1_000);
        w.tryAcquire(T0);
        w.tryAcquire(T0 + 500);

        assertThat(w.tryAcquire(T0 + 1_000)).isTrue();
    }

    @Test
    void tryAcquire_countOne_allowsOneEventPerPeriod() {
        SlidingWindow w = window(1, 1_000);

        assertThat(new boolean[] {w.tryAcquire(T0), w.tryAcquire(T0 + 999), w.tryAcquire(T0 + 1_000),
            w.tryAcquire(T0 + 1_999), w.tryAcquire(T0 + 2_000)}).containsExactly(true, false, true, false, true);
    }

    @Test
    void tryAcquire_refusedEvents_areNotRecorded() {
        SlidingWindow w = window(1, 1_000);
        w.tryAcquire(T0);
        for (long t = T0 + 100; t < T0 + 1_000; t += 100) {
            w.tryAcquire(t);
        }

        assertThat(w.tryAcquire(T0 + 1_000)).isTrue();
    }

    @Test
    void tryAcquire_clockStepsBackWithRoomLeft_allowsAndCountsAtNewestTime() {
        SlidingWindow w = window(2, 1_000);
        w.tryAcquire(T0);

        assertThat(w.tryAcquire(T0 - 5_000)).isTrue();
        assertThat(w.waitMillis(T0)).isEqualTo(1_000);
    }

    @Test
    void tryAcquire_clockStepsBackWhileFull_refusesUntilOldestLeaves() {
        SlidingWindow w = window(2, 1_000);
        w.tryAcquire(T0);
        w.tryAcquire(T0 + 600);

        assertThat(w.tryAcquire(T0 - 5_000)).isFalse();
        assertThat(w.waitMillis(T0 - 5_000)).isEqualTo(6_000);
    }

    @Test
    void tryAcquire_clockStepsBackBelowNewest_checksAtNewestTime() {
        SlidingWindow w = window(2, 1_000);
        w.tryAcquire(T0);
        w.tryAcquire(T0 + 5_000);

        assertThat(w.tryAcquire(T0 + 500)).isTrue();
    }

    @Test
    void tryAcquire_gapOfDays_allowsAndRestartsWindow() {
        SlidingWindow w = window(2, 60_000);
        w.tryAcquire(T0);
        w.tryAcquire(T0 + 1);
        long later = T0 + 400 * DAY;

        assertThat(new boolean[] {w.tryAcquire(later), w.tryAcquire(later), w.tryAcquire(later)})
                .containsExactly(true, true, false);
        assertThat(w.waitMillis(later)).isEqualTo(60_000);
    }

    @ParameterizedTest(name = "first event at {0}")
    @CsvSource({"-9223372036854775808, true", "-1, true", "0, true", "9223372036854775806, false",
        "9223372036854775807, false"})
    void wouldAllow_latestTimeAfterExtremeFirstEvent_doesNotWrap(long first, boolean expected) {
        SlidingWindow w = window(1, DAY);
        w.tryAcquire(first);

        assertThat(w.wouldAllow(Long.MAX_VALUE)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "first event at {0}")
    @CsvSource({"-9223372036854775808, 86400000", "-9223372036854775807, 86400001",
        "-1, 9223372036854775807", "9223372036854775807, 9223372036854775807"})
    void waitMillis_earliestTimeAfterExtremeFirstEvent_saturates(long first, long expected) {
        SlidingWindow w = window(1, DAY);
        w.tryAcquire(first);

        assertThat(w.waitMillis(Long.MIN_VALUE)).isEqualTo(expected);
    }

    @Test
    void waitMillis_windowNotFull_isZero() {
        SlidingWindow w = window(2, 1_000);
        w.tryAcquire(T0);

        assertThat(w.waitMillis(T0)).isZero();
    }

    @Test
    void waitMillis_full_isTimeUntilOldestLeavesWindow() {
        SlidingWindow w = window(2, 10_000);
        w.tryAcquire(T0);
        w.tryAcquire(T0 + 3_000);

        assertThat(w.waitMillis(T0 + 5_000)).isEqualTo(5_000);
    }

    @Test
    void wouldAllow_full_changesNothing() {
        SlidingWindow w = window(1, 1_000);
        w.tryAcquire(T0);
        w.wouldAllow(T0 + 1_000);

        assertThat(w.waitMillis(T0 + 500)).isEqualTo(500);
    }

    @Test
    void refusedUntil_notFull_isNotRefusing() {
        SlidingWindow w = window(2, 1_000);
        w.tryAcquire(T0);

        assertThat(w.refusedUntil()).isEqualTo(KeyLimiter.NOT_REFUSING);
    }

    @Test
    void refusedUntil_full_isWhenOldestLeavesWindow() {
        SlidingWindow w = window(2, 1_000);
        w.tryAcquire(T0);
        w.tryAcquire(T0 + 300);

        assertThat(w.refusedUntil()).isEqualTo(T0 + 1_000);
    }

    @Test
    void refusedUntil_fullButNewestOnePeriodAfterOldest_isNotRefusing() {
        SlidingWindow w = window(2, 1_000);
        w.tryAcquire(T0);
        w.tryAcquire(T0 + 1_000);

        assertThat(w.refusedUntil()).isEqualTo(KeyLimiter.NOT_REFUSING);
    }

    @Test
    void addRefused_any_changesNothing() {
        SlidingWindow w = window(1, 1_000);
        w.tryAcquire(T0);
        w.addRefused(1_000_000);

        assertThat(w.tryAcquire(T0 + 1_000)).isTrue();
    }

    @Test
    void isIdle_neverUsed_isTrue() {
        assertThat(window(1, 1_000).isIdle(T0)).isTrue();
    }

    @Test
    void isIdle_newestYoungerThanPeriod_isFalse() {
        SlidingWindow w = window(3, 1_000);
        w.tryAcquire(T0);

        assertThat(w.isIdle(T0 + 999)).isFalse();
    }

    @Test
    void isIdle_newestOnePeriodOld_isTrue() {
        SlidingWindow w = window(3, 1_000);
        w.tryAcquire(T0);

        assertThat(w.isIdle(T0 + 1_000)).isTrue();
    }

    /** Algorithm::FloodControl's IRC example with the check it recommends: record only if every limit passes. */
    @Test
    void wouldAllow_userAndGlobalCheckedTogether_globalRefusalSparesUserBudget() {
        SlidingWindow user = window(2, 60_000);
        SlidingWindow global = window(10, 120_000);
        for (int i = 0; i < 10; i++) {
            global.tryAcquire(T0 + i * 1_000L);
        }
        long now = T0 + 10_000;
        for (int i = 0; i < 5; i++) {
            if (user.wouldAllow(now) && global.wouldAllow(now)) {
                user.tryAcquire(now);
                global.tryAcquire(now);
            }
        }

        assertThat(global.waitMillis(now)).isEqualTo(110_000);
        assertThat(user.waitMillis(now)).isZero();
    }

    @Test
    void tryAcquire_manyDecisions_allocatesNothing() {
        SlidingWindow w = window(3, 1_000);
        ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        long before = threads.getCurrentThreadAllocatedBytes();
        for (long t = T0; t < T0 + 100_000; t++) {
            w.wouldAllow(t);
            w.tryAcquire(t);
            w.refusedUntil();
        }
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;

        assertThat(allocated).as("bytes allocated by 100 000 rounds of decisions").isLessThan(1_024);
    }

    @ParameterizedTest(name = "count {0} per {1} ms")
    @CsvSource({"1, 10", "3, 1000", "10, 60000"})
    void tryAcquire_randomForwardTraffic_neverAllowsMoreThanCountPerPeriod(int count, long periodMillis) {
        SlidingWindow w = window(count, periodMillis);
        long seed = KeyLimiterContract.seed(/* seed= */ 20240611L);
        SplittableRandom random = new SplittableRandom(seed);
        List<Long> allowed = new ArrayList<>();
        long now = T0;
        for (int i = 0; i < 5_000; i++) {
            now += random.nextLong(2 * periodMillis / count + 1);
            if (w.tryAcquire(now)) {
                allowed.add(now);
            }
        }

        for (int i = count; i < allowed.size(); i++) {
            assertThat(allowed.get(i) - allowed.get(i - count))
                    .as("seed=%d: allowed events %d and %d", seed, i - count, i).isGreaterThanOrEqualTo(periodMillis);
        }
    }

    @ParameterizedTest(name = "count {0} per {1} ms")
    @CsvSource({"1, 10", "2, 1000", "3, 10000", "10, 60000"})
    void tryAcquire_randomTraffic_keepsKeyLimiterContract(int count, long periodMillis) {
        WindowSettings settings = WindowSettings.builder().count(count).periodMillis(periodMillis).build();
        KeyLimiterContract contract = new KeyLimiterContract(KeyLimiterFactory.of(settings, 0)::newKeyLimiter,
                (limiter, now, into) -> into.add(((SlidingWindow) limiter).waitMillis(now)), periodMillis / count);

        contract.run(KeyLimiterContract.seed(/* seed= */ 20240611L), 3_000);
    }

    @Test
    void tryAcquire_withCarry_startsEachPeriodOnePeriodAfterTheLast() {
        SlidingWindow w = new SlidingWindow(WindowSettings.builder().count(10).periodMillis(100).build(), 10);
        int allowed = 0;
        for (long step = 0; step < 10_000; step += 7) {
            for (int i = 0; i < 20; i++) {
                allowed += w.tryAcquire(step) ? 1 : 0;
            }
        }

        assertThat(allowed).isEqualTo(1_000);
    }

    @Test
    void tryAcquire_withoutCarry_stepsStretchEachPeriod() {
        SlidingWindow w = new SlidingWindow(WindowSettings.builder().count(10).periodMillis(100).build());
        int allowed = 0;
        for (long step = 0; step < 10_000; step += 7) {
            for (int i = 0; i < 20; i++) {
                allowed += w.tryAcquire(step) ? 1 : 0;
            }
        }

        assertThat(allowed).isEqualTo(960);
    }
}
