package dev.floodgate.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.floodgate.core.fingerprint.Fingerprinter;
import dev.floodgate.core.summary.SuppressionSummary;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Messages an attacker made to share one {@link String#hashCode()}: {@code "x"}, 14 blocks of {@code Aa} or {@code BB}
 * (whose hash codes are equal) and {@code " 1"}, 16,384 distinct texts. Their keys hash by a digest keyed per process,
 * so they spread over the ledger's table like any other keys, and each is a fingerprint of its own. (What they cost
 * is measured in {@code HostileFloodBenchmark}.)
 */
class HashFloodTest {

    private static final int MESSAGES = 1 << 14;
    /** Rounds over all messages: more than the burst a new fingerprint's limiter lets through. */
    private static final int ROUNDS = 20;

    static String colliding(int i) {
        StringBuilder sb = new StringBuilder("x");
        for (int b = 0; b < 14; b++) {
            sb.append((i >> b & 1) == 0 ? "Aa" : "BB");
        }
        return sb.append(" 1").toString();
    }

    @Test
    void keys_ofMessagesSharingOneStringHash_haveHashCodesOfTheirOwn() {
        Fingerprinter f = FloodgateConfig.defaults().fingerprinter();
        Set<Integer> stringHashes = new HashSet<>();
        Set<Integer> keyHashes = new HashSet<>();
        for (int i = 0; i < MESSAGES; i++) {
            String message = colliding(i);
            stringHashes.add(message.hashCode());
            keyHashes.add(f.freeze(f.probe(message, false, "com.acme.Users", "ERROR", null)).hashCode());
        }
        assertThat(stringHashes).hasSize(1);
        // 16,384 random 32-bit hash codes share one with another in about 0.03 cases out of 1 on average
        assertThat(keyHashes).hasSizeGreaterThan(MESSAGES - 4);
    }

    @Test
    void suppress_messagesSharingOneStringHash_areEachTheirOwnFingerprint_countedExactly() {
        ManualClock clock = new ManualClock(1_000_000L);
        FloodEngine filter = new FloodEngine(FloodgateConfig.parse(Map.of("maxKeys", "20000")), clock);
        long passed = 0;
        for (int round = 0; round < ROUNDS; round++) {
            for (int i = 0; i < MESSAGES; i++) {
                passed += filter.suppress(colliding(i), false, "com.acme.Users", "ERROR", null) ? 0 : 1;
            }
        }
        assertThat(filter.trackedFingerprints()).isEqualTo(MESSAGES);
        List<SuppressionSummary> summaries = filter.close();
        long summarized = summaries.stream().mapToLong(SuppressionSummary::suppressed).sum();
        assertThat(passed + summarized).isEqualTo((long) ROUNDS * MESSAGES);
        assertThat(summaries).hasSize(MESSAGES)
                .allSatisfy(s -> assertThat(s.scope()).isEqualTo(SuppressionSummary.Scope.FINGERPRINT));
    }
}
