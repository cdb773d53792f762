package dev.floodgate.core.fingerprint;

import java.util.Objects;

/**
 * The probe of a fingerprint made of more than a plain template: a masked or cut template, and optionally the
 * logger, the level and the throwable's class and first frame.
 *
 * <p>A probe describes the current event without allocating: its text is the first {@code length} characters of the
 * raw template (copied into a buffer it owns), masked where {@link TokenMasker#scan} found tokens (their positions are
 * kept, the masked text is not built). It belongs to one thread and is reused for every event (or, on a thread that
 * keeps none, serves one event: {@link #forOneCall()}); {@link #freeze()} makes the {@link FrozenKey} the ledger
 * stores. Both hash and compare by the same effective text (the hash is {@link String#hashCode()} of the finished
 * text), so a probe finds its frozen key; a probe compares its raw text, piece by piece, against a frozen key's
 * text. A probe recognises the masked key it found last without a scan ({@link #recall}), and the key of more parts
 * than a template it found last by the template's identity ({@link #recallPlain}).
 *
 * <p>Not thread-safe: one thread's. Memory of a thread's probe: buffers of {@value Fingerprinter#MAX_TEMPLATE_CHARS}
 * characters and twice as many token places once it masked a message, and the two keys it found last.
 */
final class FingerprintKey {

    /** The raw template. */
    private String text;
    /** The number of characters of {@link #text} that count. */
    private int length;
    /** The number of tokens found in {@link #text} ({@link #tokens}). */
    private int tokenCount;
    /** The length of the effective text: masked if {@link #tokenCount} is not 0, else {@link #length}. */
    private int effectiveLength;
    /** A copy of the characters of {@link #text} that count, and its token positions, once {@link #load loaded}. */
    private char[] raw;
    private int[] tokens;
    private String loggerName;
    private Object level;
    private Class<?> thrownClass;
    private StackTraceElement frame;
    private int textHash;
    private int hash;
    /** The latest frozen masked key this probe was found to equal ({@link #learn}); null until then. */
    private FrozenKey candidate;
    /** The latest frozen key of an unmasked, uncut template this probe was found to equal; null until then. */
    private FrozenKey plainCandidate;
    /** Whether this probe serves one call only (a thread that keeps no probe): its buffers are sized to its text. */
    private final boolean oneCall;

    /** Makes the probe a thread keeps and reuses for every call. */
    FingerprintKey() {
        this(false);
    }

    private FingerprintKey(boolean oneCall) {
        this.oneCall = oneCall;
    }

    /** {@return a probe for one call of a thread that keeps no probe of its own} */
    static FingerprintKey forOneCall() {
        return new FingerprintKey(true);
    }

    /** Makes this probe stand for the first {@code length} characters of {@code template}, unmasked. */
    FingerprintKey text(String template, int length, int hashOfText) {
        this.text = template;
        this.length = length;
        this.tokenCount = 0;
        this.effectiveLength = length;
        this.textHash = hashOfText;
        return this;
    }

    /**
     * Copies the first {@code length} characters of {@code template} into this probe's buffer, for {@link #recall} and
     * {@link #mask()}, without allocating after the first use.
     */
    void load(String template, int length) {
        if (tokens == null) {
            int capacity = oneCall ? Math.max(1, length) : Fingerprinter.MAX_TEMPLATE_CHARS;
            raw = new char[capacity];
            tokens = new int[2 * capacity];
        }
        template.getChars(0, length, raw, 0);
        this.text = template;
        this.length = length;
    }

    /**
     * Returns the frozen key this thread found last ({@link #learn}) if the loaded text certainly masks to its text,
     * else null; cheaper than {@link #mask()} and a lookup.
     */
    FrozenKey recall() {
        FrozenKey known = candidate;
        return known != null && known.replay().replays(raw, length) ? known : null;
    }

    /**
     * Makes this probe stand for the loaded text, masked.
     *
     * @return whether any token was masked
     */
    boolean mask() {
        int count = TokenMasker.scan(raw, length, tokens);
        this.tokenCount = count;
        this.effectiveLength = count == 0 ? length : TokenMasker.maskedLength(length, tokens, count);
        this.textHash = TokenMasker.maskedHash(raw, length, tokens, count);
        return count != 0;
    }

