package dev.floodgate.core.fingerprint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floodgate.core.fleet.FleetSettings;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FingerprinterTest {

    private final Fingerprinter defaults = new Fingerprinter(false, false, false, false, true);

    @Test
    void probe_templateWithArguments_isTheTemplateItself() {
        String template = "Connection to {} failed: {}";
        assertThat(defaults.probe(template, true, "l", "ERROR", null)).isSameAs(template);
    }

    @Test
    void probe_messageWithoutTokens_isKeyedByItsDigest_showsItself_andIsRecognisedByIdentity() {
        String message = "Connection refused";
        Object probe = defaults.probe(message, false, "l", "ERROR", null);
        assertThat(probe).isNotInstanceOf(String.class);
        Object key = LedgerStandIn.lookUp(defaults, new HashMap<>(), probe);
        assertThat(defaults.describe(key)).isSameAs(message);
        assertThat(defaults.probe(message, false, "l", "ERROR", null)).isSameAs(key);
        assertThat(defaults.probe(new String(message), false, "l", "ERROR", null)).isEqualTo(key)
                .hasSameHashCodeAs(key);
    }

    @Test
    void probe_concatenatedMessages_findTheSameFrozenKey() {
        Map<Object, String> map = new HashMap<>();
        Object first = defaults.freeze(defaults.probe("Failed for order 17", false, "l", "ERROR", null));
        map.put(first, "found");
        assertThat(map.get(defaults.probe("Failed for order 99321", false, "l", "ERROR", null))).isEqualTo("found");
        assertThat(map.get(defaults.probe("Failed for user 99321", false, "l", "ERROR", null))).isNull();
        assertThat(defaults.describe(first)).isEqualTo("Failed for order <n>");
    }

    @Test
    void probe_randomMessages_hashAndEqualityAgreeWithTheFrozenText() {
        java.util.Random random = new java.util.Random(dev.floodgate.core.TestSeed.SEED);
        String alphabet = "ab01239fx.:-'\" _/Z";
        for (int i = 0; i < 20_000; i++) {
            StringBuilder sb = new StringBuilder();
            int length = random.nextInt(40);
            for (int k = 0; k < length; k++) {
                sb.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            String raw = sb.toString();
            Object frozen = defaults.freeze(defaults.probe(raw, false, "l", "ERROR", null));
            Object probe = defaults.probe(raw, false, "l", "ERROR", null);
            assertThat(probe).as("%s %s", raw, dev.floodgate.core.TestSeed.describe()).isEqualTo(frozen);
            assertThat(probe.hashCode()).isEqualTo(frozen.hashCode());
            assertThat(defaults.describe(frozen)).isEqualTo(TokenMasker.mask(raw));
        }
    }

    @Test
    void probe_differentMaskedMessages_areNotEqual() {
        Object frozen = defaults.freeze(defaults.probe("Failed for order 1", false, "l", "ERROR", null));
        assertThat(defaults.probe("Failed for user 1", false, "l", "ERROR", null)).isNotEqualTo(frozen);
        assertThat(defaults.probe("Failed for order 1 now", false, "l", "ERROR", null)).isNotEqualTo(frozen);
        Object other = defaults.freeze(defaults.probe("x 'b' c", false, "l", "ERROR", null));
        assertThat(defaults.probe("x 'a'", false, "l", "ERROR", null)).isNotEqualTo(other);
    }

    @Test
    void probe_maskingOff_keepsConcatenatedMessagesApart() {
        Fingerprinter plain = new Fingerprinter(false, false, false, false, false);
        Object key = plain.freeze(plain.probe("Failed for order 17", false, "l", "ERROR", null));
        assertThat(plain.describe(key)).isEqualTo("Failed for order 17");
        assertThat(plain.probe("Failed for order 18", false, "l", "ERROR", null)).isNotEqualTo(key);
    }

    @Test
    void probe_includeLoggerAndLevel_separatesThem() {
        Fingerprinter f = new Fingerprinter(true, true, false, false, true);
        Object a = f.freeze(f.probe("x {}", true, "a", "ERROR", null));
        assertThat(f.probe("x {}", true, "a", "ERROR", null)).isEqualTo(a);
        assertThat(f.probe("x {}", true, "b", "ERROR", null)).isNotEqualTo(a);
        assertThat(f.probe("x {}", true, "a", "WARN", null)).isNotEqualTo(a);
    }

    @Test
    void probe_includeThrowable_separatesExceptionClasses() {
        Fingerprinter f = new Fingerprinter(false, false, true, false, true);
        Object io = f.freeze(f.probe("x", false, "a", "ERROR", new IOException("a")));
        assertThat(f.probe("x", false, "a", "ERROR", new IOException("b"))).isEqualTo(io);
        assertThat(f.probe("x", false, "a", "ERROR", new IllegalStateException())).isNotEqualTo(io);
        assertThat(f.describe(io)).isEqualTo("x with java.io.IOException");
    }

    @Test
    void probe_includeThrowableFrame_separatesThrowSites() {
        Fingerprinter f = new Fingerprinter(false, false, false, true, true);
        Object one = f.freeze(f.probe("x", false, "a", "ERROR", new IOException()));
        Object two = f.probe("x", false, "a", "ERROR", new IOException());
        assertThat(two).isNotEqualTo(one);
        assertThat(f.describe(one)).startsWith("x with java.io.IOException at ");
    }

    @Test
    void freeze_maskedMessageAndTheSameTextLiterally_areOneFingerprint() {
        Fingerprinter f = new Fingerprinter(true, false, false, false, true);
        String literal = "Connection to <ip> failed for Aa";
        String concatenated = "Connection to 10.0.0.7:5432 failed for Aa";
        Object plain = f.freeze(f.probe(literal, false, "a", "ERROR", null));
        Object masked = f.freeze(f.probe(concatenated, false, "a", "ERROR", null));
        assertThat(f.describe(plain)).isEqualTo(literal);
        assertThat(f.describe(masked)).isEqualTo(literal);
        assertThat(masked).isEqualTo(plain).hasSameHashCodeAs(plain);
        assertThat(plain).isEqualTo(masked);
        assertThat(f.probe(concatenated, false, "a", "ERROR", null)).isEqualTo(plain);
        assertThat(f.probe(literal, false, "a", "ERROR", null)).isEqualTo(masked);
        // "Aa" and "BB" have the same String.hashCode; keys hash by a digest keyed per process, so they do not collide
        assertThat(literal.replace("Aa", "BB").hashCode()).isEqualTo(literal.hashCode());
        Object other = f.probe("Connection to <ip> failed for BB", false, "a", "ERROR", null);
        assertThat(other.hashCode()).isNotEqualTo(masked.hashCode());
        assertThat(other).isNotEqualTo(masked);
        other = f.probe("Connection to 10.0.0.7:5432 failed for BB", false, "a", "ERROR", null);
        assertThat(other.hashCode()).isNotEqualTo(plain.hashCode());
        assertThat(other).isNotEqualTo(plain);
        Object otherMasked = f.freeze(other);
        assertThat(otherMasked).isNotEqualTo(masked).isNotEqualTo(plain);
        assertThat(f.probe(concatenated, false, "b", "ERROR", null)).isNotEqualTo(masked);
    }

    @Test
    void equals_twoProbes_compareTheirMaskedTexts() {
        // one thread has one probe; two are made here, as two threads would have them
        assertThat(masked("Failed for order 17")).isEqualTo(masked("Failed for order 99321"))
                .isNotEqualTo(masked("Failed for user 17"));
    }

    private static FingerprintProbe masked(String text) {
        FingerprintProbe probe = new FingerprintProbe();
        probe.load(text, text.length());
        probe.mask();
        return probe.parts("l", "ERROR", null, null);
    }

    @Test
    void probe_hugeTemplate_isCutToTheLimit() {
        String huge = "a".repeat(5_000_000);
        Object key = defaults.freeze(defaults.probe(huge, true, "l", "ERROR", null));
        // the first MAX_TEMPLATE_CHARS characters are the fingerprint; a sample of them is kept to show
        assertThat(defaults.describe(key)).isEqualTo("a".repeat(Fingerprinter.MAX_SAMPLE_CHARS) + "…");
        assertThat(defaults.probe(huge + "b", true, "l", "ERROR", null)).isEqualTo(key);
        String other = "a".repeat(Fingerprinter.MAX_TEMPLATE_CHARS - 1) + "b";
        assertThat(defaults.probe(other, true, "l", "ERROR", null)).isNotEqualTo(key);
    }

    @Test
    void probe_hugeMaskedMessage_isCutAndMasked() {
        String huge = "id 7 ".repeat(1_000_000);
        Object key = defaults.freeze(defaults.probe(huge, false, "l", "ERROR", null));
        assertThat(defaults.describe(key))
                .isEqualTo("id <n> ".repeat(200).substring(0, Fingerprinter.MAX_SAMPLE_CHARS) + "…");
        assertThat(defaults.probe("id 9 ".repeat(1_000_000), false, "l", "ERROR", null)).isEqualTo(key);
    }

    @Test
    void fleetName_isTheDigestOfTheWholeText_evenWhereTheSampleIsCut() {
        Fingerprinter f = Fingerprinter.withFleetNames(false, false, false, false, true);
        String head = "Query on " + "t".repeat(300);
        Object one = f.freeze(f.probe(head + " failed at step 7", false, "l", "ERROR", null));
        Object two = f.freeze(f.probe(head + " stopped at step 7", false, "l", "ERROR", null));
        assertThat(f.describe(one)).isEqualTo(f.describe(two));
        assertThat(f.fleetName(one)).isNotEqualTo(f.fleetName(two))
                .isEqualTo(FleetSettings.nameOf(head + " failed at step <n>")).matches("[0-9a-f]{32}");
        String template = "Payment {} failed";
        assertThat(f.fleetName(f.freeze(f.probe(template, true, "l", "ERROR", null))))
                .isEqualTo(FleetSettings.nameOf(template));
        assertThatThrownBy(() -> defaults.fleetName(defaults.freeze(defaults.probe(head, false, "l", "E", null))))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void fleetName_followsTheLocalFingerprint_loggerAndLevelIncluded() {
        Fingerprinter byLogger = Fingerprinter.withFleetNames(true, false, false, false, true);
        Object db = byLogger.freeze(byLogger.probe("Payment {} failed", true, "app.Db", "ERROR", null));
        Object web = byLogger.freeze(byLogger.probe("Payment {} failed", true, "app.Web", "ERROR", null));
        assertThat(byLogger.fleetName(db)).isNotEqualTo(byLogger.fleetName(web));
        Fingerprinter byLevel = Fingerprinter.withFleetNames(false, true, false, false, true);
        Object error = byLevel.freeze(byLevel.probe("Payment {} failed", true, "app.Db", "ERROR", null));
        Object warn = byLevel.freeze(byLevel.probe("Payment {} failed", true, "app.Db", "WARN", null));
        assertThat(byLevel.fleetName(error)).isNotEqualTo(byLevel.fleetName(warn));
        Fingerprinter templateAlone = Fingerprinter.withFleetNames(false, false, false, false, true);
        assertThat(templateAlone.fleetName(templateAlone.freeze(templateAlone.probe("Payment {} failed", true,
                "app.Db", "ERROR", null)))).isEqualTo(templateAlone.fleetName(templateAlone.freeze(
                        templateAlone.probe("Payment {} failed", true, "app.Web", "WARN", null))));
    }

    @Test
    void isGeneric_templatesOfPlaceholdersAlone_areGeneric_anyWordOrDigitIsNot() {
        for (String generic : new String[] {"{}", "{}{}", "{} {}", "[{}] {}", "{}: {}", " {} - {} ", "{}\n{}"}) {
            assertThat(Fingerprinter.isGeneric(generic)).as(generic).isTrue();
        }
        for (String template : new String[] {"", " ", "{", "}", "{ }", "Connection to {} failed", "{} failed",
            "[{}] {} 1", "{}x", "é{}", "٣{}"}) {
            assertThat(Fingerprinter.isGeneric(template)).as(template).isFalse();
        }
    }
}
