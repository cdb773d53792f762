package dev.floodgate.core.fingerprint;

import static org.assertj.core.api.Assertions.assertThat;

import dev.floodgate.core.TestSeed;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class TokenMaskerTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "Failed for order 12345|Failed for order <n>",
        "took 250ms, retry 3 of 5|took <duration>, retry <n> of <n>",
        "user42 logged in|user<n> logged in",
        "value 1.5 and version 10.2.3|value <n> and version <n>",
        "connect to 10.0.0.7:5432 refused|connect to <ip> refused",
        "at 01:03:44 and 12:30|at <time> and <time>",
        "on 2024-05-01T10:00:00Z|on <timestamp>",
        "from 192.168.1.1.|from <ip>.",
        "peer fe80::1ff:fe23:4567:890a gone|peer <ip> gone",
        "id 123e4567-e89b-12d3-a456-426614174000 missing|id <uuid> missing",
        "address 0x7ffe0042 bad|address <hex> bad",
        "commit 3f9a2c1d8e not found|commit <hex> not found",
        "word deadbeef stays|word deadbeef stays",
        "name 'alice' and \"bob\" unknown|name '<str>' and \"<str>\" unknown",
        "can't reach 'db-1'|can't reach '<str>'",
        "Connection to {} failed: {}|Connection to {} failed: {}",
        "no tokens here|no tokens here",
        "unclosed 'quote here|unclosed 'quote here",
        "log4j2 config|log<n>j<n> config",
    })
    void mask_examples(String raw, String masked) {
        assertThat(TokenMasker.mask(raw)).isEqualTo(masked);
        int[] tokens = new int[2 * raw.length()];
        int count = TokenMasker.scan(raw.toCharArray(), raw.length(), tokens);
        assertThat(TokenMasker.maskedLength(raw.length(), tokens, count)).isEqualTo(masked.length());
        assertThat(count > 0).isEqualTo(!raw.equals(masked));
        assertThat(maskedProbe(raw)).isEqualTo(textProbe(masked));
    }

    @Test
    void mask_prefix_masksOnlyThePrefix() {
        assertThat(TokenMasker.mask("order 12 and 34", 8)).isEqualTo("order <n>");
    }

    @Test
    void mask_timeAfterAnIp_isATimeNotAnIp() {
        assertThat(TokenMasker.mask("connection from 1.2.3.4 () at Sun Jul 17 01:03:44 2005"))
                .isEqualTo("connection from <ip> () at <timestamp>");
        assertThat(TokenMasker.mask("at 17 01:03:44 2005")).isEqualTo("at <n> <time> <n>");
    }

    @Test
    void mask_widestExpansion_isMeasured() {
        // 4 tokens, inside the budget of 9 at this length; past a budget, quotes are left as they are
        String quotes = "'' ".repeat(4);
        int[] tokens = new int[2 * quotes.length()];
        int count = TokenMasker.scan(quotes.toCharArray(), quotes.length(), tokens);
        assertThat(TokenMasker.mask(quotes)).isEqualTo("'<str>' ".repeat(4));
        assertThat(TokenMasker.maskedLength(quotes.length(), tokens, count)).isEqualTo(32);
    }

    @Test
    void maskedDigest_randomText_agreesWithTheBuiltText() {
        Random random = new Random(TestSeed.SEED);
        String alphabet = "ab01239fx.:-/'\" _[]TZJul Sun+ms";
        for (int i = 0; i < 50_000; i++) {
            String raw = random(random, alphabet, 40);
            String other = random.nextBoolean() ? TokenMasker.mask(random(random, alphabet, 40)) : mutate(random,
                    TokenMasker.mask(raw));
            int[] tokens = new int[2 * raw.length()];
            char[] chars = raw.toCharArray();
            int count = TokenMasker.scan(chars, raw.length(), tokens);
            String masked = TokenMasker.mask(raw);
            assertThat(TokenMasker.maskedLength(raw.length(), tokens, count)).isEqualTo(masked.length());
            FingerprintProbe probe = maskedProbe(raw);
            assertThat(probe).as("%s %s", raw, TestSeed.describe()).isEqualTo(textProbe(masked));
            assertThat(probe.equals(textProbe(other))).as("%s vs %s %s", raw, other, TestSeed.describe())
                    .isEqualTo(masked.equals(other));
        }
    }

    /** The probe of {@code raw}, masked: its digest is made as the scan goes, without building the masked text. */
    private static FingerprintProbe maskedProbe(String raw) {
        FingerprintProbe probe = FingerprintProbe.forOneCall();
        probe.load(raw, raw.length());
        probe.mask();
        return probe.parts(null, null, null, null);
    }

    /** The probe of {@code text} as it is, unmasked. */
    private static FingerprintProbe textProbe(String text) {
        return FingerprintProbe.forOneCall().text(text, text.length()).parts(null, null, null, null);
    }

    private static String random(Random random, String alphabet, int maxLength) {
        StringBuilder sb = new StringBuilder();
        int length = random.nextInt(maxLength);
        for (int k = 0; k < length; k++) {
            sb.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return sb.toString();
    }

    private static String mutate(Random random, String text) {
        if (text.isEmpty()) {
            return "x";
        }
        char[] chars = text.toCharArray();
        int at = random.nextInt(chars.length);
        chars[at] = chars[at] == 'x' ? 'y' : 'x';
        return random.nextInt(4) == 0 ? text : new String(chars);
    }
}
