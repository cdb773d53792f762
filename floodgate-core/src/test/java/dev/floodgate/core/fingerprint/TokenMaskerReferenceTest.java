package dev.floodgate.core.fingerprint;

import static org.assertj.core.api.Assertions.assertThat;

import dev.floodgate.core.TestSeed;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The linear scan against the one it replaced ({@code reference.TokenMasker}, kept in the test tree): on random
 * realistic and hostile messages both find the same tokens, and try and give up at the same places, which is what
 * {@link MaskReplay} is built from.
 */
class TokenMaskerReferenceTest {

    @Test
    void scan_realisticMessages_agreesWithTheReference() {
        Random random = new Random(TestSeed.SEED);
        for (int i = 0; i < 300_000; i++) {
            assertAgrees(MessageCorpus.realistic(random, i % 100 == 0 ? 1_000 : 120));
        }
    }

    @Test
    void scan_hostileMessages_agreesWithTheReference() {
        Random random = new Random(TestSeed.SEED);
        for (int i = 0; i < 3_000; i++) {
            assertAgrees(MessageCorpus.hostile(random, 1 + random.nextInt(i % 10 == 0 ? 1_000 : 100)));
        }
    }

    @Test
    void mask_realisticMessages_givesTheReferenceText() {
        Random random = new Random(TestSeed.SEED + 1);
        for (int i = 0; i < 50_000; i++) {
            String text = MessageCorpus.realistic(random, 200);
            assertThat(TokenMasker.mask(text)).as("%s %s", text, TestSeed.describe())
                    .isEqualTo(dev.floodgate.core.fingerprint.reference.TokenMasker.mask(text));
        }
    }

    private static void assertAgrees(String text) {
        char[] s = text.toCharArray();
        int n = s.length;
        int[] tokens = new int[2 * n];
        int[] attempts = new int[1 + 2 * n];
        int count = TokenMasker.scan(s, n, tokens, attempts);
        int[] referenceTokens = new int[2 * n];
        int[] referenceAttempts = new int[1 + 2 * n];
        int referenceCount = dev.floodgate.core.fingerprint.reference.TokenMasker.scan(s, n, referenceTokens,
                referenceAttempts);
        assertThat(Arrays.copyOf(tokens, 2 * count)).as("tokens of \"%s\" %s", text, TestSeed.describe())
                .isEqualTo(Arrays.copyOf(referenceTokens, 2 * referenceCount));
        assertThat(attempts[0]).as("attempts in \"%s\" %s", text, TestSeed.describe())
                .isEqualTo(referenceAttempts[0]);
        for (int a = 0; a < attempts[0]; a++) {
            int at = attempts[1 + 2 * a];
            assertThat(at).as("attempt %d in \"%s\" %s", a, text, TestSeed.describe())
                    .isEqualTo(referenceAttempts[1 + 2 * a]);
            // where the scan went on: past the word's leading letters (the reference noted minus that), or past one
            int expected = Chars.isWordChar(s[at]) ? -referenceAttempts[2 + 2 * a] : at + 1;
            assertThat(attempts[2 + 2 * a]).as("attempt %d at %d in \"%s\" %s", a, at, text, TestSeed.describe())
                    .isEqualTo(expected);
        }
    }
}
