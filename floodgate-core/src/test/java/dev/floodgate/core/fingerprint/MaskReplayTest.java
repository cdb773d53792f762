package dev.floodgate.core.fingerprint;

import static org.assertj.core.api.Assertions.assertThat;

import dev.floodgate.core.TestSeed;
import java.util.Random;
import org.junit.jupiter.api.Test;

class MaskReplayTest {

    private static final String[] PIECES = {"Jul ", "Sun ", "17 ", "2024-05-01", "T10:00:00.123Z", " 01:03:44",
        "10.0.0.7:5432", "fe80::1", "[::1]:80", "0x1f", "deadbeef12", "123e4567-e89b-12d3-a456-426614174000", " ms",
        "250ms", "1h30m", "'a'", "\"b\"", " 5 seconds", "user42", "log4j2", "10/Oct/2000:13:55:36", ", 2005",
        "Failed for order ", "Connection to ", "Dec-", "abc:", "é٣", "::"};
    private static final String ALPHABET = "ab01239fx.:-/'\" _[]TZJul Sun+msDec,";

    @Test
    void maxChars_holdsTheMaskedTextOfTheLongestTemplateAFingerprintKeeps() {
        assertThat(MaskReplay.MAX_CHARS).isEqualTo(2 * Fingerprinter.MAX_TEMPLATE_CHARS);
    }

    @Test
    void recall_ofTheTextAKeyWasMadeOf_findsTheKey() {
        Random random = new Random(TestSeed.SEED);
        for (int i = 0; i < 50_000; i++) {
            String raw = text(random);
            Learned key = frozen(raw);
            if (key == null) {
                continue;
            }
            assertThat(recall(key, raw)).as("%s %s", raw, TestSeed.describe()).isSameAs(key.key());
        }
    }

    @Test
    void recall_ofAnyOtherText_findsTheKeyOnlyIfTheTextMasksToIt() {
        Random random = new Random(TestSeed.SEED);
        int sameMask = 0;
        int recalled = 0;
        for (int i = 0; i < 200_000; i++) {
            String raw = text(random);
            Learned key = frozen(raw);
            if (key == null) {
                continue;
            }
            String other = random.nextInt(8) == 0 ? text(random) : mutate(random, raw);
            boolean found = recall(key, other) != null;
            boolean equal = TokenMasker.mask(other).equals(key.text());
            assertThat(!found || equal).as("%s recalled as %s (%s) %s", other, key, raw, TestSeed.describe())
                    .isTrue();
            sameMask += equal ? 1 : 0;
            recalled += found ? 1 : 0;
        }
        // the recall is there for texts that differ in their tokens only: most of them must be recognised
        assertThat(recalled).as("recalled %d of %d %s", recalled, sameMask, TestSeed.describe())
                .isGreaterThan(sameMask * 9 / 10);
    }

    @Test
    void recall_ofHostileTexts_findsTheKeyOnlyIfTheTextMasksToIt() {
        Random random = new Random(TestSeed.SEED);
        int sameMask = 0;
        int recalled = 0;
        for (int i = 0; i < 40_000; i++) {
            String raw = random.nextBoolean() ? MessageCorpus.hostile(random, 1 + random.nextInt(300))
                    : MessageCorpus.realistic(random, 300);
            Learned key = frozen(raw);
            if (key == null) {
                continue;
            }
            assertThat(recall(key, raw)).as("%s %s", raw, TestSeed.describe()).isSameAs(key.key());
            String other = mutate(random, raw);
            boolean found = recall(key, other) != null;
            // the key keeps a sample of its text; the whole masked text is the raw text's
            boolean equal = TokenMasker.mask(other).equals(TokenMasker.mask(raw));
            assertThat(!found || equal).as("%s recalled as %s (%s) %s", other, key, raw, TestSeed.describe())
                    .isTrue();
            sameMask += equal ? 1 : 0;
            recalled += found ? 1 : 0;
        }
        assertThat(recalled).as("recalled %d of %d %s", recalled, sameMask, TestSeed.describe())
                .isGreaterThan(sameMask * 9 / 10);
    }

    @Test
    void recall_concatenatedMessage_comparesItsLiteralPartsAndTokens() {
        Learned key = frozen("Connection to 10.20.30.100:5432 failed: 1000123");
        assertThat(recall(key, "Connection to 10.20.30.177:5432 failed: 1004095")).isSameAs(key.key());
        assertThat(recall(key, "Connection to 10.20.30.177:80 failed: 7")).isSameAs(key.key());
        assertThat(recall(key, "Connection to 10.20.30.177:5432 failed: 10.5")).isSameAs(key.key());
        assertThat(recall(key, "Connection to 10.20.30.177:5432 failed: 250ms")).isNull();
        assertThat(recall(key, "Connection to db-7:5432 failed: 1")).isNull();
        assertThat(recall(key, "Connection to 10.20.30.177:5432 failed: 1 ")).isNull();
        assertThat(recall(key, "Connection to 10.20.30.177:5432 failed:")).isNull();
        assertThat(recall(key, "Connection to 10.20.30.177:5432 failed: 1x")).isNull();
    }

