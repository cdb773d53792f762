package dev.floodgate.logback;

import dev.floodgate.core.Clock;
import dev.floodgate.core.ManualClock;
import dev.floodgate.core.TickingClock;

/**
 * A clock that ticks like the production one, for {@code <clock class="dev.floodgate.logback.SteppingClock"/>}: a
 * {@link TickingClock} over a {@link ManualClock} that the test moves, ticked every
 * {@value TickingClock#TICK_MILLIS} ms of it, so the filter reads time in the same steps as with the default clock.
 */
public final class SteppingClock implements Clock {

    private final ManualClock source = new ManualClock(TestClock.START);
    private final TickingClock ticking = TickingClock.tickedByHand(source);
    private long sinceTick;

    /** Creates a clock at {@link TestClock#START}. */
    public SteppingClock() {
    }

    @Override
    public long millis() {
        return ticking.millis();
    }

    @Override
    public long resolutionMillis() {
        return ticking.resolutionMillis();
    }

    /** Moves the source one millisecond, and ticks the clock when a tick is due. Not thread-safe. */
    public void advanceOneMilli() {
        source.advanceMillis(1);
        if (++sinceTick == TickingClock.TICK_MILLIS) {
            sinceTick = 0;
            ticking.tick();
        }
    }
}
