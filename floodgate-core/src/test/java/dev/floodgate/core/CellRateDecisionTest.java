package dev.floodgate.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class CellRateDecisionTest {

    @Test
    void retryAfterSeconds_partialSecond_roundsUp() {
        assertThat(new CellRateDecision(false, 1, 0, 1_001, 2_000).retryAfterSeconds()).isEqualTo(2);
    }

    @Test
    void retryAfterSeconds_noRetry_isMinusOne() {
        assertThat(new CellRateDecision(true, 1, 0, CellRateDecision.NO_RETRY, 2_000).retryAfterSeconds())
                .isEqualTo(-1);
    }

    @Test
    void resetAfterSeconds_wholeSeconds_isExact() {
        assertThat(new CellRateDecision(true, 16, 15, CellRateDecision.NO_RETRY, 2_000).resetAfterSeconds())
                .isEqualTo(2);
    }

    @Test
    void resetAfterSeconds_zero_isZero() {
        assertThat(new CellRateDecision(false, 5, 5, CellRateDecision.NO_RETRY, 0).resetAfterSeconds()).isZero();
    }

    @Test
    void exceedsLimit_refusedWithoutRetry_isTrue() {
        assertThat(new CellRateDecision(false, 5, 5, CellRateDecision.NO_RETRY, 0).exceedsLimit()).isTrue();
    }

    @Test
    void exceedsLimit_refusedWithRetry_isFalse() {
        assertThat(new CellRateDecision(false, 5, 0, 1_000, 5_000).exceedsLimit()).isFalse();
    }

    @Test
    void constructor_allowedWithRetry_throws() {
        assertThatThrownBy(() -> new CellRateDecision(true, 5, 4, 1_000, 1_000))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("retryAfterMillis must be -1 if allowed and -1 or >= 1 if refused, was 1000"
                        + " (allowed=true)");
    }

    @Test
    void constructor_refusedWithZeroRetry_throws() {
        assertThatThrownBy(() -> new CellRateDecision(false, 5, 0, 0, 5_000))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("retryAfterMillis must be -1 if allowed and -1 or >= 1 if refused, was 0"
                        + " (allowed=false)");
    }

    @Test
    void constructor_remainingAboveLimit_throws() {
        assertThatThrownBy(() -> new CellRateDecision(true, 5, 6, CellRateDecision.NO_RETRY, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("remaining must be between 0 and 5, was 6");
    }

    @Test
    void constructor_limitZero_throws() {
        assertThatThrownBy(() -> new CellRateDecision(true, 0, 0, CellRateDecision.NO_RETRY, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("limit must be >= 1, was 0");
    }

    @Test
    void constructor_negativeReset_throws() {
        assertThatThrownBy(() -> new CellRateDecision(true, 1, 1, CellRateDecision.NO_RETRY, -1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("resetAfterMillis must be >= 0, was -1");
    }

    @Test
    void equals_sameFields_isTrueWithEqualHashCode() {
        CellRateDecision d = new CellRateDecision(false, 5, 0, 1_000, 5_000);

        assertThat(d).isEqualTo(new CellRateDecision(false, 5, 0, 1_000, 5_000))
                .hasSameHashCodeAs(new CellRateDecision(false, 5, 0, 1_000, 5_000));
    }

    @Test
    void toString_refused_listsEveryField() {
        assertThat(new CellRateDecision(false, 5, 0, 1_000, 5_000)).hasToString(
                "CellRateDecision[refused, limit=5, remaining=0, retryAfterMillis=1000, resetAfterMillis=5000]");
    }
}
