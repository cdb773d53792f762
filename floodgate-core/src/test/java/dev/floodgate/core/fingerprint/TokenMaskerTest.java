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
        "took 250ms, retry 3 of 5|took <n>ms, retry <n> of <n>",
        "user42 logged in|user<n> logged in",
        "value 1.5 and version 10.2.3|value <n> and version <n>",
        "connect to 10.0.0.7:5432 refused|connect to <ip> refused",
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
        char[] out = new char[TokenMasker.maxMaskedLength(raw.length())];
        long result = TokenMasker.mask(raw.toCharArray(), raw.length(), out);
        assertThat(new String(out, 0, TokenMasker.maskedLength(result))).isEqualTo(masked);
        assertThat(TokenMasker.hasTokens(result)).isEqualTo(!raw.equals(masked));
    }

    @Test
    void mask_prefix_masksOnlyThePrefix() {
        assertThat(TokenMasker.mask("order 12 and 34", 8)).isEqualTo("order <n>");
    }

    @Test
    void mask_widestExpansion_fitsTheBuffer() {
        String quotes = "'' ".repeat(100);
        char[] out = new char[TokenMasker.maxMaskedLength(quotes.length())];
        long result = TokenMasker.mask(quotes.toCharArray(), quotes.length(), out);
        assertThat(new String(out, 0, TokenMasker.maskedLength(result))).isEqualTo("'<str>' ".repeat(100));
    }

    @Test
    void mask_randomText_bufferAndStringFormsAgree() {
        Random random = new Random(TestSeed.SEED);
        String alphabet = "ab01239fx.:-'\" _/Z";
        for (int i = 0; i < 20_000; i++) {
            StringBuilder sb = new StringBuilder();
            int length = random.nextInt(40);
            for (int k = 0; k < length; k++) {
                sb.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            String raw = sb.toString();
            char[] out = new char[TokenMasker.maxMaskedLength(raw.length())];
            long result = TokenMasker.mask(raw.toCharArray(), raw.length(), out);
            assertThat(new String(out, 0, TokenMasker.maskedLength(result))).as("%s %s", raw, TestSeed.describe())
                    .isEqualTo(TokenMasker.mask(raw));
        }
    }
}
