package dev.floodgate.core.fingerprint;

import static org.assertj.core.api.Assertions.assertThat;

import dev.floodgate.core.TestSeed;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link TokenMasker#decidedBy} is a true bound: an attempt returns the same result, bit for bit, in every text that
 * keeps the characters before the bound and changes, cuts or extends what follows; checked at every place of random
 * realistic and hostile messages where the scan may try a token, with and without a known IPv6 horizon.
 */
class DecidedByTest {

    /** Characters that extend what the readers read: digits, hex letters, separators, quotes, units, zones. */
    private static final String TAIL = "0123456789abcdefxhmsT:.-/ ,+Z'\"[]JulSunDec";

    @Test
    void decidedBy_everyPlaceOfRandomMessages_boundsWhatDecidesTheAttempt() {
        Random random = new Random(TestSeed.SEED);
        int bounded = 0;
        for (int m = 0; m < 20_000; m++) {
            String text = m % 3 == 0 ? MessageCorpus.hostile(random, 1 + random.nextInt(80))
                    : MessageCorpus.realistic(random, 80);
            bounded += check(random, text);
        }
        // most places are decided by a few characters: the bound is there to be used
        assertThat(bounded).as(TestSeed.describe()).isGreaterThan(100_000);
    }

    @Test
    void decidedBy_hostNameWithDigits_isDecidedBeforeTheLastNumber() {
        char[] s = "Connection to db-01.internal:5432 failed: 7".toCharArray();
        int n = s.length;
        for (int i : new int[] {14, 17, 28, 29, 40}) {
            boolean inWord = Chars.isWordChar(s[i - 1]);
            assertThat(TokenMasker.decidedBy(s, i, n, inWord, NumericTokens.shapeEnd(s, i, n))).as("at %d", i)
                    .isLessThan(n);
        }
    }

    /** Checks every place of {@code text} where an attempt may start; returns how many had a bound. */
    private static int check(Random random, String text) {
        char[] s = text.toCharArray();
        int n = s.length;
        int bounded = 0;
        for (int i = 0; i < n; i++) {
            boolean inWord = i > 0 && Chars.isWordChar(s[i - 1]);
            if (inWord && !Chars.isDigit(s[i])) {
                continue;
            }
            int decided = TokenMasker.decidedBy(s, i, n, inWord, NumericTokens.shapeEnd(s, i, n));
            if (decided > n) {
                continue;
            }
            bounded++;
            long ahead = random.nextBoolean() ? Attempt.NONE : Attempt.noIpv6Before(i + random.nextInt(n - i + 1));
            long result = attempt(s, i, n, inWord, ahead);
            for (int v = 0; v < 6; v++) {
                StringBuilder other = new StringBuilder(text.substring(0, decided));
                int tail = random.nextInt(24);
                for (int k = 0; k < tail; k++) {
                    other.append(TAIL.charAt(random.nextInt(TAIL.length())));
                }
                char[] o = other.toString().toCharArray();
                assertThat(attempt(o, i, o.length, inWord, ahead))
                        .as("attempt at %d of \"%s\" (decided by %d) and of \"%s\" %s", i, text, decided, other,
                                TestSeed.describe())
                        .isEqualTo(result);
            }
        }
        return bounded;
    }

    private static long attempt(char[] s, int i, int n, boolean inWord, long ahead) {
        return inWord ? TokenMasker.attemptInWord(s, i, n) : TokenMasker.attemptAt(s, i, n, ahead);
    }
}
