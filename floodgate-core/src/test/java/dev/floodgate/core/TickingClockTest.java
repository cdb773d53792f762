package dev.floodgate.core;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TickingClockTest {

    @Test
    void millis_betweenTicks_staysAtTheLastTick() {
        ManualClock source = new ManualClock(1_000);
        TickingClock clock = new TickingClock(source);
        source.advanceMillis(7);
        assertThat(clock.millis()).isEqualTo(1_000);
        clock.tick();
        assertThat(clock.millis()).isEqualTo(1_007);
    }

    @Test
    void tick_sourceStepsBack_neverMovesBackwards() {
        ManualClock source = new ManualClock(1_000);
        TickingClock clock = new TickingClock(source);
        source.set(500);
        clock.tick();
        assertThat(clock.millis()).isEqualTo(1_000);
    }

    @Test
    void suppress_stalledTicker_isTickedByTheFloodItself() {
        ManualClock source = new ManualClock(1_700_000_000_000L);
        TickingClock clock = new TickingClock(source);
        FloodFilter filter = new FloodFilter(FloodgateConfig.defaults(), clock);
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
