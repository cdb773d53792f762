package dev.floodgate.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class WindowDecisionTest {

    @Test
    void constructor_allowedWithWait_throws() {
        assertThatThrownBy(() -> new WindowDecision(true, 5))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("waitMillis must be 0 if allowed and >= 1 if refused, was 5 (allowed=true)");
    }

    @Test
    void constructor_refusedWithoutWait_throws() {
        assertThatThrownBy(() -> new WindowDecision(false, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("waitMillis must be 0 if allowed and >= 1 if refused, was 0 (allowed=false)");
    }

    @Test
    void toString_refused_showsWait() {
        assertThat(new WindowDecision(false, 43_000)).hasToString("WindowDecision[refused, wait 43s]");
    }

    @Test
    void equals_sameFields_isTrueWithEqualHashCode() {
        assertThat(new WindowDecision(false, 4_000)).isEqualTo(new WindowDecision(false, 4_000))
                .hasSameHashCodeAs(new WindowDecision(false, 4_000));
    }
}
