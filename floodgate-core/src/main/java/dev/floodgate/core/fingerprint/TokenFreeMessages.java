package dev.floodgate.core.fingerprint;

/**
 * The messages that a call of any thread scanned whole and found without a token, so that a flood of one is its own
 * fingerprint's text without a scan: a call only compares its message, by identity, with the two remembered for its
 * length.
 *
 * <p>Thread-safe. The slots are read and written without synchronisation: a string is immutable, so a reader sees
 * null, an older message or a newer one, and a message that is not this very string is a miss, never a wrong answer.
 * Memory: {@code 2 * }{@value #SLOTS} references, chosen by the length modulo {@value #SLOTS} rather than the hash,
 * which a message made anew for each call would have to compute.
 */
final class TokenFreeMessages {

    /** The pairs of slots; a message's pair is its length modulo this. */
    static final int SLOTS = 256;

    /** Two for each length modulo {@link #SLOTS}, the one found last first. */
    private final String[] messages = new String[2 * SLOTS];

    /** Returns whether this very string (the same object) was scanned before and found without a token. */
    boolean contains(String message) {
        int i = pair(message);
        return messages[i] == message || messages[i + 1] == message;
    }

    /**
     * Remembers that {@code message}, all of it, was scanned and has no token; unless the first of its pair has the
     * same text, so that a message made anew for each call does not write, call after call, a line that every thread
     * reads. (The cost: a message logged as one string is not remembered while another string with its very text is
     * the first of the pair; it is scanned on each call, and fingerprinted the same.)
     */
    void remember(String message) {
        int i = pair(message);
        String first = messages[i];
        if (first == null || !first.equals(message)) {
            messages[i + 1] = first;
            messages[i] = message;
        }
    }

    private static int pair(String message) {
        return (message.length() & (SLOTS - 1)) << 1;
    }
}
