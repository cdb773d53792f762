package dev.floodgate.logback;

import dev.floodgate.core.Clock;
import dev.floodgate.core.ManualClock;
import java.time.Duration;
import java.time.Instant;

/**
 * A clock that tests move by hand, created by Logback from {@code <clock class="dev.floodgate.logback.TestClock"/>}
 * inside a filter's XML; a test gets it back with {@code filter.clock()}.
 */
public final class TestClock implements Clock {

    /** Where every test clock starts: 2026-03-02T10:00:01.120Z. */
    public static final Instant START = Instant.parse("2026-03-02T10:00:01.120Z");

    private final ManualClock clock = new ManualClock(START);

    /** Creates a clock showing {@link #START}. */
    public TestClock() {
    }

    @Override
    public long millis() {
        return clock.millis();
    }

    /** Moves the clock forward by {@code amount}. */
    public void advance(Duration amount) {
        clock.advance(amount);
    }

    @Override
    public String toString() {
        return "TestClock[" + Instant.ofEpochMilli(millis()) + "]";
    }
}
