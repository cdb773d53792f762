package dev.floodgate.core.base;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/** Collision-resistant names of text, the same in every JVM. Stateless. */
public final class Digests {

    private Digests() {
    }

    /**
     * {@return 32 hex digits: the first 128 bits of the SHA-256 digest of {@code text} in UTF-8} A collision-resistant
     * digest, so that text an attacker sends cannot be made to share the name of other text.
     *
     * @param text the text to name
     */
    public static String sha256Hex128(String text) {
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
        byte[] digest = sha.digest(text.getBytes(StandardCharsets.UTF_8));
        StringBuilder hex = new StringBuilder(32);
        for (int i = 0; i < 16; i++) {
            hex.append(Character.forDigit(digest[i] >> 4 & 0xf, 16)).append(Character.forDigit(digest[i] & 0xf, 16));
        }
        return hex.toString();
    }
}
