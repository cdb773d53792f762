package dev.floodgate.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floodgate.core.summary.SuppressionSummary;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The typed key of the engine's front door: {@link FloodEngine#fingerprint} and what it is decided with. */
class FingerprintTest {

    private static final long EPOCH = 1_700_000_000_000L;
    private final ManualClock clock = new ManualClock(EPOCH);

    private FloodEngine filter(String... options) {
        Map<String, String> map = new HashMap<>();
        for (int i = 0; i < options.length; i += 2) {
            map.put(options[i], options[i + 1]);
        }
        return new FloodEngine(FloodgateConfig.parse(map), clock);
    }

    @Test
    void fingerprint_messagesThatMaskAlike_areEqualAndShowTheMaskedText() {
        FloodEngine f = filter();

        Fingerprint first = f.fingerprint("Order 17 failed", false, "com.acme.Shop", "WARN", null);
        Fingerprint second = f.fingerprint("Order 18 failed", false, "com.acme.Shop", "WARN", null);

        assertThat(first).isEqualTo(second).hasSameHashCodeAs(second);
        assertThat(first.text()).isEqualTo("Order <n> failed");
    }

    @Test
    void fingerprint_templateWithArguments_isTheTemplateUnmasked() {
        FloodEngine f = filter();

        Fingerprint fingerprint = f.fingerprint("Order {} failed 3 times", true, "com.acme.Shop", "WARN", null);

        assertThat(fingerprint.text()).isEqualTo("Order {} failed 3 times");
    }

    @Test
    void suppress_byFingerprint_decidesAsTheAdaptersCallDoes() {
        FloodEngine byCall = filter();
        FloodEngine byFingerprint = filter();
        int passedByCall = 0;
        int passedByFingerprint = 0;

        for (int i = 0; i < 40; i++) {
            String message = "Order " + i + " failed";
            passedByCall += byCall.suppress(message, false, "com.acme.Shop", "WARN", null) ? 0 : 1;
            Fingerprint fingerprint = byFingerprint.fingerprint(message, false, "com.acme.Shop", "WARN", null);
            passedByFingerprint += byFingerprint.suppress(fingerprint, "com.acme.Shop", "WARN") ? 0 : 1;
        }
        clock.advanceMillis(30_000);

        assertThat(passedByFingerprint).isEqualTo(passedByCall).isLessThan(40);
        long suppressed = 40L - passedByFingerprint;
        List<SuppressionSummary> summaries = byFingerprint.close();
        assertThat(summaries).singleElement().satisfies(s -> {
            assertThat(s.fingerprint()).isEqualTo("Order <n> failed");
            assertThat(s.suppressed()).isEqualTo(suppressed);
        });
    }

    @Test
    void suppress_fingerprintOfAnotherFilter_isRejected() {
        Fingerprint foreign = filter().fingerprint("Order 17 failed", false, "com.acme.Shop", "WARN", null);
        FloodEngine f = filter();

        assertThatThrownBy(() -> f.suppress(foreign, "com.acme.Shop", "WARN"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Order <n> failed").hasMessageContaining("another filter");
    }

    @Test
    void isGeneric_placeholdersAndPunctuationAlone_isTrue() {
        assertThat(Fingerprint.isGeneric("[{}] {}")).isTrue();
    }

    @Test
    void isGeneric_aWordBesideThePlaceholder_isFalse() {
        assertThat(Fingerprint.isGeneric("Order {}")).isFalse();
    }
}
