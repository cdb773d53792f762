package dev.floodgate.core.fingerprint;

import static dev.floodgate.core.fingerprint.LedgerStandIn.onOtherThread;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The memory of messages found without a token, which every thread of a fingerprinter shares: two strings for each
 * length (modulo the slots), recognised by identity only, so a message is never taken for token-free because another
 * string of its length, or with its text, was.
 */
class TokenFreeMemoryTest {

    private static final String FREE = "Connection to the database failed";
    private static final String OTHER_FREE = "Connection to the database closed";
    private static final String THIRD_FREE = "Connection to the database reset.";

    @Test
    void probe_messageFoundWithoutATokenOnOneThread_isKnownToEveryThread() throws Exception {
        Fingerprinter f = new Fingerprinter(false, false, false, false, true);
        String message = "Cache warm-up skipped";
        assertThat(f.knowsTokenFree(message)).isFalse();

        assertThat(onOtherThread(() -> f.describe(f.freeze(f.probe(message, false, "l", "E", null)))))
                .isSameAs(message);

        assertThat(f.knowsTokenFree(message)).isTrue();
        assertThat(onOtherThread(() -> f.knowsTokenFree(message))).isEqualTo(true);
        assertThat(f.knowsTokenFree(new String(message))).isFalse();
    }

    @Test
    void probe_messageWithAToken_isNeverRemembered() {
        Fingerprinter f = new Fingerprinter(false, false, false, false, true);
        String message = "Connection to database 42 failed";
        f.probe(message, false, "l", "E", null);
        assertThat(f.knowsTokenFree(message)).isFalse();
    }

    @Test
    void rememberTokenFree_twoOfOneLength_areBothKnown_aThirdPushesOutTheOlder() {
        SharedRecall memory = new SharedRecall();
        memory.rememberTokenFree(FREE);
        memory.rememberTokenFree(OTHER_FREE);
        assertThat(memory.isTokenFree(FREE)).isTrue();
        assertThat(memory.isTokenFree(OTHER_FREE)).isTrue();

        memory.rememberTokenFree(THIRD_FREE);
        assertThat(memory.isTokenFree(THIRD_FREE)).isTrue();
        assertThat(memory.isTokenFree(OTHER_FREE)).isTrue();
        assertThat(memory.isTokenFree(FREE)).isFalse();
    }

    @Test
    void rememberTokenFree_aCopyOfTheTextKnownFirst_leavesThePairAsItWas() {
        SharedRecall memory = new SharedRecall();
        memory.rememberTokenFree(OTHER_FREE);
        memory.rememberTokenFree(FREE);
        String copy = new String(FREE);

        memory.rememberTokenFree(copy);

        assertThat(memory.isTokenFree(FREE)).isTrue();
        assertThat(memory.isTokenFree(OTHER_FREE)).isTrue();
        assertThat(memory.isTokenFree(copy)).isFalse();
    }

    @Test
    void isTokenFree_aMessageWhoseLengthSharesThePair_isNotTakenForTheOneRemembered() {
        SharedRecall memory = new SharedRecall();
        memory.rememberTokenFree(FREE);
        String longer = FREE + "x".repeat(SharedRecall.SLOTS);
        assertThat(memory.isTokenFree(longer)).isFalse();
        memory.rememberTokenFree(longer);
        assertThat(memory.isTokenFree(longer)).isTrue();
        assertThat(memory.isTokenFree(FREE)).isTrue();
    }
}
