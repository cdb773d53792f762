package dev.floodgate.micrometer;

import dev.floodgate.core.Clock;

/**
 * A clock that stands still, created by Logback from {@code <clock class="dev.floodgate.micrometer.StillClock"/>}: a
 * test's calls all fall in one timeframe however long its reloads take, so the counts it asserts do not depend on
 * the machine's speed.
 */
public final class StillClock implements Clock {

    /** Creates a clock showing 2026-03-02T10:00:01.120Z. */
    public StillClock() {
    }

    @Override
    public long millis() {
        return 1_772_445_601_120L;
    }
}
