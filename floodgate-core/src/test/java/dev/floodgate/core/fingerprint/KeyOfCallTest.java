package dev.floodgate.core.fingerprint;

import static dev.floodgate.core.fingerprint.LedgerStandIn.lookUp;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link Fingerprinter#isKeyOf}, by which a flood of a key with more parts than its template is refused without a
 * probe: it may answer false for any call, but answers true only for a stored key equal to the call's own, and does
 * answer true for a flood of one call.
 */
class KeyOfCallTest {

    private static final String TEMPLATE = "Connection to {} failed";
    private static final String NO_TOKENS = "Connection to the database failed";

    @Test
    void isKeyOf_aFloodOfOneCall_isTrue() {
        Fingerprinter f = new Fingerprinter(true, true, true, false, true);
        Object stored = lookUp(f, new HashMap<>(), f.probe(TEMPLATE, true, "app.Db", "ERROR", new IOException("a")));

        assertThat(f.isKeyOf(stored, TEMPLATE, true, "app.Db", "ERROR", new IOException("b"))).isTrue();
    }

    @Test
    void isKeyOf_otherParts_isFalse() {
        Fingerprinter f = new Fingerprinter(true, true, true, false, true);
        Object stored = lookUp(f, new HashMap<>(), f.probe(TEMPLATE, true, "app.Db", "ERROR", new IOException()));

        assertThat(f.isKeyOf(stored, TEMPLATE, true, "app.Cache", "ERROR", new IOException())).isFalse();
        assertThat(f.isKeyOf(stored, TEMPLATE, true, "app.Db", "WARN", new IOException())).isFalse();
        assertThat(f.isKeyOf(stored, TEMPLATE, true, "app.Db", "ERROR", new FileNotFoundException())).isFalse();
        assertThat(f.isKeyOf(stored, TEMPLATE, true, "app.Db", "ERROR", null)).isFalse();
        assertThat(f.isKeyOf(stored, "Connection to {} refused", true, "app.Db", "ERROR", new IOException()))
                .isFalse();
    }

    @Test
    void isKeyOf_anEqualTemplateInAnotherString_isFalseAndTheProbeFindsTheKey() {
        Fingerprinter f = new Fingerprinter(true, false, false, false, true);
        Object stored = lookUp(f, new HashMap<>(), f.probe(TEMPLATE, true, "app.Db", "ERROR", null));
        String sameTemplate = new String(TEMPLATE);

        assertThat(f.isKeyOf(stored, sameTemplate, true, "app.Db", "ERROR", null)).isFalse();
        assertThat(f.probe(sameTemplate, true, "app.Db", "ERROR", null)).isEqualTo(stored);
    }

    @Test
    void isKeyOf_equalPartsInOtherObjects_isTrue() {
        Fingerprinter f = new Fingerprinter(true, true, true, true, true);
        Object stored = lookUp(f, new HashMap<>(), f.probe(TEMPLATE, true, "app.Db", "ERROR", sameLine(0)));

        assertThat(f.isKeyOf(stored, TEMPLATE, true, new String("app.Db"), new String("ERROR"), sameLine(1)))
                .isTrue();
    }

    @Test
    void isKeyOf_aTemplateWithTokensLoggedWithoutArguments_isFalse() {
        // Logged with arguments, the text is the key; logged without, it is masked, so the key is another.
        Fingerprinter f = new Fingerprinter(true, false, false, false, true);
        String withToken = "Failed for order 12345 of {}";
        Object stored = lookUp(f, new HashMap<>(), f.probe(withToken, true, "app.Db", "ERROR", null));

        assertThat(f.isKeyOf(stored, withToken, true, "app.Db", "ERROR", null)).isTrue();
        assertThat(f.isKeyOf(stored, withToken, false, "app.Db", "ERROR", null)).isFalse();
        assertThat(f.probe(withToken, false, "app.Db", "ERROR", null)).isNotEqualTo(stored);
    }

    @Test
    void isKeyOf_aMessageWithoutArguments_isTrueOnlyOnceItWasFoundWithoutTokens() {
        Fingerprinter f = new Fingerprinter(true, false, false, false, true);
        Map<Object, Object> ledger = new HashMap<>();
        Object stored = lookUp(f, ledger, f.probe(NO_TOKENS, true, "app.Db", "ERROR", null));

        // Never scanned: whether it has a token is not known without a scan.
        assertThat(f.isKeyOf(stored, NO_TOKENS, false, "app.Db", "ERROR", null)).isFalse();
        assertThat(lookUp(f, ledger, f.probe(NO_TOKENS, false, "app.Db", "ERROR", null))).isSameAs(stored);
        assertThat(f.isKeyOf(stored, NO_TOKENS, false, "app.Db", "ERROR", null)).isTrue();
    }

