package dev.floodgate.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.floodgate.core.CellRateDecision;
import dev.floodgate.core.CellRateLimiter;
import dev.floodgate.core.CellRateSettings;
import dev.floodgate.core.ManualClock;
import io.lettuce.core.RedisClient;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The server side of the fleet limit against a real Redis: the Lua GCRA step answers every request exactly as the
 * core's cell limiter does, reproduces the funnel seed's {@code CL.THROTTLE} session (where the seed agrees with
 * redis-cell), and lets its keys expire.
 */
class GcraScriptTest {

    private static final long SEED = Long.getLong("flood.test.seed", /* seed= */ 20261124L);

    private static RedisProcess redis;
    private static RedisClient client;
    private static StatefulRedisConnection<String, String> connection;
    private static RedisCommands<String, String> sync;

    @BeforeAll
    static void startRedis() throws Exception {
        redis = RedisProcess.started();
        client = RedisClient.create(redis.uri());
        connection = client.connect();
        sync = connection.sync();
    }

    @AfterAll
    static void stopRedis() throws Exception {
        if (connection != null) {
            connection.close();
            client.shutdown();
        }
        if (redis != null) {
            redis.close();
        }
    }

    /** Runs the script for {@code key} at {@code nowMillis}; returns the five reply integers. */
    private static List<Long> step(String key, CellRateSettings s, long quantity, long nowMillis) {
        List<Object> reply = sync.eval(RedisFleet.SCRIPT, ScriptOutputType.MULTI, new String[] {key},
                Long.toString(s.periodMillis()), Long.toString(s.count()), Long.toString(s.limit()),
                Long.toString(quantity),
                Long.toString(nowMillis));
        List<Long> out = new ArrayList<>();
        for (Object o : reply) {
            out.add((Long) o);
        }
        return out;
    }

    private static List<Long> expected(CellRateDecision d) {
        return List.of(d.allowed() ? 0L : 1L, d.limit(), d.remaining(), d.retryAfterMillis(), d.resetAfterMillis());
    }

    @Test
    void script_thousandsOfRandomRequests_answerAsTheCoreCellLimiter() {
        SplittableRandom random = new SplittableRandom(SEED);
        ManualClock clock = new ManualClock(1_764_000_000_000L);
        Map<String, CellRateLimiter> limiters = new HashMap<>();
        Map<String, CellRateSettings> settings = new HashMap<>();
        for (int k = 0; k < 8; k++) {
            long period = 1 + random.nextLong(120_000);
            CellRateSettings s = CellRateSettings.builder().periodMillis(period)
                    .count(1 + random.nextLong(Math.min(period, 500))).burst(random.nextLong(40)).build();
            settings.put("diff:" + SEED + ":" + k, s);
            limiters.put("diff:" + SEED + ":" + k, new CellRateLimiter(s, clock));
        }
        List<String> keys = new ArrayList<>(settings.keySet());
        int refused = 0;
        for (int i = 0; i < 5_000; i++) {
            String key = keys.get(random.nextInt(keys.size()));
            CellRateSettings s = settings.get(key);
            long quantity = random.nextInt(10) == 0 ? random.nextLong(s.limit() + 2) : 1;
            clock.advanceMillis(random.nextInt(4) == 0 ? random.nextLong(2 * s.emissionIntervalMillis() + 1) : 0);
            CellRateDecision want = limiters.get(key).decide(quantity);
            refused += want.allowed() ? 0 : 1;
            assertThat(step(key, s, quantity, clock.millis()))
                    .as("request %d (seed %d): %s, quantity %d at %d", i, SEED, s, quantity, clock.millis())
                    .isEqualTo(expected(want));
        }
        assertThat(refused).as("the random requests must exercise refusals too (seed %d)", SEED).isBetween(500, 4_500);
    }

    /**
     * The funnel seed's session {@code cl.throttle laoqian:reply 15 30 60}: it prints {@code 0 15 14 -1 2}, redis-cell
     * answers {@code 0 16 15 -1 2} (limit = max_burst + 1, its README's example), and so does the script: allowed,
     * no retry, 2 s to reset as printed; limit and remaining one higher than printed.
     */
    @Test
    void script_funnelSeedSession_answersAsRedisCell() {
        CellRateSettings s = CellRateSettings.builder().burst(15).count(30).periodMillis(60_000).build();

        List<Long> reply = step("laoqian:reply", s, 1, 1_000_000L);

        CellRateDecision d = new CellRateDecision(reply.get(0) == 0, reply.get(1), reply.get(2), reply.get(3),
                reply.get(4));
        List<Long> seconds = List.of(d.allowed() ? 0L : 1L, d.limit(), d.remaining(), d.retryAfterSeconds(),
                d.resetAfterSeconds());
        List<Long> printedBySeed = List.of(0L, 15L, 14L, -1L, 2L);
        assertThat(seconds).containsExactly(0L, 16L, 15L, -1L, 2L);
        assertThat(List.of(seconds.get(0), seconds.get(3), seconds.get(4)))
                .isEqualTo(List.of(printedBySeed.get(0), printedBySeed.get(3), printedBySeed.get(4)));
    }

    /** The funnel seed's Python loop: capacity 15 leaking 0.5 per second, 20 quick calls: 15 pass, 5 are refused. */
    @Test
    void script_funnelSeedLoopTwentyQuickCalls_allowsFifteen() {
        CellRateSettings s = CellRateSettings.builder().burst(14).count(1).periodMillis(2_000).build();

        List<Long> limited = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            limited.add(step("funnel:loop", s, 1, 2_000_000L + i).get(0));
        }

        assertThat(limited.subList(0, 15)).containsOnly(0L);
        assertThat(limited.subList(15, 20)).containsOnly(1L);
    }

    @Test
    void script_allowedStep_keyExpiresWhenItsBacklogHasDrained() {
        CellRateSettings s = CellRateSettings.builder().burst(4).count(10).periodMillis(60_000).build();

        List<Object> raw = sync.eval(RedisFleet.SCRIPT, ScriptOutputType.MULTI, new String[] {"expiring"},
                Long.toString(s.periodMillis()), Long.toString(s.count()), Long.toString(s.limit()), "3");
        List<Long> reply = new ArrayList<>();
        raw.forEach(o -> reply.add((Long) o));

        long ttl = sync.pttl("expiring");
        assertThat(reply.get(4)).isEqualTo(18_000L);
        assertThat(ttl).isBetween(1L, 18_000L);
    }

    @Test
    void script_refusedStep_writesNothing() {
        CellRateSettings s = CellRateSettings.builder().burst(0).count(1).periodMillis(60_000).build();
        step("refused", s, 1, 5_000_000L);
        String tat = sync.get("refused");

        List<Long> reply = step("refused", s, 1, 5_000_001L);

        assertThat(reply.get(0)).isEqualTo(1L);
        assertThat(sync.get("refused")).isEqualTo(tat);
    }
}
