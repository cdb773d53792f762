package dev.floodgate.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.management.HotSpotDiagnosticMXBean;
import dev.floodgate.core.FloodgateConfig;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Keeps the heap a tracked fingerprint holds within the project's goal, measured as the report measures it: a template
 * logged once, as most of the many fingerprints a ledger tracks are, holds at most 128 bytes beside its text. A
 * per-fingerprint object added to the admission path (a summary subject of its own, say: 24 bytes) fails it. Keys
 * made of more than the template are held close to what they measure: a masked key keeps a sample of its text once, a
 * template with the logger and level in its key holds at most 192 bytes (its key is 64: a 128-bit digest of the text
 * and the parts), and a masked message of 1,000 characters, the longest a key is made of, holds no more than a short
 * one beside a sample of 256 characters.
 */
class FingerprintMemoryTest {

    @BeforeAll
    static void warmUp() {
        FingerprintMemory.warmUp();
    }

    @Test
    void templateLoggedOnce_holdsAtMost128BytesBesideItsText() throws Exception {
        assumeCompressedReferences();
        FingerprintMemory.Held held = FingerprintMemory.held(FloodgateConfig.defaults(), FingerprintMemory.templates(),
                false, 1);
        assertThat(held.bytes()).as(held.largest()).isLessThanOrEqualTo(128);
        // The texts were made before the first snapshot, and the measurement does not count its own histogram.
        assertThat(held.text()).isLessThan(2);
    }

    @Test
    void maskedMessage_keepsItsMaskedTextOnce() throws Exception {
        assumeCompressedReferences();
        FingerprintMemory.Held held = FingerprintMemory.held(FloodgateConfig.defaults(), FingerprintMemory.masked(),
                true, 1);
        // the masked texts are 45 to 48 characters: one char[] of them is 112 bytes, a second copy as a string 64 more
        assertThat(held.text()).as(held.largest()).isLessThan(120);
        assertThat(held.bytes()).as(held.largest()).isLessThanOrEqualTo(232);
    }

    @Test
    void templateWithLoggerAndLevelInTheKey_holdsAtMost192BytesBesideItsText() throws Exception {
        assumeCompressedReferences();
        FingerprintMemory.Held held = FingerprintMemory.held(FingerprintMemory.keyedByLoggerAndLevel(),
                FingerprintMemory.templates(), false, 1);
        assertThat(held.bytes()).as(held.largest()).isLessThanOrEqualTo(192);
        assertThat(held.text()).isLessThan(2);
    }

    @Test
    void maskedMessageOf1000Characters_holdsASampleOf256CharactersNotItsText() throws Exception {
        assumeCompressedReferences();
        FingerprintMemory.Held held = FingerprintMemory.held(FloodgateConfig.defaults(),
                FingerprintMemory.maskedLong(), true, 1);
        // a Latin-1 sample of 256 characters: a string of 24 bytes and an array of 16 + 256; the histogram may also
        // count a few strings made meanwhile by something else (0.2 bytes a fingerprint in one run), never a copy
        assertThat(held.text()).as(held.largest()).isLessThan(300);
        assertThat(held.bytes()).as(held.largest()).isLessThanOrEqualTo(192);
    }

    /** The layout's sizes assume compressed references, the JVM's default below 32 GB of heap. */
    private static void assumeCompressedReferences() {
        assumeTrue(Boolean.parseBoolean(ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class)
                .getVMOption("UseCompressedOops").getValue()), "compressed references");
    }
}
