package dev.floodgate.core;

import dev.floodgate.core.fingerprint.Fingerprinter;
import java.util.Objects;

/**
 * The fingerprint of a logging call: what a {@link FloodEngine} limits and counts as one kind of message. By default
 * it is the call's template, so {@code "Connection to {} failed"} logged with any arguments is one fingerprint; a
 * message logged without arguments has its variable tokens (numbers, ids, times, quoted text) masked, so
 * {@code "Order 17 failed"} and {@code "Order 18 failed"} are one too. The filter's options add the logger, the level
 * and the throwable to it.
 *
 * <p>For a caller that needs the fingerprint for more than the decision, such as a tool that counts events per
 * fingerprint: take it once with {@link FloodEngine#fingerprint}, decide with {@link FloodEngine#suppress(Fingerprint,
 * String, Object)} and use it as a map key. The adapters' hot path never makes one: {@link FloodEngine#suppress(String,
 * boolean, String, Object, Throwable)} fingerprints without allocating.
 *
 * <p>Immutable and thread-safe; equal fingerprints of one filter are the same kind of message. Memory: the filter's
 * stored key, which holds at most {@value #MAX_SAMPLE_CHARS} characters of the text whatever the message's length.
 */
public final class Fingerprint {

    /** The number of leading template characters that make up a fingerprint; the rest is not read. */
    public static final int MAX_TEMPLATE_CHARS = Fingerprinter.MAX_TEMPLATE_CHARS;
    /** The most characters of its text a fingerprint keeps; {@link #text()} ends with an ellipsis beyond that. */
    public static final int MAX_SAMPLE_CHARS = Fingerprinter.MAX_SAMPLE_CHARS;

    /** The key as the filter's ledger stores it: the template string, or the fingerprinter's frozen key. */
    final Object key;
    /** The fingerprinter that made {@link #key}; a filter accepts only its own fingerprints. */
    final Fingerprinter fingerprinter;

    Fingerprint(Object key, Fingerprinter fingerprinter) {
        this.key = key;
        this.fingerprinter = fingerprinter;
    }

    /**
     * Returns whether a template is made of placeholders alone: it has a {@code {}} and no letter or digit outside
     * them, such as {@code "{}"}, {@code "{} {}"} or {@code "[{}] {}"}. Such a template says nothing of what is logged
     * through it, so an adapter fingerprints a call of one by its rendered text, as a message logged without arguments,
     * and never by the template. Reads up to the first letter or digit.
     *
     * @param template the unformatted message; not null
     * @return true if nothing but placeholders, spaces and punctuation make up {@code template}
     */
    public static boolean isGeneric(String template) {
        return Fingerprinter.isGeneric(template);
    }

    /**
     * {@return the fingerprint as summaries show it: the (masked) template, cut to {@value #MAX_SAMPLE_CHARS}
     * characters and an ellipsis, followed by the throwable's class and frame where they are part of it}
     */
    public String text() {
        return fingerprinter.describe(key);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Fingerprint && key.equals(((Fingerprint) o).key)
                && fingerprinter == ((Fingerprint) o).fingerprinter;
    }

    @Override
    public int hashCode() {
        return key.hashCode();
    }

    /** {@return {@link #text()}} */
    @Override
    public String toString() {
        return text();
    }

    /** Returns {@code fingerprint}'s key if {@code fingerprinter} made it. */
    static Object keyOf(Fingerprint fingerprint, Fingerprinter fingerprinter) {
        Objects.requireNonNull(fingerprint, "fingerprint");
        if (fingerprint.fingerprinter != fingerprinter) {
            throw new IllegalArgumentException("fingerprint \"" + fingerprint.text()
                    + "\" was taken by another filter; take it with this filter's fingerprint(...)");
        }
        return fingerprint.key;
    }
}
