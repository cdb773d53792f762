package dev.floodgate.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

/**
 * The ticking thread, for real: it runs while a clock is read and ends when none is. Waits are bounded polls of the
 * state, never timings.
 */
class SharedTickerTest {

    private static final AtomicInteger NAMES = new AtomicInteger();

    private final ManualClock source = new ManualClock(1_700_000_000_000L);
    private final TickingClock.SharedTicker ticker = new TickingClock.SharedTicker("test-clock-" + NAMES.incrementAndGet());

    @Test
    void run_clockRead_ticksItToItsSource() {
        TickingClock clock = new TickingClock(source, ticker);
        clock.millis();
        source.advanceMillis(50);

        await("the clock shows its source's time", () -> clock.millis() == source.millis());
    }

    @Test
    void run_noClockReadAnyMore_endsTheThread() {
        TickingClock clock = new TickingClock(source, ticker);
        clock.millis();
        Thread first = ticker.thread();
        assertThat(first).isNotNull();

        await("the clock rests and the thread ends", () -> !clock.ticking() && ticker.thread() == null
                && !first.isAlive());
    }

    @Test
    void wake_afterTheThreadEnded_startsAnother() {
        TickingClock clock = new TickingClock(source, ticker);
        clock.millis();
        Thread first = ticker.thread();
        await("the thread ends", () -> ticker.thread() == null && !first.isAlive());
        source.advanceMillis(50);

        assertThat(clock.millis()).isEqualTo(source.millis());
        assertThat(ticker.thread()).isNotNull().isNotSameAs(first);
    }

    @Test
    void wake_threadRunning_isTheOnlyThread() {
        TickingClock a = new TickingClock(source, ticker);
        TickingClock b = new TickingClock(source, ticker);
        a.millis();
        Thread running = ticker.thread();

        b.millis();

        assertThat(ticker.thread()).isSameAs(running);
        assertThat(running.isDaemon()).isTrue();
    }

    /** Polls {@code condition} until it holds, or fails after 15 s: a bound, not a timing. */
    private static void await(String what, BooleanSupplier condition) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime()).as("timed out waiting until %s", what).isLessThan(deadline);
            Thread.onSpinWait();
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }
}
