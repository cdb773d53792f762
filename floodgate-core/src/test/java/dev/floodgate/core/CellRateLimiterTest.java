package dev.floodgate.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Replays the worked examples of redis-cell's {@code CL.THROTTLE} (README and its own test vectors), the cooldown
 * article's {@code throttle.js}, the leaky-bucket SMS guard and the funnel article through {@link CellRateLimiter}.
 * Where an article prints something else than redis-cell would, these tests hold redis-cell's answer; the differences
 * are listed in {@code src/docs/limiters.md}.
 */
class CellRateLimiterTest {

    private static final long T0 = 1_700_000_000_000L;
    private static final long HOUR = 3_600_000L;

    private final ManualClock clock = new ManualClock(T0);

    private CellRateLimiter limiter(long burst, long count, long periodMillis) {
        return limiter(burst, count, periodMillis, clock);
    }

    private static CellRateLimiter limiter(long burst, long count, long periodMillis, Clock clock) {
        return new CellRateLimiter(
                CellRateSettings.builder().burst(burst).count(count).periodMillis(periodMillis).build(), clock);
    }

    /** Returns redis-cell's five reply integers: limited (0/1), limit, remaining, retry after s, reset after s. */
    private static List<Long> reply(CellRateDecision d) {
        return List.of(d.allowed() ? 0L : 1L, d.limit(), d.remaining(), d.retryAfterSeconds(), d.resetAfterSeconds());
    }

    /**
     * {@code CL.THROTTLE user123 15 30 60} in redis-cell's README; the funnel article shows the same command
     * ({@code laoqian:reply}) replying limit 15 and remaining 14, which redis-cell does not.
     */
    @Test
    void decide_readmeExample15Burst30Per60s_repliesLimit16Remaining15() {
        CellRateLimiter user123 = limiter(15, 30, 60_000);

        assertThat(reply(user123.decide())).containsExactly(0L, 16L, 15L, -1L, 2L);
    }

    @Test
    void decide_endToEndTestBurst0Per2s_repliesAsRedisCell() {
        CellRateLimiter user123 = limiter(0, 1, 2_000);

        List<List<Long>> replies = new ArrayList<>();
        replies.add(reply(user123.decide()));
        clock.advanceMillis(5);
        CellRateDecision throttled = user123.decide();
        replies.add(reply(throttled));
        clock.advanceMillis(throttled.retryAfterSeconds() * 1_000);
        replies.add(reply(user123.decide()));

        assertThat(replies).containsExactly(List.of(0L, 1L, 0L, -1L, 2L), List.of(1L, 1L, 0L, 2L, 2L),
                List.of(0L, 1L, 0L, -1L, 2L));
    }

    /** redis-cell's {@code it_rate_limits} (src/cell/mod.rs): limit 5 (burst 4), one per second. */
    @Test
    void decide_redisCellRateLimitVectors_matchEveryField() {
        long[][] cases = {
            // ms after start, quantity, limited, remaining, resetAfterMillis, retryAfterMillis
            {0, 6, 1, 5, 0, -1}, // "You can never make a request larger than the maximum."
            {0, 1, 0, 4, 1_000, -1},
            {0, 1, 0, 3, 2_000, -1},
            {0, 1, 0, 2, 3_000, -1},
            {0, 1, 0, 1, 4_000, -1},
            {0, 1, 0, 0, 5_000, -1},
            {0, 1, 1, 0, 5_000, 1_000},
            {3_000, 1, 0, 2, 3_000, -1},
            {3_100, 1, 0, 1, 3_900, -1},
            {4_000, 1, 0, 1, 4_000, -1},
            {8_000, 1, 0, 4, 1_000, -1},
            {9_500, 1, 0, 4, 1_000, -1},
            {9_500, 0, 0, 4, 1_000, -1}, // "Zero-volume request just peeks at the state."
            {9_500, 2, 0, 2, 3_000, -1}, // "High-volume request uses up more of the limit."
            {9_500, 5, 1, 2, 3_000, 3_000}}; // "Large requests cannot exceed limits"
        CellRateLimiter foo = limiter(4, 1, 1_000);
        for (int i = 0; i < cases.length; i++) {
            long[] c = cases[i];
            clock.set(T0 + c[0]);

            assertThat(foo.decide(c[1])).as("case %d", i)
                    .isEqualTo(new CellRateDecision(c[2] == 0, 5, c[3], c[5], c[4]));
        }
    }

    @Test
    void decide_quantityAboveLimit_refusesAsExceedingLimit() {
        CellRateDecision d = limiter(4, 1, 1_000).decide(6);

        assertThat(d.exceedsLimit()).isTrue();
    }

    @Test
    void decide_negativeQuantity_throwsNamingArgumentAndValue() {
        assertThatThrownBy(() -> limiter(4, 1, 1_000).decide(-3))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("quantity must be >= 0, was -3");
    }

