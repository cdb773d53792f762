package dev.floodgate.core.fingerprint;

import static dev.floodgate.core.fingerprint.LedgerStandIn.lookUp;
import static dev.floodgate.core.fingerprint.LedgerStandIn.onOtherThread;
import static org.assertj.core.api.Assertions.assertThat;

import dev.floodgate.core.TestSeed;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * The path of threads that keep no probe of their own (virtual threads), taken here by every thread through the
 * package-private constructor, so that it runs on any Java: what one thread's call learned, another thread's call
 * recognises as the very same stored key, and a recalled key is never one the call's text or parts do not map to.
 */
class SharedRecallTest {

    private static Fingerprinter sharing(boolean includeLogger, boolean includeLevel, boolean maskTokens) {
        return new Fingerprinter(includeLogger, includeLevel, false, false, maskTokens, true);
    }

    @Test
    void probe_maskedMessage_onAnotherThread_isTheKeyLearnedOnTheFirst() throws Exception {
        Fingerprinter f = sharing(false, false, true);
        Map<Object, Object> ledger = new HashMap<>();
        Object stored = onOtherThread(() -> lookUp(f, ledger, f.probe("Failed for order 17", false, "l", "E", null)));

        assertThat(onOtherThread(() -> f.probe("Failed for order 99321", false, "l", "E", null))).isSameAs(stored);
        assertThat(f.probe("Failed for order 5", false, "l", "E", null)).isSameAs(stored);
        assertThat(f.probe("Failed for user 5", false, "l", "E", null)).isNotSameAs(stored).isNotEqualTo(stored);
        assertThat(f.probe("Failed for order 5 now", false, "l", "E", null)).isNotEqualTo(stored);
    }

    @Test
    void probe_templateWithLoggerAndLevel_onAnotherThread_isTheKeyLearnedOnTheFirst() throws Exception {
        Fingerprinter f = sharing(true, true, false);
        Map<Object, Object> ledger = new HashMap<>();
        String template = "Connection to {} failed";
        Object stored = onOtherThread(() -> lookUp(f, ledger, f.probe(template, true, "app.Db", "ERROR", null)));

        assertThat(onOtherThread(() -> f.probe(template, true, "app.Db", "ERROR", null))).isSameAs(stored);
        Object otherLevel = f.probe(template, true, "app.Db", "WARN", null);
        Object otherLogger = f.probe(template, true, "app.Cache", "ERROR", null);
        Object sameTextOtherString = f.probe(new String(template), true, "app.Db", "ERROR", null);
        assertThat(otherLevel).isNotSameAs(stored).isNotEqualTo(stored);
        assertThat(otherLogger).isNotSameAs(stored).isNotEqualTo(stored);
        // Recalled only for the very same string; an equal one is found through the ledger as before.
        assertThat(sameTextOtherString).isNotSameAs(stored).isEqualTo(stored);
    }

    @Test
    void probe_messageWithoutTokens_withLogger_onAnotherThread_isTheKeyLearnedOnTheFirst() throws Exception {
        Fingerprinter f = sharing(true, false, true);
        Map<Object, Object> ledger = new HashMap<>();
        String message = "Connection refused";
        Object stored = onOtherThread(() -> lookUp(f, ledger, f.probe(message, false, "app.Db", "E", null)));

        assertThat(f.describe(stored)).isEqualTo(message);
        assertThat(onOtherThread(() -> f.probe(message, false, "app.Db", "E", null))).isSameAs(stored);
        assertThat(f.probe(message, false, "app.Cache", "E", null)).isNotEqualTo(stored);
        // The same message with arguments is the same fingerprint.
        assertThat(f.probe(message, true, "app.Db", "E", null)).isSameAs(stored);
    }

    @Test
    void probe_randomMessagesFromFourThreads_recallOnlyTheKeyTheirOwnTextMasksTo() throws Exception {
        Fingerprinter f = sharing(false, false, true);
        Map<Object, Object> ledger = new java.util.concurrent.ConcurrentHashMap<>();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        List<Future<Integer>> recalled = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            Random random = new Random(TestSeed.SEED + t);
            recalled.add(pool.submit(() -> {
                int found = 0;
                String[] prefixes = {"Failed for order ", "Failed for user ", "Failed f", "x 'b' ", "ab01 "};
                String alphabet = "ab01239fx.:-'\" _/Z";
                for (int i = 0; i < 20_000; i++) {
                    StringBuilder sb = new StringBuilder(prefixes[random.nextInt(prefixes.length)]);
                    int length = random.nextInt(12);
                    for (int k = 0; k < length; k++) {
                        sb.append(alphabet.charAt(random.nextInt(alphabet.length())));
                    }
                    String raw = sb.toString();
                    Object probe = f.probe(raw, false, "l", "E", null);
                    if (probe instanceof FrozenKey) {
                        found++;
                        assertThat(f.describe(probe)).as("%s %s", raw, TestSeed.describe())
                                .isEqualTo(TokenMasker.mask(raw));
                    } else {
                        synchronized (ledger) {
                            lookUp(f, ledger, probe);
                        }
                    }
                }
                return found;
            }));
        }
        int total = 0;
        for (Future<Integer> r : recalled) {
            total += r.get();
        }
        pool.shutdown();
        assertThat(total).as("calls recognised without a probe").isPositive();
    }
}
