package dev.floodgate.core.fingerprint;

import java.util.Objects;

/**
 * A fingerprint made of more than a plain template: a masked or cut template, and optionally the logger, the
 * level and the throwable's class and first frame.
 *
 * <p>Two forms share this class. A <em>probe</em> describes the current event without copying anything: its text
 * is the raw message, cut to {@code length} characters and masked on the fly when {@code maskPending}. It belongs
 * to one thread and is reused for every event. A <em>frozen</em> key holds the finished text and is immutable; it
 * is what the ledger stores. Both forms hash and compare by the same effective value, so a probe finds its frozen
 * key without building the masked text.
 */
final class FingerprintKey {

    private String text;
    private int length;
    private boolean maskPending;
    private String loggerName;
    private Object level;
    private Class<?> thrownClass;
    private StackTraceElement frame;
    private int hash;

    FingerprintKey set(String text, int length, boolean maskPending, int textHash, String loggerName, Object level,
            Class<?> thrownClass, StackTraceElement frame) {
        this.text = text;
        this.length = length;
        this.maskPending = maskPending;
        this.loggerName = loggerName;
        this.level = level;
        this.thrownClass = thrownClass;
        this.frame = frame;
        int h = textHash;
        h = 31 * h + Objects.hashCode(loggerName);
        h = 31 * h + Objects.hashCode(level);
        h = 31 * h + Objects.hashCode(thrownClass);
        this.hash = 31 * h + Objects.hashCode(frame);
        return this;
    }

    /** Returns an immutable key equal to this one, holding the finished text. */
    FingerprintKey freeze() {
        String finished = effectiveText();
        FingerprintKey frozen = new FingerprintKey();
        frozen.text = finished;
        frozen.length = finished.length();
        frozen.loggerName = loggerName;
        frozen.level = level;
        frozen.thrownClass = thrownClass;
        frozen.frame = frame;
        frozen.hash = hash;
        return frozen;
    }

    /** Returns the template as summaries show it: masked and cut. */
    String effectiveText() {
        if (maskPending) {
            return TokenMasker.mask(text, length);
        }
        return length == text.length() ? text : text.substring(0, length);
    }

    String loggerName() {
        return loggerName;
    }

    Object level() {
        return level;
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
                && thrownClass == k.thrownClass
                && Objects.equals(level, k.level)
                && Objects.equals(loggerName, k.loggerName)
                && Objects.equals(frame, k.frame)
                && sameText(k);
    }

    private boolean sameText(FingerprintKey k) {
        if (maskPending == k.maskPending) {
            if (!maskPending) {
                return length == k.length && text.regionMatches(0, k.text, 0, length);
            }
            return effectiveText().equals(k.effectiveText());
        }
        return maskPending ? TokenMasker.matches(text, length, k.text) : TokenMasker.matches(k.text, k.length, text);
    }

    @Override
    public String toString() {
        return effectiveText();
    }
}
