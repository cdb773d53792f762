package dev.floodgate.core.fingerprint;

import static dev.floodgate.core.fingerprint.LedgerStandIn.lookUp;
import static dev.floodgate.core.fingerprint.LedgerStandIn.onOtherThread;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The path of threads that keep a probe of their own (platform threads): a call is recognised as the very key the
 * thread found last, without hashing, copying or scanning its text, only when that key certainly is the call's, and a
 * key recalled that way which the ledger replaced gives way to the one it holds.
 */
class ProbeRecallTest {

    private static final String TEMPLATE = "Connection to {} failed";

    @Test
    void probe_templateWithLoggerAndLevel_isTheKeyFoundLast() {
        Fingerprinter f = new Fingerprinter(true, true, false, false, true);
        Map<Object, Object> ledger = new HashMap<>();
        Object stored = lookUp(f, ledger, f.probe(TEMPLATE, true, "app.Db", "ERROR", null));

        assertThat(stored).isInstanceOf(FrozenKey.class);
        assertThat(f.probe(TEMPLATE, true, "app.Db", "ERROR", null)).isSameAs(stored);
        assertThat(f.probe(TEMPLATE, true, "app.Db", "WARN", null)).isNotEqualTo(stored);
        assertThat(f.probe(TEMPLATE, true, "app.Cache", "ERROR", null)).isNotEqualTo(stored);
        // Recalled only for the very same string; an equal one is found through the ledger as before.
        assertThat(f.probe(new String(TEMPLATE), true, "app.Db", "ERROR", null)).isNotSameAs(stored)
                .isEqualTo(stored);
        assertThat(f.probe(TEMPLATE, true, "app.Db", "ERROR", null)).isSameAs(stored);
    }

    @Test
    void probe_templateWithThrowableClass_isTheKeyFoundLastForThatClassOnly() {
        Fingerprinter f = new Fingerprinter(false, false, true, false, true);
        Map<Object, Object> ledger = new HashMap<>();
        Object stored = lookUp(f, ledger, f.probe(TEMPLATE, true, "app.Db", "ERROR", new IOException("a")));

        assertThat(f.probe(TEMPLATE, true, "app.Db", "ERROR", new IOException("b"))).isSameAs(stored);
        assertThat(f.probe(TEMPLATE, true, "app.Db", "ERROR", new IllegalStateException())).isNotEqualTo(stored);
        assertThat(f.probe(TEMPLATE, true, "app.Db", "ERROR", null)).isNotEqualTo(stored);
    }

    @Test
    void probe_messageWithoutTokens_isRecognisedAsItsKeyWithOrWithoutArguments() {
        Fingerprinter f = new Fingerprinter(true, false, false, false, true);
        Map<Object, Object> ledger = new HashMap<>();
        String message = "Connection to the database failed";
        Object stored = lookUp(f, ledger, f.probe(message, false, "app.Db", "ERROR", null));

        assertThat(f.describe(stored)).isEqualTo(message);
        // Known to have no token, the message is neither scanned nor looked up again.
        assertThat(f.probe(message, false, "app.Db", "ERROR", null)).isSameAs(stored);
        assertThat(f.probe(message, true, "app.Db", "ERROR", null)).isSameAs(stored);
        assertThat(f.probe(message, false, "app.Cache", "ERROR", null)).isNotEqualTo(stored);
        // Made without a scan, the key is the one the message has with arguments.
        Object cacheKey = f.freeze(f.probe(message, false, "app.Cache", "ERROR", null));
        assertThat(f.probe(new String(message), true, "app.Cache", "ERROR", null)).isEqualTo(cacheKey)
                .hasSameHashCodeAs(cacheKey);
    }

    @Test
    void probe_messagesOfOneLength_sharingASlot_areEachRecognisedOnlyAsWhatTheyAre() {
        // One length, so one pair of the token-free memory: only the very strings remembered there are known.
        Fingerprinter f = new Fingerprinter(false, false, false, false, true);
        String free = "Connection to the database failed";
        String withToken = "Connection to database 42 failed.";
        String otherFree = "Connection to the database closed";
        Map<Object, Object> ledger = new HashMap<>();
        for (int round = 0; round < 3; round++) {
            assertThat(f.describe(lookUp(f, ledger, f.probe(free, false, "app.Db", "ERROR", null)))).isSameAs(free);
            assertThat(f.knowsTokenFree(free)).isTrue();
            assertThat(f.describe(f.freeze(f.probe(withToken, false, "app.Db", "ERROR", null))))
                    .isEqualTo("Connection to database <n> failed.");
            assertThat(f.knowsTokenFree(withToken)).isFalse();
            assertThat(f.describe(lookUp(f, ledger, f.probe(otherFree, false, "app.Db", "ERROR", null))))
                    .isSameAs(otherFree);
            assertThat(f.describe(f.freeze(f.probe(withToken, false, "app.Db", "ERROR", null))))
                    .isEqualTo("Connection to database <n> failed.");
        }
    }

    /** Both paths: a thread's own probe, and the probes shared by threads that keep none. */
    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void probe_templateWithTokens_loggedWithAndWithoutArguments_keepsTwoFingerprints(boolean noThreadOwnsProbe) {
        Fingerprinter f = new Fingerprinter(true, false, false, false, true, noThreadOwnsProbe);
        Map<Object, Object> ledger = new HashMap<>();
        String template = "Order 12 failed: {}";
        Object withArguments = lookUp(f, ledger, f.probe(template, true, "app.Db", "E", null));
        Object without = lookUp(f, ledger, f.probe(template, false, "app.Db", "E", null));

        assertThat(f.describe(withArguments)).isEqualTo(template);
        assertThat(f.describe(without)).isEqualTo("Order <n> failed: {}");
        assertThat(f.probe(template, false, "app.Db", "E", null)).isSameAs(without);
        assertThat(f.probe(template, true, "app.Db", "E", null)).isSameAs(withArguments);
        assertThat(f.probe(template, false, "app.Db", "E", null)).isSameAs(without);
    }

    /** Both paths: a thread's own probe, and the probes shared by threads that keep none. */
    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void learn_keyRecalledThatTheLedgerReplaced_givesWayToTheOneItHolds(boolean noThreadOwnsProbe) throws Exception {
        for (String message : new String[] {TEMPLATE, "Failed for order 17"}) {
            boolean hasArguments = message.equals(TEMPLATE);
            Fingerprinter f = new Fingerprinter(true, false, false, false, true, noThreadOwnsProbe);
            Map<Object, Object> ledger = new HashMap<>();
            Object first = lookUp(f, ledger, f.probe(message, hasArguments, "app.Db", "E", null));
            assertThat(f.probe(message, hasArguments, "app.Db", "E", null)).as(message).isSameAs(first);

            // The ledger forgets the key, and another thread's call stores an equal one.
            ledger.clear();
            Fingerprinter other = new Fingerprinter(true, false, false, false, true, noThreadOwnsProbe);
            Object second = onOtherThread(() -> lookUp(other, ledger, other.probe(message, hasArguments, "app.Db",
                    "E", null)));
            assertThat(second).as(message).isNotSameAs(first).isEqualTo(first);

            Object recalled = f.probe(message, hasArguments, "app.Db", "E", null);
            assertThat(recalled).as(message).isSameAs(first);
            assertThat(lookUp(f, ledger, recalled)).as(message).isSameAs(second);
            assertThat(f.probe(message, hasArguments, "app.Db", "E", null)).as(message).isSameAs(second);
        }
    }
}