    @Test
    void recall_textThatSharesABeginning_startsAfterWhatItSharesAndChecksTheRest() {
        Learned key = frozen("Connection to db-01.internal:5432 failed: 7");
        assertThat(key.text()).isEqualTo("Connection to db-<n>.internal:<n> failed: <n>");
        for (String same : new String[] {"Connection to db-01.internal:5432 failed: 7",
            "Connection to db-01.internal:5432 failed: 65535", "Connection to db-01.internal:5432 failed: 7.5",
            "Connection to db-02.internal:5432 failed: 1", "Connection to db-01.internal:80 failed: 7"}) {
            assertThat(recall(key, same)).as(same).isSameAs(key.key());
        }
        for (String other : new String[] {"Connection to db-01.internal:5432 failed: 7 ms",
            "Connection to db-01.internal:5432 failed: 2024-05-01", "Connection to db-01.internal:5432 failed: 10:30",
            "Connection to db-01.internal:5432 failed: 7x", "Connection to db-01.internal:5432 failed: ",
            "Connection to db-01.internal:5432 failed: 'a'", "Connection to db-01.internal:5432 failed: ::1",
            "Connection to db-01.internal:5432 failed"}) {
            assertThat(TokenMasker.mask(other)).isNotEqualTo(key.text());
            assertThat(recall(key, other)).as(other).isNull();
        }
    }

    @Test
    void recall_denseText_masksTheRestCoarselyAsTheScanDoes() {
        String raw = "1-2-3 ".repeat(40) + "done";
        Learned key = frozen(raw);
        // past the budget, a run that holds a digit is one number, whatever its digits, letters and length
        for (String other : new String[] {"4-5-6 ".repeat(40) + "done", "1-2-3 ".repeat(39) + "7-88-9 done",
            "1-2-3 ".repeat(39) + "7-x-9 done"}) {
            assertThat(TokenMasker.mask(other)).isEqualTo(TokenMasker.mask(raw));
            assertThat(recall(key, other)).as(other).isSameAs(key.key());
        }
        assertThat(recall(key, "1-2-3 ".repeat(39) + "1-2-3 gone")).isNull();
        assertThat(recall(key, "1-2-3 ".repeat(39) + "1-2-3  done")).isNull();
        // a text 12 characters longer has another budget, which runs out elsewhere: scanned, not recalled
        assertThat(recall(key, "1-2-3 ".repeat(39) + "1-2-3-4-5-6-7-8-9 done")).isNull();
    }

    @Test
    void recall_wordThatTheNextTokenDecides_isScannedAgain() {
        // "Jul " before a number is a date only where the number is a day of the month
        Learned key = frozen("on Jul 99");
        assertThat(key.text()).isEqualTo("on Jul <n>");
        assertThat(recall(key, "on Jul 98")).isSameAs(key.key());
        assertThat(recall(key, "on Jul 17")).isNull();
        assertThat(TokenMasker.mask("on Jul 17")).isEqualTo("on <date>");
    }

    /** Returns what a thread's probe that learned {@code key} recalls for {@code text}: the key, or null. */
    private static FrozenKey recall(Learned key, String text) {
        key.probe.load(text, text.length());
        return key.probe.recall();
    }

    /**
     * Returns the frozen key of {@code raw} masked, with a thread's probe that found it in the ledger and learned it,
     * or null if nothing in {@code raw} is masked.
     */
    private static Learned frozen(String raw) {
        FingerprintProbe probe = new FingerprintProbe();
        probe.load(raw, raw.length());
        if (!probe.mask()) {
            return null;
        }
        FrozenKey key = probe.parts(null, null, null, null).freeze(false);
        probe.learn(key);
        return new Learned(probe, key);
    }

    /** A stored key and the probe that learned it. */
    private record Learned(FingerprintProbe probe, FrozenKey key) {

        String text() {
            return key.text();
        }
    }

    private static String text(Random random) {
        StringBuilder sb = new StringBuilder();
        int length = random.nextInt(50);
        while (sb.length() < length) {
            if (random.nextInt(3) == 0) {
                sb.append(PIECES[random.nextInt(PIECES.length)]);
            } else {
                sb.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
            }
        }
        return sb.toString();
    }

    /** Changes digits (mostly), and now and then another character, inserts or deletes one. */
    private static String mutate(Random random, String text) {
        StringBuilder sb = new StringBuilder(text);
        for (int k = 0; k < sb.length(); k++) {
            char c = sb.charAt(k);
            if (Character.isDigit(c) && c < 128 && random.nextBoolean()) {
                sb.setCharAt(k, (char) ('0' + random.nextInt(10)));
            }
        }
        int edits = random.nextInt(3) == 0 ? 1 : 0;
        for (int e = 0; e < edits && sb.length() > 0; e++) {
            int at = random.nextInt(sb.length());
            char c = ALPHABET.charAt(random.nextInt(ALPHABET.length()));
            switch (random.nextInt(3)) {
                case 0:
                    sb.setCharAt(at, c);
                    break;
                case 1:
                    sb.insert(at, random.nextBoolean() ? c : (char) ('0' + random.nextInt(10)));
                    break;
                default:
                    sb.deleteCharAt(at);
            }
        }
        return sb.toString();
    }
}
