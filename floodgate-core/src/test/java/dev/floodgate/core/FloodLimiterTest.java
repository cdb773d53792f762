package dev.floodgate.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class FloodLimiterTest {

    private static final long EPOCH = 1_700_000_000_000L;

    @Test
    void decide_burstOfTwenty_reportsConsecutiveRefusalsAndLastAllowed() {
        ManualClock clock = new ManualClock(EPOCH);
        FloodLimiter limiter = new FloodLimiter(AttritionSettings.defaults(), clock);
        for (int i = 0; i < 16; i++) {
            assertThat(limiter.decide().allowed()).isTrue();
        }
        assertThat(limiter.decide()).isEqualTo(new Decision(false, 1, EPOCH, 0, 8));
        assertThat(limiter.decide()).isEqualTo(new Decision(false, 2, EPOCH, 0, 8));
        clock.advanceMillis(5_000);
        assertThat(limiter.decide()).isEqualTo(new Decision(true, 2, EPOCH, 1, 8));
    }

    @Test
    @Timeout(60)
    void decide_threadsHammeringWithClockStill_allowExactlyWhatOneThreadGets() throws Exception {
        ManualClock clock = new ManualClock(EPOCH);
        FloodLimiter shared = new FloodLimiter(AttritionSettings.defaults(), clock);
        int threads = 4;
        int perThread = 50_000;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        List<Future<long[]>> results = new ArrayList<>();
        try {
            for (int t = 0; t < threads; t++) {
                Callable<long[]> body = () -> {
                    long allowed = 0;
                    long refused = 0;
                    for (int i = 0; i < perThread; i++) {
                        if (shared.decide().allowed()) {
                            allowed++;
                        } else {
                            refused++;
                        }
                    }
                    return new long[] {allowed, refused};
                };
                results.add(pool.submit(body));
            }
            long allowed = 0;
            long refused = 0;
            for (Future<long[]> f : results) {
                allowed += f.get()[0];
                refused += f.get()[1];
            }
            FloodLimiter alone = new FloodLimiter(AttritionSettings.defaults(), new ManualClock(EPOCH));
            long aloneAllowed = 0;
            for (int i = 0; i < threads * perThread; i++) {
                aloneAllowed += alone.decide().allowed() ? 1 : 0;
            }
            assertThat(allowed + refused).isEqualTo((long) threads * perThread);
            assertThat(allowed).isEqualTo(aloneAllowed);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void decision_impossibleStates_areRejected() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new Decision(false, 0, 0, 0, 8))
                .isInstanceOf(IllegalArgumentException.class);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new Decision(true, 0, 0, 0, 0))
                .hasMessage("sendLimit must be >= 1, was 0");
    }
}
