package dev.floodgate.core.fingerprint;

import java.util.Objects;

/**
 * A fingerprint made of more than a plain template: a masked or cut template, and optionally the logger, the
 * level and the throwable's class and first frame.
 *
 * <p>Two forms share this class. A <em>probe</em> describes the current event without allocating: its text is the
 * first {@code length} characters of the raw template (copied into a buffer it owns), masked where {@link TokenMasker#scan} found tokens (their
 * positions are kept, the masked text is not built). It belongs to one thread and is reused for every event. A
 * <em>frozen</em> key holds the finished text as a string and is immutable; it is what the ledger stores. Both forms
 * hash and compare by the same effective text (the hash is {@link String#hashCode()} of the finished text), so a
 * probe finds its frozen key; a probe compares its raw text, piece by piece, against a frozen key's text. A frozen
 * masked key also keeps a {@link MaskReplay}, with which a probe recognises the key it found last without a scan
 * ({@link #recall}).
 */
final class FingerprintKey {

    /** The raw template of a probe, or the finished text of a frozen key. */
    private String text;
    /** The number of characters of {@link #text} that count. */
    private int length;
    /** The number of tokens found in {@link #text} ({@link #tokens}); 0 in frozen keys. */
    private int tokenCount;
    /** The length of the effective text: masked if {@link #tokenCount} is not 0, else {@link #length}. */
    private int effectiveLength;
    /** A probe's copy of the characters of {@link #text} that count, and its token positions; null in frozen keys. */
    private char[] raw;
    private int[] tokens;
    private String loggerName;
    private Object level;
    private Class<?> thrownClass;
    private StackTraceElement frame;
    private int textHash;
    private int hash;
    /** A frozen masked key's replay; null otherwise. */
    private MaskReplay replay;
    /** A probe's latest frozen key with a replay ({@link #learn}); null in frozen keys. */
    private FingerprintKey candidate;
    /**
     * Whether this is a frozen key. Not derived from {@link #raw}: a probe that was only ever {@link #text given a
     * text} has no buffer either, and must still be copied.
     */
    private boolean isFrozen;
    /** Whether a frozen key's text is the cut beginning of a longer template or message. */
    private boolean cut;

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
            raw = new char[Fingerprinter.MAX_TEMPLATE_CHARS];
            tokens = new int[2 * Fingerprinter.MAX_TEMPLATE_CHARS];
        }
        template.getChars(0, length, raw, 0);
        this.text = template;
        this.length = length;
    }

    /**
     * Returns the frozen key this thread found last ({@link #learn}) if the loaded text certainly masks to its text,
     * else null; cheaper than {@link #mask()} and a lookup.
     */
    FingerprintKey recall() {
        FingerprintKey known = candidate;
        return known != null && known.replay.replays(raw, length) ? known : null;
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

    /** Remembers {@code key}, a frozen key this probe was found to equal, for {@link #recall}. */
    void learn(FingerprintKey key) {
        if (raw != null && key.replay != null) {
            candidate = key;
        }
    }

    /** Returns whether this key's other parts are these. */
    boolean hasParts(String logger, Object levelObject, Class<?> thrown, StackTraceElement firstFrame) {
        return Objects.equals(loggerName, logger) && Objects.equals(level, levelObject) && thrownClass == thrown
                && Objects.equals(frame, firstFrame);
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

    /** Returns an immutable key equal to this one, holding the finished text; a frozen key returns itself. */
    FingerprintKey freeze() {
        if (isFrozen) {
            return this;
        }
        FingerprintKey frozen = new FingerprintKey();
        frozen.isFrozen = true;
        frozen.cut = length < text.length();
        frozen.text = effectiveText();
        frozen.length = frozen.text.length();
        frozen.effectiveLength = frozen.length;
        frozen.textHash = textHash;
        frozen.loggerName = loggerName;
        frozen.level = level;
        frozen.thrownClass = thrownClass;
        frozen.frame = frame;
        frozen.hash = hash;
        if (tokenCount != 0) {
            int[] attempts = new int[1 + 2 * length];
            TokenMasker.scan(raw, length, tokens, attempts);
            frozen.replay = MaskReplay.of(raw, length, tokens, tokenCount, attempts, frozen.text);
        }
        return frozen;
    }

    /** Returns the template as summaries show it: masked and cut. */
    String effectiveText() {
        if (tokenCount != 0) {
            return TokenMasker.build(raw, length, tokens, tokenCount, effectiveLength);
        }
        return length == text.length() ? text : text.substring(0, length);
    }

    /** Returns whether this frozen key's text is the cut beginning of a longer template or message. */
    boolean isCut() {
        return cut;
    }

    Class<?> thrownClass() {
        return thrownClass;
    }

    StackTraceElement frame() {
        return frame;
    }

    @Override
    public int hashCode() {
        return hash;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof FingerprintKey)) {
            return false;
        }
        FingerprintKey k = (FingerprintKey) o;
        return hash == k.hash
                && effectiveLength == k.effectiveLength
                && thrownClass == k.thrownClass
                && Objects.equals(level, k.level)
                && Objects.equals(loggerName, k.loggerName)
                && Objects.equals(frame, k.frame)
                && sameText(k);
    }

    private boolean sameText(FingerprintKey k) {
        if (tokenCount == 0 && k.tokenCount == 0) {
            return text.regionMatches(0, k.text, 0, length);
        }
        if (k.tokenCount == 0) {
            return TokenMasker.matches(raw, length, tokens, tokenCount, k.effectiveText());
        }
        if (tokenCount == 0) {
            return TokenMasker.matches(k.raw, k.length, k.tokens, k.tokenCount, effectiveText());
        }
        return effectiveText().equals(k.effectiveText());
    }

    @Override
    public String toString() {
        return effectiveText();
    }
}
