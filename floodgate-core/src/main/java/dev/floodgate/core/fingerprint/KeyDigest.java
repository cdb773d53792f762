package dev.floodgate.core.fingerprint;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.security.SecureRandom;

/**
 * The identity of a fingerprint's text: a 128-bit keyed digest (SipHash-2-4 with its 128-bit output, over the text's
 * UTF-16 code units in little-endian order), computed as the text streams past, one piece at a time, without
 * building it.
 *
 * <p>The key is drawn once per process from {@link SecureRandom}, so what an attacker sends cannot be chosen to
 * collide: not in the ledger's hash table (whose hash codes come from the digest), not in the sketch in front of it,
 * and not as a fingerprint (two texts are one fingerprint exactly when their digests are equal, which for different
 * texts happens with a probability of about 2<sup>-128</sup> per pair, whatever the texts).
 *
 * <p>Not thread-safe: each probe owns one and reuses it; nothing is allocated after construction.
 */
final class KeyDigest {

    private static final long[] PROCESS_KEY = processKey();

    private final long k0;
    private final long k1;
    private long v0;
    private long v1;
    private long v2;
    private long v3;
    /** Characters added since the last full 64-bit word, in its low bits. */
    private long tail;
    private int tailChars;
    private int chars;
    private long high;
    private long low;

    /** Makes a digest keyed with this process's key. */
    KeyDigest() {
        this(PROCESS_KEY[0], PROCESS_KEY[1]);
    }

    /** Makes a digest with the given key (the 16 key bytes, little-endian); for tests. */
    KeyDigest(long k0, long k1) {
        this.k0 = k0;
        this.k1 = k1;
        start();
    }

    private static long[] processKey() {
        byte[] bytes = new byte[16];
        new SecureRandom().nextBytes(bytes);
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        return new long[] {b.getLong(), b.getLong()};
    }

    /** Starts a new text. */
    KeyDigest start() {
        v0 = k0 ^ 0x736f6d6570736575L;
        v1 = k1 ^ 0x646f72616e646f6dL ^ 0xee;
        v2 = k0 ^ 0x6c7967656e657261L;
        v3 = k1 ^ 0x7465646279746573L;
        tail = 0;
        tailChars = 0;
        chars = 0;
        return this;
    }

    /** Adds one character. */
    void add(char c) {
        tail |= (long) c << (tailChars << 4);
        chars++;
        if (++tailChars == 4) {
            compress(tail);
            tail = 0;
            tailChars = 0;
        }
    }

    /** Adds {@code s[from, to)}. */
    void add(char[] s, int from, int to) {
        int i = from;
        while (tailChars != 0 && i < to) {
            add(s[i++]);
        }
        int words = i;
        for (; i + 4 <= to; i += 4) {
            compress(s[i] | (long) s[i + 1] << 16 | (long) s[i + 2] << 32 | (long) s[i + 3] << 48);
        }
        chars += i - words;
        for (; i < to; i++) {
            add(s[i]);
        }
    }

    /** Adds the characters {@code s[from, to)} of a string. */
    void add(String s, int from, int to) {
        int i = from;
        while (tailChars != 0 && i < to) {
            add(s.charAt(i++));
        }
        int words = i;
        for (; i + 4 <= to; i += 4) {
            compress(s.charAt(i) | (long) s.charAt(i + 1) << 16 | (long) s.charAt(i + 2) << 32
                    | (long) s.charAt(i + 3) << 48);
        }
        chars += i - words;
        for (; i < to; i++) {
            add(s.charAt(i));
        }
    }


    /** Ends the text; {@link #high()} and {@link #low()} then hold its digest until the next {@link #start()}. */
    void finish() {
        long b = tail | (long) ((chars << 1) & 0xff) << 56;
        compress(b);
        v2 ^= 0xee;
        rounds(4);
        high = v0 ^ v1 ^ v2 ^ v3;
        v1 ^= 0xdd;
        rounds(4);
        low = v0 ^ v1 ^ v2 ^ v3;
    }

    /**
     * {@return the first 64 bits of the digest, as the reference implementation's first eight bytes read
     * little-endian}
     */
    long high() {
        return high;
    }

    /** {@return the last 64 bits of the digest} */
    long low() {
        return low;
    }

    private void compress(long m) {
        v3 ^= m;
        rounds(2);
        v0 ^= m;
    }

    private void rounds(int n) {
        long a = v0;
        long b = v1;
        long c = v2;
        long d = v3;
        for (int r = 0; r < n; r++) {
            a += b;
            b = Long.rotateLeft(b, 13);
            b ^= a;
            a = Long.rotateLeft(a, 32);
            c += d;
            d = Long.rotateLeft(d, 16);
            d ^= c;
            a += d;
            d = Long.rotateLeft(d, 21);
            d ^= a;
            c += b;
            b = Long.rotateLeft(b, 17);
            b ^= c;
            c = Long.rotateLeft(c, 32);
        }
        v0 = a;
        v1 = b;
        v2 = c;
        v3 = d;
    }
}
