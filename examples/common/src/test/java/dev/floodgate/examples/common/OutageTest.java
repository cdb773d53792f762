package dev.floodgate.examples.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class OutageTest {

    @Test
    void run_shortOutage_logsEveryFailureAndSomeRequests() throws InterruptedException {
        AtomicLong failures = new AtomicLong();
        AtomicLong requests = new AtomicLong();

        Outage.Counts counts = Outage.of(3, 1_000, Duration.ofMillis(100), Duration.ofMillis(50), Duration.ofMillis(10))
                .run(order -> failures.incrementAndGet(), request -> requests.incrementAndGet());

        assertThat(counts.failures()).isEqualTo(3_000).isEqualTo(failures.get());
        assertThat(counts.requests()).isPositive().isEqualTo(requests.get());
        assertThat(counts.messages()).isEqualTo(counts.failures() + counts.requests());
    }

    @Test
    void run_loggingCallThrows_reportsIt() {
        Outage outage = Outage.of(1, 10, Duration.ofMillis(10), Duration.ZERO, Duration.ofMillis(10));

        assertThatThrownBy(() -> outage.run(order -> {
            throw new IllegalArgumentException("appender broke");
        }, request -> { })).isInstanceOf(IllegalStateException.class).hasRootCauseMessage("appender broke");
    }

    @Test
    void of_zeroThreads_throws() {
        assertThatThrownBy(() -> Outage.of(0, 10, Duration.ofSeconds(1), Duration.ZERO, Duration.ofMillis(10)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("threads");
    }
}
