package dev.floodgate.core.fingerprint;

import java.util.Arrays;
import java.util.Objects;

/**
 * A fingerprint made of more than a plain template: a masked or cut template, and optionally the logger, the
 * level and the throwable's class and first frame.
 *
 * <p>Two forms share this class. A <em>probe</em> describes the current event without allocating: its text is
 * either the first {@code length} characters of the raw template, or the masked text in a buffer it owns. It
 * belongs to one thread and is reused for every event. A <em>frozen</em> key holds the finished text as a string and
 * is immutable; it is what the ledger stores. Both forms hash and compare by the same effective text (the hash is
 * {@link String#hashCode()} of the finished text), so a probe finds its frozen key.
 */
final class FingerprintKey {

    /** The text, or null while the masked text sits in {@link #buffer}. */
    private String text;
    /** The number of significant characters of {@link #text} or {@link #buffer}. */
    private int length;
    /** A probe's own buffers for masking; null in frozen keys. */
    private char[] raw;
    private char[] buffer;
    private String loggerName;
    private Object level;
    private Class<?> thrownClass;
    private StackTraceElement frame;
    private int textHash;
    private int hash;

    /** Makes this probe stand for the first {@code length} characters of {@code template}, unmasked. */
    FingerprintKey text(String template, int length, int hashOfText) {
        this.text = template;
        this.length = length;
        this.textHash = hashOfText;
        return this;
    }

    /**
     * Makes this probe stand for the first {@code length} characters of {@code template}, masked, without
     * allocating after the first use.
     *
     * @return whether any token was masked
     */
    boolean mask(String template, int length) {
        if (raw == null || raw.length < length) {
            raw = new char[Fingerprinter.MAX_TEMPLATE_CHARS];
            buffer = new char[TokenMasker.maxMaskedLength(Fingerprinter.MAX_TEMPLATE_CHARS)];
        }
        template.getChars(0, length, raw, 0);
        long result = TokenMasker.mask(raw, length, buffer);
        int n = TokenMasker.maskedLength(result);
        int h = 0;
        for (int i = 0; i < n; i++) {
            h = 31 * h + buffer[i];
        }
        this.text = null;
        this.length = n;
        this.textHash = h;
        return TokenMasker.hasTokens(result);
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
    FingerprintKey freeze() {
        FingerprintKey frozen = new FingerprintKey();
        frozen.text = effectiveText();
        frozen.length = frozen.text.length();
        frozen.textHash = textHash;
        frozen.loggerName = loggerName;
        frozen.level = level;
        frozen.thrownClass = thrownClass;
        frozen.frame = frame;
        frozen.hash = hash;
        return frozen;
    }

    /** Returns the template as summaries show it: masked and cut. */
    String effectiveText() {
        if (text == null) {
            return new String(buffer, 0, length);
        }
        return length == text.length() ? text : text.substring(0, length);
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
                && length == k.length
                && thrownClass == k.thrownClass
                && Objects.equals(level, k.level)
                && Objects.equals(loggerName, k.loggerName)
                && Objects.equals(frame, k.frame)
                && sameText(k);
    }

    private boolean sameText(FingerprintKey k) {
        if (text != null && k.text != null) {
            return text.regionMatches(0, k.text, 0, length);
        }
        if (text == null && k.text == null) {
            return Arrays.equals(buffer, 0, length, k.buffer, 0, length);
        }
        char[] chars = text == null ? buffer : k.buffer;
        String string = text == null ? k.text : text;
        for (int i = 0; i < length; i++) {
            if (chars[i] != string.charAt(i)) {
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
