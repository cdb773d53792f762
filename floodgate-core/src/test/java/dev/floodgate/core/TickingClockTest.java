package dev.floodgate.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class TickingClockTest {

    private static final long EPOCH = 1_700_000_000_000L;

    /** Stands in for the ticking thread: counts wakes, and the test ticks with {@link #tick(TickingClock, int)}. */
    private static final class HandTicker implements TickingClock.Ticker {
        int wakes;
        boolean canStart = true;

        @Override
        public void add(TickingClock clock) {
            // the test ticks the clock itself
        }

        @Override
        public boolean wake() {
            wakes++;
            return canStart;
        }

        /**
         * Runs {@code n} ticks of the ticking thread; returns whether the clock still ticks after them. A clock just
         * read rests after {@code QUIET_TICKS + 1}: the first sees the read.
         */
        boolean tick(TickingClock clock, int n) {
            boolean ticking = true;
            for (int i = 0; i < n; i++) {
                ticking = clock.tickOrRest();
            }
            return ticking;
        }
    }

    private final ManualClock source = new ManualClock(EPOCH);
    private final HandTicker ticker = new HandTicker();

    @Test
    void millis_betweenTicks_staysAtTheLastTick() {
        TickingClock clock = TickingClock.tickedByHand(source);
        source.advanceMillis(7);
        assertThat(clock.millis()).isEqualTo(EPOCH);
        clock.tick();
        assertThat(clock.millis()).isEqualTo(EPOCH + 7);
    }

    @Test
    void tick_sourceStepsBack_neverMovesBackwards() {
        TickingClock clock = TickingClock.tickedByHand(source);
        source.set(500);
        clock.tick();
        assertThat(clock.millis()).isEqualTo(EPOCH);
    }

    @Test
    void millis_clockTickedByHand_neverRestsNorMovesByItself() {
        TickingClock clock = TickingClock.tickedByHand(source);
        source.advanceMillis(1_000);
        assertThat(clock.ticking()).isTrue();
        assertThat(clock.millis()).isEqualTo(EPOCH);
    }

    @Test
    void millis_newClock_readsTheSourceAndWakesTheTicker() {
        TickingClock clock = new TickingClock(source, ticker);
        source.advanceMillis(60_000);

        assertThat(clock.millis()).isEqualTo(EPOCH + 60_000);
        assertThat(ticker.wakes).isEqualTo(1);
    }

    @Test
    void millis_ticking_showsTheLastTickWithoutReadingTheSource() {
        TickingClock clock = new TickingClock(source, ticker);
        clock.millis();
        source.advanceMillis(7);
        assertThat(clock.millis()).isEqualTo(EPOCH);

        ticker.tick(clock, 1);

        assertThat(clock.millis()).isEqualTo(EPOCH + 7);
        assertThat(ticker.wakes).isEqualTo(1);
    }

    @Test
    void tickOrRest_notReadForTheQuietTicks_rests() {
        TickingClock clock = new TickingClock(source, ticker);
        clock.millis();

        // the first tick sees the read; then QUIET_TICKS without one
        assertThat(ticker.tick(clock, TickingClock.QUIET_TICKS)).isTrue();
        assertThat(ticker.tick(clock, 1)).isFalse();
        assertThat(clock.ticking()).isFalse();
    }

    @Test
    void tickOrRest_readEveryFewTicks_neverRests() {
        TickingClock clock = new TickingClock(source, ticker);
        for (int i = 0; i < 10 * TickingClock.QUIET_TICKS; i++) {
            clock.millis();
            assertThat(ticker.tick(clock, TickingClock.QUIET_TICKS - 1)).isTrue();
        }
        assertThat(ticker.wakes).isEqualTo(1);
    }

    @Test
    void millis_firstReadAfterARest_showsTheExactTimeAndWakesTheTicker() {
        TickingClock clock = new TickingClock(source, ticker);
        clock.millis();
        ticker.tick(clock, TickingClock.QUIET_TICKS + 1);
        source.advanceMillis(60_000);

        assertThat(clock.millis()).isEqualTo(EPOCH + 60_000);
        assertThat(ticker.wakes).isEqualTo(2);
        assertThat(clock.ticking()).isTrue();
    }

    @Test
    void millis_sourceStepsBackDuringARest_neverMovesBackwards() {
        TickingClock clock = new TickingClock(source, ticker);
        clock.millis();
        source.advanceMillis(50);
        ticker.tick(clock, TickingClock.QUIET_TICKS + 1);
        source.set(EPOCH - 1_000);

        assertThat(clock.millis()).isEqualTo(EPOCH + 50);
    }

    @Test
    void tick_resting_leavesTheClockResting() {
        TickingClock clock = new TickingClock(source, ticker);
        clock.millis();
        ticker.tick(clock, TickingClock.QUIET_TICKS + 1);

        clock.tick();

        assertThat(clock.ticking()).isFalse();
        assertThat(ticker.wakes).isEqualTo(1);
    }

    @Test
    void millis_noTickerThreadCanStart_readsTheSourceEveryTime() {
        ticker.canStart = false;
        TickingClock clock = new TickingClock(source, ticker);
        assertThat(clock.millis()).isEqualTo(EPOCH);
        source.advanceMillis(3);

        assertThat(clock.millis()).isEqualTo(EPOCH + 3);
        assertThat(clock.ticking()).isFalse();
    }

    @Test
    void millisWithoutWaking_resting_readsTheSourceAndLetsTheClockRest() {
        TickingClock clock = new TickingClock(source, ticker);
        source.advanceMillis(30_000);

        assertThat(clock.millisWithoutWaking()).isEqualTo(EPOCH + 30_000);
        assertThat(clock.ticking()).isFalse();
        assertThat(ticker.wakes).isZero();
    }

    @Test
    void suppress_firstCallAfterAnIdleMinute_isDecidedOnTheExactTime() {
        TickingClock clock = new TickingClock(source, ticker);
        FloodEngine filter = new FloodEngine(FloodgateConfig.parse(Map.of("limiter", "window", "count", "2",
                "period", "1 minute")), clock);
        int passed = 0;
        for (int i = 0; i < 100; i++) {
            passed += filter.suppress("x {}", true, "l", "ERROR", null) ? 0 : 1;
        }
        assertThat(passed).isEqualTo(2);
        ticker.tick(clock, TickingClock.QUIET_TICKS + 1);
        source.advanceMillis(60_000);

        assertThat(filter.suppress("x {}", true, "l", "ERROR", null)).as("dropped").isFalse();
    }

    @Test
    void suppress_afterARestOfHalfThePeriod_isStillLimited() {
        TickingClock clock = new TickingClock(source, ticker);
        FloodEngine filter = new FloodEngine(FloodgateConfig.parse(Map.of("limiter", "window", "count", "2",
                "period", "1 minute")), clock);
        for (int i = 0; i < 100; i++) {
            filter.suppress("x {}", true, "l", "ERROR", null);
        }
        ticker.tick(clock, TickingClock.QUIET_TICKS + 1);
        source.advanceMillis(30_000);

        assertThat(filter.suppress("x {}", true, "l", "ERROR", null)).as("dropped").isTrue();
    }

    @Test
    void summarizeIfDue_restingClock_letsTheClockRest() {
        TickingClock clock = new TickingClock(source, ticker);
        FloodEngine filter = new FloodEngine(FloodgateConfig.defaults(), clock);
        for (int i = 0; i < 100; i++) {
            filter.suppress("x {}", true, "l", "ERROR", null);
        }
        ticker.tick(clock, TickingClock.QUIET_TICKS + 1);
        source.advanceMillis(60_000);

        assertThat(filter.summarizeIfDue()).hasSize(1);
        assertThat(clock.ticking()).isFalse();
        assertThat(ticker.wakes).isEqualTo(1);
    }

    @Test
    void suppress_stalledTicker_isTickedByTheFloodItself() {
        TickingClock clock = TickingClock.tickedByHand(source);
        FloodEngine filter = new FloodEngine(FloodgateConfig.defaults(), clock);
        int passed = 0;
        for (int i = 0; i < 3_000; i++) {
            passed += filter.suppress("x {}", true, "l", "ERROR", null) ? 0 : 1;
        }
        assertThat(passed).isEqualTo(16);
        source.advanceMillis(5_000);
        // nobody ticks: the first 1,024 calls of this thread still see the old timeframe, then the clock moves
        for (int i = 0; i < 3_000; i++) {
            passed += filter.suppress("x {}", true, "l", "ERROR", null) ? 0 : 1;
        }
        assertThat(clock.millis()).isEqualTo(source.millis());
        assertThat(passed).isEqualTo(16 + 8);
    }
}
