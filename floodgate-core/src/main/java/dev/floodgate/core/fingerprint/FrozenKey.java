package dev.floodgate.core.fingerprint;

import java.util.Objects;

/**
 * A fingerprint key as the ledger stores it, made by {@link FingerprintKey#freeze()}: the finished text (masked and
 * cut), and the logger, level, throwable class and first frame where they are part of the fingerprint.
 *
 * <p>Immutable and thread-safe. The text is kept once: a masked key's in its {@link MaskReplay}, which compares
 * against it, any other key's as a string (the application's own template unless it was cut). Equal to the frozen
 * keys and the probes with the same text and parts; the hash is {@link String#hashCode()} of the text combined with
 * the parts, as a probe's is.
 */
final class FrozenKey {

    /** The text of a key that is not masked; null if {@link #replay} holds it. */
    private final String text;
    /** A masked key's text and replay; null otherwise. */
    private final MaskReplay replay;
    private final String loggerName;
    private final Object level;
    private final Class<?> thrownClass;
    private final StackTraceElement frame;
    private final int hash;
    /** Whether the text is the cut beginning of a longer template or message. */
    private final boolean cut;

    FrozenKey(CharSequence text, String loggerName, Object level, Class<?> thrownClass, StackTraceElement frame,
            int hash, boolean cut) {
        this.replay = text instanceof MaskReplay ? (MaskReplay) text : null;
        this.text = replay == null ? text.toString() : null;
        this.loggerName = loggerName;
        this.level = level;
        this.thrownClass = thrownClass;
        this.frame = frame;
        this.hash = hash;
        this.cut = cut;
    }

    /** {@return the text, as characters: a string, or the masked text of the replay} */
    CharSequence chars() {
        return text != null ? text : replay;
    }

    /** {@return the text as summaries show it} */
    String text() {
        return text != null ? text : replay.toString();
    }

    /** {@return the replay of a masked key, or null} */
    MaskReplay replay() {
        return replay;
    }

    /** Returns whether this key's other parts are these. */
    boolean hasParts(String logger, Object levelObject, Class<?> thrown, StackTraceElement firstFrame) {
        return thrownClass == thrown && Objects.equals(level, levelObject) && Objects.equals(loggerName, logger)
                && Objects.equals(frame, firstFrame);
    }

    String loggerName() {
        return loggerName;
    }

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
        if (o instanceof FingerprintKey) {
            return o.equals(this);
        }
        if (!(o instanceof FrozenKey)) {
            return false;
        }
        FrozenKey k = (FrozenKey) o;
        return hash == k.hash && k.hasParts(loggerName, level, thrownClass, frame)
                && CharSequence.compare(chars(), k.chars()) == 0;
    }

    @Override
    public String toString() {
        return text();
    }
}