    @Test
    void isKeyOf_aMessageWithoutArgumentsUnmasked_isTrue() {
        Fingerprinter f = new Fingerprinter(true, false, false, false, false);
        String withToken = "Failed for order 12345";
        Object stored = lookUp(f, new HashMap<>(), f.probe(withToken, false, "app.Db", "ERROR", null));

        assertThat(f.isKeyOf(stored, withToken, false, "app.Db", "ERROR", null)).isTrue();
    }

    @Test
    void isKeyOf_aCutKeyOrATemplateAlone_isFalse() {
        Fingerprinter composite = new Fingerprinter(true, false, false, false, true);
        String longTemplate = "x".repeat(Fingerprinter.MAX_TEMPLATE_CHARS + 10) + " {}";
        Object cut = lookUp(composite, new HashMap<>(), composite.probe(longTemplate, true, "app.Db", "ERROR", null));
        Fingerprinter alone = new Fingerprinter(false, false, false, false, true);
        Object template = lookUp(alone, new HashMap<>(), alone.probe(TEMPLATE, true, "app.Db", "ERROR", null));

        assertThat(composite.describe(cut)).hasSize(Fingerprinter.MAX_SAMPLE_CHARS + 1).endsWith("…");
        assertThat(composite.isKeyOf(cut, longTemplate, true, "app.Db", "ERROR", null)).isFalse();
        assertThat(alone.isKeyOf(template, TEMPLATE, true, "app.Db", "ERROR", null)).isFalse();
        assertThat(composite.isKeyOf(null, TEMPLATE, true, "app.Db", "ERROR", null)).isFalse();
    }

    @Test
    void isKeyOf_withTheFirstFrame_isTrueOnlyForThatFrame() {
        Fingerprinter f = new Fingerprinter(false, false, true, true, true);
        IOException here = new IOException("here");
        IOException there = thrownElsewhere();
        Object stored = lookUp(f, new HashMap<>(), f.probe(TEMPLATE, true, "app.Db", "ERROR", here));

        assertThat(f.isKeyOf(stored, TEMPLATE, true, "app.Db", "ERROR", here)).isTrue();
        assertThat(f.isKeyOf(stored, TEMPLATE, true, "app.Db", "ERROR", there)).isFalse();
        assertThat(f.probe(TEMPLATE, true, "app.Db", "ERROR", there)).isNotEqualTo(stored);
    }

    @Test
    void isKeyOf_randomCalls_isTrueOnlyForAKeyEqualToTheCallsOwn() {
        String[] templates = {TEMPLATE, NO_TOKENS, "Failed for order 12345", "Retry {} of {} after 250 ms",
            "y".repeat(Fingerprinter.MAX_TEMPLATE_CHARS + 1)};
        String[] loggers = {"app.Db", "app.Cache"};
        String[] levels = {"ERROR", "WARN"};
        Throwable[] thrown = {null, new IOException("a"), new IOException("b"), new IllegalStateException(),
            thrownElsewhere()};
        boolean[][] settings = {{true, true, false, false, true}, {false, false, true, true, true},
            {true, false, true, false, false}, {false, true, false, false, true}};
        Random random = new Random(20261127L);
        int answeredTrue = 0;
        for (boolean[] s : settings) {
            Fingerprinter f = new Fingerprinter(s[0], s[1], s[2], s[3], s[4]);
            Map<Object, Object> ledger = new HashMap<>();
            List<Object> stored = new ArrayList<>();
            for (int i = 0; i < 3_000; i++) {
                String template = templates[random.nextInt(templates.length)];
                boolean hasArguments = random.nextBoolean();
                String logger = loggers[random.nextInt(loggers.length)];
                String level = levels[random.nextInt(levels.length)];
                Throwable t = thrown[random.nextInt(thrown.length)];
                List<Object> sayYes = new ArrayList<>();
                for (Object key : stored) {
                    if (f.isKeyOf(key, template, hasArguments, logger, level, t)) {
                        sayYes.add(key);
                    }
                }
                Object own = lookUp(f, ledger, f.probe(template, hasArguments, logger, level, t));
                for (Object key : sayYes) {
                    assertThat(key).as("call %d: %s, arguments %s, %s, %s, %s", i, template, hasArguments, logger,
                            level, t).isEqualTo(own);
                }
                answeredTrue += sayYes.size();
                if (!stored.contains(own)) {
                    stored.add(own);
                }
            }
        }
        assertThat(answeredTrue).isGreaterThan(1_000);
    }

    /** A new throwable each call, all with the same first frame. */
    private static IOException sameLine(int n) {
        return new IOException("call " + n);
    }

    private static IOException thrownElsewhere() {
        return new IOException("elsewhere");
    }
}
