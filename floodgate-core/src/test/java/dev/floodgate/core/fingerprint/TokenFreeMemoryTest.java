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
    void remember_twoOfOneLength_areBothKnown_aThirdPushesOutTheOlder() {
        TokenFreeMessages memory = new TokenFreeMessages();
        memory.remember(FREE);
        memory.remember(OTHER_FREE);
        assertThat(memory.contains(FREE)).isTrue();
        assertThat(memory.contains(OTHER_FREE)).isTrue();

        memory.remember(THIRD_FREE);
        assertThat(memory.contains(THIRD_FREE)).isTrue();
        assertThat(memory.contains(OTHER_FREE)).isTrue();
        assertThat(memory.contains(FREE)).isFalse();
    }

    @Test
    void remember_aCopyOfTheTextKnownFirst_leavesThePairAsItWas() {
        TokenFreeMessages memory = new TokenFreeMessages();
        memory.remember(OTHER_FREE);
        memory.remember(FREE);
        String copy = new String(FREE);

        memory.remember(copy);

        assertThat(memory.contains(FREE)).isTrue();
        assertThat(memory.contains(OTHER_FREE)).isTrue();
        assertThat(memory.contains(copy)).isFalse();
    }

    @Test
    void contains_aMessageWhoseLengthSharesThePair_isNotTakenForTheOneRemembered() {
        TokenFreeMessages memory = new TokenFreeMessages();
        memory.remember(FREE);
        String longer = FREE + "x".repeat(TokenFreeMessages.SLOTS);
        assertThat(memory.contains(longer)).isFalse();
        memory.remember(longer);
        assertThat(memory.contains(longer)).isTrue();
        assertThat(memory.contains(FREE)).isTrue();
    }
}