    @Test
    void constructor_nullClock_throwsNullPointerException() {
        assertThatThrownBy(() -> new CellRateLimiter(CellRateSettings.defaults(), null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("clock");
    }

    @Test
    void decide_concurrentCallersAtOneInstant_allowExactlyTheBurst() throws InterruptedException {
        CellRateLimiter shared = limiter(15, 30, 60_000);

        assertThat(ConcurrentCalls.allowedOf(8, 50, () -> shared.decide().allowed())).isEqualTo(16);
    }

    /**
     * The cooldown article's {@code throttle.js} session with n = 3, T = 60: its score S is the TAT, T/n the emission
     * interval and its test {@code Sn > now + T} GCRA's with a tolerance of T, so burst = n - 1. It prints S - now,
     * the reset time, on a clock truncated to whole seconds ({@code ~~(Date.now() / 1000)}).
     */
    @Test
    void decide_throttleJsSession_printsTheArticlesScores() {
        Clock wholeSeconds = () -> Math.floorDiv(clock.millis(), 1_000L) * 1_000L;
        CellRateLimiter throttle = limiter(2, 3, 60_000, wholeSeconds);

        List<String> printed = new ArrayList<>();
        for (long hitMillis : new long[] {200, 500, 800, 1_300, 5_600, 10_100, 15_900, 21_400, 22_700}) {
            clock.set(T0 + hitMillis);
            CellRateDecision d = throttle.decide();
            printed.add((d.allowed() ? "ALLOW " : "REJECT ") + wholeSeconds(d.resetAfterMillis()));
        }

        assertThat(printed).containsExactly("ALLOW 20", "ALLOW 40", "ALLOW 60", "REJECT 59", "REJECT 55",
                "REJECT 50", "REJECT 45", "ALLOW 59", "REJECT 58");
    }

    /**
     * The cooldown article resets its score only when {@code S + T/n < now}, so a key quiet for less than one more
     * interval keeps the unused part as credit: with n = 1, T = 60 it would allow hits at 100 s and 130 s. GCRA (and
     * redis-cell) starts the interval at the later hit, so the hit at 130 s waits.
     */
    @Test
    void decide_hitWithinIntervalAfterQuietGap_refusesUnlikeTheCooldownArticle() {
        CellRateLimiter throttle = limiter(0, 1, 60_000);

        List<Boolean> allowed = new ArrayList<>();
        for (long second : new long[] {0, 100, 130}) {
            clock.set(T0 + second * 1_000);
            allowed.add(throttle.decide().allowed());
        }

        assertThat(allowed).containsExactly(true, true, false);
    }

    /** The leaky-bucket SMS guard: a bucket of 20 drops leaking one drop per hour is burst 19, one per hour. */
    @Test
    void decide_smsGuardFullBucket_refusesUntilOneDropLeaks() {
        CellRateLimiter bucket = limiter(19, 1, HOUR);
        List<Boolean> sent = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            sent.add(bucket.decide().allowed());
        }
        CellRateDecision overflow = bucket.decide();
        clock.advanceMillis(HOUR - 1);
        boolean beforeLeak = bucket.decide().allowed();
        clock.advanceMillis(1);
        List<Boolean> afterLeak = List.of(bucket.decide().allowed(), bucket.decide().allowed());

        assertThat(sent).hasSize(20).containsOnly(true);
        assertThat(reply(overflow)).containsExactly(1L, 20L, 0L, 3_600L, 72_000L);
        assertThat(beforeLeak).isFalse();
        assertThat(afterLeak).containsExactly(true, false);
    }

    /** The funnel article's loop: capacity 15 (burst 14), leaking 0.5 per second (one per 2 s), 20 quick calls. */
    @Test
    void decide_funnelLoopCapacity15_allows15Of20() {
        CellRateLimiter funnel = limiter(14, 1, 2_000);

        List<Boolean> allowed = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            clock.advanceMillis(1);
            allowed.add(funnel.decide().allowed());
        }

        assertThat(allowed.subList(0, 15)).containsOnly(true);
        assertThat(allowed.subList(15, 20)).containsOnly(false);
    }

    /** The funnel article's {@code cl.throttle laoqian:reply 15 30 60}: redis-cell allows 16 at once, not 15. */
    @Test
    void decide_funnelArticleCommandTwentyQuickCalls_allows16() {
        CellRateLimiter reply = limiter(15, 30, 60_000);

        List<Boolean> allowed = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            clock.advanceMillis(1);
            allowed.add(reply.decide().allowed());
        }

        assertThat(allowed.subList(0, 16)).containsOnly(true);
        assertThat(allowed.subList(16, 20)).containsOnly(false);
    }

    private static long wholeSeconds(long millis) {
        assertThat(millis % 1_000).as("%d ms on a whole-second clock", millis).isZero();
        return millis / 1_000;
    }
}
