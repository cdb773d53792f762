package dev.floodgate.core.fingerprint;

import static org.assertj.core.api.Assertions.assertThat;

import dev.floodgate.core.TestSeed;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The linear scan against the one it replaced ({@code reference.TokenMasker}, kept in the test tree): on random
 * realistic and hostile messages both find the same tokens, and try and give up at the same places, which is what
 * {@link MaskReplay} is built from, up to where the scan runs out of attempts; from there on it masks coarsely, as a
 * model written here does.
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
    void scan_logLines_neverSpendTheirBudget() {
        Random random = new Random(TestSeed.SEED + 2);
        for (int i = 0; i < 100_000; i++) {
            String text = MessageCorpus.logLine(random, i % 100 == 0 ? 1_000 : 200);
            int[] attempts = new int[3 + 2 * text.length()];
            TokenMasker.scan(text.toCharArray(), text.length(), new int[2 * text.length()], attempts);
            assertThat(attempts[1]).as("where \"%s\" is masked coarsely %s", text, TestSeed.describe())
                    .isEqualTo(text.length());
        }
    }

    @Test
    void mask_denseText_masksTheRestCoarselyPastItsBudget() {
        String text = "1-2-3 ".repeat(5) + "and 2024-05-01 at 10.0.0.1:80; " + "1-2-3 ".repeat(5)
                + "in db-01.internal, 'x7' ok";
        // a budget of 17 at this length: 15 numbers, the date and the address; then each run of word characters,
        // dots, colons, dashes and slashes that holds a digit is a number
        assertThat(TokenMasker.attemptBudget(text.length())).isEqualTo(17);
        assertThat(TokenMasker.mask(text)).isEqualTo("<n>-<n>-<n> ".repeat(5) + "and <date> at <ip>; "
                + "<n> ".repeat(5) + "in <n>, '<n>' ok");
    }

    @Test
    void mask_realisticMessages_givesTheReferenceText() {
        Random random = new Random(TestSeed.SEED + 1);
        int compared = 0;
        for (int i = 0; i < 50_000; i++) {
            String text = MessageCorpus.realistic(random, 200);
            int[] attempts = new int[3 + 2 * text.length()];
            TokenMasker.scan(text.toCharArray(), text.length(), new int[2 * text.length()], attempts);
            if (attempts[1] < text.length()) {
                // masked coarsely from there: scan_realisticMessages_agreesWithTheReference checks those
                continue;
            }
            compared++;
            assertThat(TokenMasker.mask(text)).as("%s %s", text, TestSeed.describe())
                    .isEqualTo(dev.floodgate.core.fingerprint.reference.TokenMasker.mask(text));
        }
        assertThat(compared).as("messages inside their budget").isGreaterThan(25_000);
    }

    private static void assertAgrees(String text) {
        char[] s = text.toCharArray();
        int n = s.length;
        int[] tokens = new int[2 * n];
        int[] attempts = new int[3 + 2 * n];
        int count = TokenMasker.scan(s, n, tokens, attempts);
        int coarseFrom = attempts[1];
        // each token before the coarse rest spends a unit of the budget, and so does each costly attempt that found none
        int costly = 0;
        while (costly < count && tokens[2 * costly] < coarseFrom) {
            costly++;
        }
        int[] referenceTokens = new int[2 * n];
        int[] referenceAttempts = new int[1 + 2 * n];
        int referenceCount = dev.floodgate.core.fingerprint.reference.TokenMasker.scan(s, n, referenceTokens,
                referenceAttempts);
        int before = 0;
        while (before < referenceCount && referenceTokens[2 * before] < coarseFrom) {
            before++;
        }
        int[] expected = Arrays.copyOf(Arrays.copyOf(referenceTokens, 2 * before), 2 * n);
        int expectedCount = coarseModel(s, coarseFrom, expected, before);
        assertThat(Arrays.copyOf(tokens, 2 * count)).as("tokens of \"%s\" %s", text, TestSeed.describe())
                .isEqualTo(Arrays.copyOf(expected, 2 * expectedCount));
        int failed = 0;
        while (failed < referenceAttempts[0] && referenceAttempts[1 + 2 * failed] < coarseFrom) {
            failed++;
        }
        assertThat(attempts[0]).as("attempts in \"%s\" %s", text, TestSeed.describe()).isEqualTo(failed);
        for (int a = 0; a < attempts[0]; a++) {
            costly += (attempts[4 + 2 * a] & TokenMasker.COSTLY_PLACE) != 0 ? 1 : 0;
        }
        // the scan spent its budget on its tokens and costly places, and masks coarsely only where it ran out
        assertThat(attempts[2]).as("budget spent on \"%s\" %s", text, TestSeed.describe()).isEqualTo(costly)
                .isLessThanOrEqualTo(TokenMasker.attemptBudget(n));
        if (coarseFrom < n) {
            assertThat(costly).as("budget spent on \"%s\" %s", text, TestSeed.describe())
                    .isEqualTo(TokenMasker.attemptBudget(n));
        }
        for (int a = 0; a < attempts[0]; a++) {
            int at = attempts[3 + 2 * a];
            assertThat(at).as("attempt %d in \"%s\" %s", a, text, TestSeed.describe())
                    .isEqualTo(referenceAttempts[1 + 2 * a]);
            // where the scan went on: past the word's leading letters (the reference noted minus that), or past one
            int next = Chars.isWordChar(s[at]) ? -referenceAttempts[2 + 2 * a] : at + 1;
            assertThat(attempts[4 + 2 * a] & ~TokenMasker.COSTLY_PLACE)
                    .as("attempt %d at %d in \"%s\" %s", a, at, text, TestSeed.describe()).isEqualTo(next);
        }
    }

    /**
     * Coarse masking as the scan's documentation states it: from {@code from}, each run of letters, digits,
     * {@code _}, dots, colons, dashes and slashes that holds an ASCII digit is a number. Adds the tokens after the
     * {@code count} in {@code tokens} and returns the new count.
     */
    private static int coarseModel(char[] s, int from, int[] tokens, int count) {
        int c = count;
        int i = from;
        while (i < s.length) {
            int start = i;
            boolean digit = false;
            while (i < s.length && (Character.isLetterOrDigit(s[i]) || s[i] == '_' || ".:-/".indexOf(s[i]) >= 0)) {
                digit |= s[i] >= '0' && s[i] <= '9';
                i++;
            }
            if (digit) {
                tokens[2 * c] = start;
                tokens[2 * c + 1] = Attempt.KIND_NUMBER << 28 | i;
                c++;
            }
            i = i == start ? i + 1 : i;
        }
        return c;
    }
}
