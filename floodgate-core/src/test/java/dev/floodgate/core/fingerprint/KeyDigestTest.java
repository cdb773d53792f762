package dev.floodgate.core.fingerprint;

import static org.assertj.core.api.Assertions.assertThat;

import dev.floodgate.core.TestSeed;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class KeyDigestTest {

    /** The key of the reference vectors: the bytes 0x00 to 0x0f. */
    private static final long K0 = 0x0706050403020100L;
    private static final long K1 = 0x0f0e0d0c0b0a0908L;

    /**
     * SipHash-2-4 with its 128-bit output, from the reference implementation's vectors (github.com/veorq/SipHash,
     * vectors.h, vectors_sip128): the digest of the bytes 0, 1, ..., n - 1, for the even lengths n that a text of
     * UTF-16 code units can have, as the 16 bytes of the tag.
     */
    private static final String[][] VECTORS = {
        {"0", "a3817f04ba25a8e66df67214c7550293"},
        {"2", "8177228da4a45dc7fca38bdef60affe4"},
        {"4", "f88164c12d9c8faf7d0f6e7c7bcd5579"},
        {"8", "3b62a9ba6258f5610f83e264f31497b4"},
        {"10", "00110dc378146956c95447d3f3d0fbba"},
        {"14", "31fcefac66d7de9c7ec7485fe4494902"},
        {"16", "6ee2a4ca67b054bbfd3315bf85230577"},
    };

    @Test
    void finish_referenceVectors_match() {
        for (String[] vector : VECTORS) {
            char[] text = referenceText(Integer.parseInt(vector[0]));
            KeyDigest d = new KeyDigest(K0, K1);
            d.add(text, 0, text.length);
            d.finish();
            assertThat(tag(d)).as("%s bytes", vector[0]).isEqualTo(vector[1]);
        }
    }

    @Test
    void finish_anySplitOfTheText_givesTheSameDigest() {
        Random random = new Random(TestSeed.SEED);
        for (int i = 0; i < 2_000; i++) {
            char[] text = new char[random.nextInt(60)];
            for (int c = 0; c < text.length; c++) {
                text[c] = (char) random.nextInt(0x10000);
            }
            KeyDigest whole = new KeyDigest(K0, K1);
            whole.add(text, 0, text.length);
            whole.finish();
            KeyDigest pieces = new KeyDigest(K0, K1);
            String s = new String(text);
            int at = 0;
            while (at < text.length) {
                int to = Math.min(text.length, at + random.nextInt(7));
                switch (random.nextInt(3)) {
                    case 0:
                        pieces.add(text, at, to);
                        break;
                    case 1:
                        pieces.add(s, at, to);
                        break;
                    default:
                        for (int c = at; c < to; c++) {
                            pieces.add(text[c]);
                        }
                }
                at = to;
            }
            pieces.finish();
            assertThat(tag(pieces)).as("%s %s", s, TestSeed.describe()).isEqualTo(tag(whole));
        }
    }

    @Test
    void start_afterADigest_beginsAnew() {
        KeyDigest d = new KeyDigest(K0, K1);
        d.add("some earlier text", 0, 17);
        d.finish();
        char[] text = referenceText(16);
        d.start().add(text, 0, text.length);
        d.finish();
        assertThat(tag(d)).isEqualTo("6ee2a4ca67b054bbfd3315bf85230577");
    }

    @Test
    void processKey_isNotTheReferenceKey_andTextsThatCollideForStringHashCodeDiffer() {
        Set<Long> seen = new HashSet<>();
        for (int i = 0; i < 1 << 10; i++) {
            StringBuilder sb = new StringBuilder("x");
            for (int b = 0; b < 10; b++) {
                sb.append((i >> b & 1) == 0 ? "Aa" : "BB");
            }
            String s = sb.toString();
            KeyDigest d = new KeyDigest();
            d.add(s, 0, s.length());
            d.finish();
            seen.add(d.high());
        }
        // 1,024 texts with one String.hashCode, 1,024 different digests
        assertThat(seen).hasSize(1 << 10);
        char[] text = referenceText(16);
        KeyDigest d = new KeyDigest();
        d.add(text, 0, text.length);
        d.finish();
        assertThat(tag(d)).isNotEqualTo("6ee2a4ca67b054bbfd3315bf85230577");
    }

    /** The UTF-16 code units whose little-endian bytes are 0, 1, ..., bytes - 1. */
    private static char[] referenceText(int bytes) {
        char[] text = new char[bytes / 2];
        for (int i = 0; i < text.length; i++) {
            text[i] = (char) (2 * i | (2 * i + 1) << 8);
        }
        return text;
    }

    private static String tag(KeyDigest d) {
        StringBuilder sb = new StringBuilder();
        for (long word : new long[] {d.high(), d.low()}) {
            for (int b = 0; b < 8; b++) {
                sb.append(String.format("%02x", word >>> (8 * b) & 0xff));
            }
        }
        return sb.toString();
    }
}