    /**
     * Returns the frozen key of this very template (the same string, neither masked nor cut) that this thread found
     * last ({@link #learn}) if its other parts are these, else null: a key with more parts than its template,
     * recognised without hashing or comparing its text.
     */
    FrozenKey recallPlain(String template, String logger, Object levelObject, Class<?> thrown,
            StackTraceElement firstFrame) {
        FrozenKey known = plainCandidate;
        return known != null && known.chars() == template && known.hasParts(logger, levelObject, thrown, firstFrame)
                ? known : null;
    }

    /**
     * Remembers {@code key}, a frozen key this probe was found to equal, for {@link #recall} or {@link #recallPlain}.
     */
    void learn(FrozenKey key) {
        if (key.replay() != null) {
            if (raw != null) {
                candidate = key;
            }
        } else if (key.chars() == text) {
            plainCandidate = key;
        }
    }

    /**
     * Puts {@code stored} in place of {@code recalled}, a key this probe remembers, which the ledger no longer holds:
     * it holds {@code stored}, an equal key another thread made. Without this the thread would find its key through
     * the ledger's map on every call.
     */
    void replace(FrozenKey recalled, FrozenKey stored) {
        if (candidate == recalled && stored.replay() != null) {
            candidate = stored;
        }
        if (plainCandidate == recalled) {
            plainCandidate = stored.chars() == recalled.chars() ? stored : null;
        }
    }

    /** {@return whether this probe serves one call only ({@link #forOneCall()})} */
    boolean servesOneCall() {
        return oneCall;
    }

    /** {@return the raw template this probe was made from} */
    String template() {
        return text;
    }

    /** {@return the logger name that is part of this probe, or null} */
    String loggerName() {
        return loggerName;
    }

    /** Sets the other parts of this probe and finishes its hash. */
    FingerprintKey parts(String logger, Object levelObject, Class<?> thrown, StackTraceElement firstFrame) {
        this.loggerName = logger;
        this.level = levelObject;
        this.thrownClass = thrown;
        this.frame = firstFrame;
        int h = textHash;
        h = 31 * h + Objects.hashCode(logger);
        h = 31 * h + Objects.hashCode(levelObject);
        h = 31 * h + Objects.hashCode(thrown);
        this.hash = 31 * h + Objects.hashCode(firstFrame);
        return this;
    }

    /** Returns an immutable key equal to this one, holding the finished text. */
    FrozenKey freeze() {
        CharSequence finished;
        if (tokenCount == 0) {
            finished = effectiveText();
        } else {
            int[] attempts = new int[1 + 2 * length];
            TokenMasker.scan(raw, length, tokens, attempts);
            finished = MaskReplay.of(raw, length, tokens, tokenCount, attempts, effectiveText());
        }
        return new FrozenKey(finished, loggerName, level, thrownClass, frame, hash, length < text.length());
    }

    /** Returns the template as summaries show it: masked and cut. */
    String effectiveText() {
        if (tokenCount != 0) {
            return TokenMasker.build(raw, length, tokens, tokenCount, effectiveLength);
        }
        return length == text.length() ? text : text.substring(0, length);
    }

    @Override
    public int hashCode() {
        return hash;
    }

    /**
     * Returns whether {@code o} is a frozen key with this probe's text and parts, or a probe for the same text and
     * parts. The ledger compares probes with frozen keys only; comparing two probes (of two threads) builds both
     * texts.
     */
    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (o instanceof FrozenKey) {
            FrozenKey k = (FrozenKey) o;
            return hash == k.hashCode() && k.hasParts(loggerName, level, thrownClass, frame) && sameText(k.chars());
        }
        if (!(o instanceof FingerprintKey)) {
            return false;
        }
        FingerprintKey k = (FingerprintKey) o;
        return hash == k.hash && thrownClass == k.thrownClass && Objects.equals(level, k.level)
                && Objects.equals(loggerName, k.loggerName) && Objects.equals(frame, k.frame)
                && effectiveText().equals(k.effectiveText());
    }

    /** Returns whether this probe's effective text is {@code other}, without building it. */
    private boolean sameText(CharSequence other) {
        if (tokenCount == 0 && other instanceof String) {
            String s = (String) other;
            return s.length() == effectiveLength && text.regionMatches(0, s, 0, length);
        }
        if (other.length() != effectiveLength) {
            return false;
        }
        if (tokenCount != 0) {
            return TokenMasker.matches(raw, length, tokens, tokenCount, other);
        }
        for (int i = 0; i < length; i++) {
            if (text.charAt(i) != other.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    @Override
    public String toString() {
        return effectiveText();
    }
}
