package dev.floodgate.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floodgate.core.AttritionSettings;
import dev.floodgate.core.CellRateSettings;
import dev.floodgate.core.LimiterSettings;
import dev.floodgate.core.TestSeed;
import dev.floodgate.core.WindowSettings;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class KeyLimiterFactoryTest {

    @Test
    void of_attrition_makesFreshActors() {
        KeyLimiterFactory factory = KeyLimiterFactory.of(AttritionSettings.defaults(), 10);

        assertThat(factory.newKeyLimiter()).isInstanceOf(AttritionActor.class)
                .isNotSameAs(factory.newKeyLimiter());
    }

    @Test
    void of_cell_makesFreshCellRates() {
        KeyLimiterFactory factory = KeyLimiterFactory.of(CellRateSettings.defaults(), 0);

        assertThat(factory.newKeyLimiter()).isInstanceOf(CellRate.class).isNotSameAs(factory.newKeyLimiter());
    }

    @Test
    void of_window_makesFreshSlidingWindows() {
        KeyLimiterFactory factory = KeyLimiterFactory.of(WindowSettings.defaults(), 0);

        assertThat(factory.newKeyLimiter()).isInstanceOf(SlidingWindow.class).isNotSameAs(factory.newKeyLimiter());
    }

    static Stream<LimiterSettings> limiters() {
        return Stream.of(AttritionSettings.defaults(),
                AttritionSettings.builder().timeframeMillis(1_000).windowSize(3).build(),
                AttritionSettings.builder().timeframeMillis(7).windowSize(1).build(),
                CellRateSettings.defaults(),
                CellRateSettings.builder().count(3).periodMillis(1_000).burst(0).build(),
                CellRateSettings.builder().count(7).periodMillis(10).burst(5).build(),
                CellRateSettings.builder().count(1).periodMillis(86_400_000).burst(0).build(),
                WindowSettings.defaults(),
                WindowSettings.builder().count(1).periodMillis(1).build(),
                WindowSettings.builder().count(4).periodMillis(86_400_000).build());
    }

    /** The sweep's question about a key seen once, answered without a limiter, as a limiter asked once answers it. */
    @ParameterizedTest
    @MethodSource("limiters")
    void idleAfterFirstEvent_answersAsAFreshLimiterThatDecidedTheEvent(LimiterSettings settings) {
        long[] edges = {Long.MIN_VALUE, Long.MIN_VALUE + 1, -1_000_001, -1, 0, 1, 999, 1_700_000_000_000L,
            Long.MAX_VALUE - 1_000, Long.MAX_VALUE - 1, Long.MAX_VALUE};
        SplittableRandom random = new SplittableRandom(TestSeed.SEED);
        for (long resolution : new long[] {0, 10}) {
            KeyLimiterFactory factory = KeyLimiterFactory.of(settings, resolution);
            for (int i = 0; i < 20_000; i++) {
                long event = i < edges.length * edges.length ? edges[i / edges.length] : random.nextLong();
                long now = i < edges.length * edges.length ? edges[i % edges.length]
                        : event + random.nextLong(-10_000_000, 10_000_000);
                KeyLimiter limiter = factory.newKeyLimiter();
                assertThat(limiter.isIdle(now)).as("fresh at %d", now).isTrue();
                assertThat(limiter.tryAcquire(event)).isTrue();

                assertThat(factory.idleAfterFirstEvent(event, now))
                        .as("%s, resolution %d, event at %d, asked at %d, %s", settings, resolution, event, now,
                                TestSeed.describe())
                        .isEqualTo(limiter.isIdle(now));
            }
        }
    }

    @Test
    void of_windowOnSteppingClock_carriesTheHiddenTime() {
        WindowSettings settings = WindowSettings.builder().count(1).periodMillis(100).build();
        KeyLimiter carrying = KeyLimiterFactory.of(settings, 10).newKeyLimiter();
        KeyLimiter exact = KeyLimiterFactory.of(settings, 0).newKeyLimiter();
        carrying.tryAcquire(0);
        exact.tryAcquire(0);
        carrying.tryAcquire(105);
        exact.tryAcquire(105);

        assertThat(carrying.wouldAllow(200)).isTrue();
        assertThat(exact.wouldAllow(200)).isFalse();
    }

    @Test
    void of_negativeResolution_throws() {
        assertThatThrownBy(() -> KeyLimiterFactory.of(WindowSettings.defaults(), -1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("resolutionMillis must be >= 0, was -1");
    }

    @Test
    void of_foreignSettings_throws() {
        LimiterSettings foreign = () -> "foreign";

        assertThatThrownBy(() -> KeyLimiterFactory.of(foreign, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("no limiter for settings of ");
    }
}
