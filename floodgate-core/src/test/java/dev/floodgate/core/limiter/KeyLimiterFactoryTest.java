package dev.floodgate.core.limiter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floodgate.core.AttritionSettings;
import dev.floodgate.core.CellRateSettings;
import dev.floodgate.core.LimiterSettings;
import dev.floodgate.core.WindowSettings;
import org.junit.jupiter.api.Test;

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
