package dev.floodgate.core.fingerprint;

import java.util.Objects;

/**
 * A fingerprint key as the ledger stores it, made by {@link FingerprintProbe#freeze()}: the {@link KeyDigest} of its
 * text (masked and cut), a sample of that text for summaries, and the logger, level, throwable class and first frame
 * where they are part of the fingerprint.
 *
 * <p>Immutable and thread-safe. Identity is the digest and the other parts: the text itself is not kept, so a key
 * costs the same whatever the message. Its sample is the text when that is at most
 * {@value #MAX_SAMPLE_CHARS} characters (the application's own template string when the key is a
 * template that was neither masked nor cut, which lets a key be recognised by that string's identity), else the text's
 * first {@value #MAX_SAMPLE_CHARS} characters, which summaries show with an ellipsis (kept apart, so that
 * a Latin-1 sample stays one byte a character). Memory: 64 bytes, the sample (at most
 * {@value #MAX_SAMPLE_CHARS} characters) and, with a fleet limit, its 32-character name.
 */
final class FrozenKey {

    /**
     * The longest template that is its own key, and the most characters of its text a frozen key keeps as its sample.
     */
    static final int MAX_SAMPLE_CHARS = 256;


    private final long high;
    private final long low;
    private final String sample;
    private final String loggerName;
    private final Object level;
    private final Class<?> thrownClass;
    private final StackTraceElement frame;
    /** The fleet's name of this fingerprint ({@link Fingerprinter#fleetName}); null without a fleet limit. */
    private final String fleetName;
    private final int hash;
    /** Whether {@link #sample} is all the text and that text was not masked: a template (or message) string. */
    private final boolean wholeTemplate;
    /** Whether {@link #sample} is the beginning of a longer text. */
    private final boolean shortened;

    FrozenKey(long high, long low, String sample, boolean shortened, boolean wholeTemplate, String loggerName,
            Object level, Class<?> thrownClass, StackTraceElement frame, String fleetName, int hash) {
        this.high = high;
        this.low = low;
        this.sample = sample;
        this.shortened = shortened;
        this.wholeTemplate = wholeTemplate;
        this.loggerName = loggerName;
        this.level = level;
        this.thrownClass = thrownClass;
        this.frame = frame;
        this.fleetName = fleetName;
        this.hash = hash;
    }

    /** {@return the text as summaries show it: all of it, or its beginning and an ellipsis} */
    String text() {
        return shortened ? sample + "…" : sample;
    }

    /**
     * {@return the template string this key was made of, if the key is that whole string, neither masked nor cut,
     * else null}: a call whose template is this very string (by identity) has this key's text
     */
    String template() {
        return wholeTemplate ? sample : null;
    }

    /** Returns whether this key's digest is this one. */
    boolean hasDigest(long otherHigh, long otherLow) {
        return high == otherHigh && low == otherLow;
    }

    /** Returns whether this key's other parts are these. */
    boolean hasParts(String logger, Object levelObject, Class<?> thrown, StackTraceElement firstFrame) {
        return thrownClass == thrown && Objects.equals(level, levelObject) && Objects.equals(loggerName, logger)
                && Objects.equals(frame, firstFrame);
    }

    String loggerName() {
        return loggerName;
    }

    Class<?> thrownClass() {
        return thrownClass;
    }

    StackTraceElement frame() {
        return frame;
    }

    String fleetName() {
        return fleetName;
    }

    /**
     * {@return how a summary shows this key: its text, followed by the throwable's class and frame when they are part
     * of the fingerprint}
     */
    String description() {
        return describe(text(), thrownClass, frame);
    }

    static String describe(String text, Class<?> thrownClass, StackTraceElement frame) {
        if (thrownClass == null) {
            return text;
        }
        return text + " with " + thrownClass.getName() + (frame == null ? "" : " at " + frame);
    }

    /**
     * Returns what a fingerprint's fleet name is the digest of: its description, and after it the logger and the level
     * where they are part of the fingerprint, so that two local fingerprints never share a fleet budget. The parts
     * follow the text, each after a NUL and the logger with its length, so that no text can end like another text
     * with its parts.
     */
    static String fleetText(String text, String loggerName, Object level, Class<?> thrownClass,
            StackTraceElement frame) {
        String description = describe(text, thrownClass, frame);
        if (loggerName == null && level == null) {
            return description;
        }
        return description + '\u0000' + (loggerName == null ? "-" : loggerName.length() + ":" + loggerName) + '\u0000'
                + level;
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
        if (!(o instanceof FrozenKey)) {
            // Only a probe that freezes to this key equals it without being one, and it decides that itself
            // (FingerprintProbe.equals): asking the other object keeps equality symmetric.
            return o != null && o.equals(this);
        }
        FrozenKey k = (FrozenKey) o;
        return hash == k.hash && k.hasDigest(high, low) && k.hasParts(loggerName, level, thrownClass, frame);
    }

    @Override
    public String toString() {
        return text();
    }
}
