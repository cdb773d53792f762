package dev.floodgate.core.fingerprint;

import java.util.Objects;
import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * The keys learned last by the calls of threads that keep no probe of their own (virtual threads, typically one per
 * task), shared by all of them, so that such a call recognises a known fingerprint without allocating: a masked key
 * in a slot chosen by the first characters of the message, any other key that is not cut in a slot chosen by its
 * template and logger; and a few buffers to replay a masked message in.
 *
 * <p>Thread-safe. The slots are read and written without synchronisation: a {@link FrozenKey} and a string are
 * immutable and their fields final, so a reader sees null, an older entry or a newer one, and checks it against the
 * call before using it; an entry that does not fit is a miss, never a wrong answer. A buffer is lent to one caller at a
 * time (a compare-and-set of its flag) and given back before {@link #recallMasked} returns; a caller whose stripe's
 * buffer is lent tries the others, and misses only when all are lent. Memory: two arrays of {@value #SLOTS}
 * references, a replay of at most {@value #MAX_REPLAY_CHARS} characters of masked text per masked slot, and a buffer of
 * {@value FingerprintProbe#MAX_TEMPLATE_CHARS} characters for each stripe used (twice the processors, 2 to 64).
 */
final class SharedRecall {

    /** The slots of each kind; {@link #slot} takes the top 8 bits of a mixed hash. */
    static final int SLOTS = 256;
    /** How many leading characters of a message choose its masked key's slot. */
    private static final int PREFIX = 8;

    /** The most characters of masked text a replay kept here may have. */
    static final int MAX_REPLAY_CHARS = 2 * FrozenKey.MAX_SAMPLE_CHARS;

    private final Recalled[] masked = new Recalled[SLOTS];
    private final Recalled[] plain = new Recalled[SLOTS];
    private final char[][] buffers;
    private final AtomicIntegerArray lent;

    SharedRecall() {
        int stripes = Integer.highestOneBit(Math.min(64, 2 * Math.max(1, Runtime.getRuntime().availableProcessors())));
        this.buffers = new char[Math.max(2, stripes)][];
        this.lent = new AtomicIntegerArray(buffers.length);
    }

    /**
     * Returns the masked key last learned for messages like this one if the first {@code length} characters of
     * {@code text} certainly mask to it and its other parts are these, else null.
     */
    FrozenKey recallMasked(String text, int length, String logger, Object level, Class<?> thrown,
            StackTraceElement frame) {
        Recalled known = masked[maskedSlot(text)];
        if (known == null || !known.key.hasParts(logger, level, thrown, frame)) {
            return null;
        }
        int stripe = borrow();
        if (stripe < 0) {
            return null;
        }
        try {
            char[] buffer = buffers[stripe];
            if (buffer == null) {
                buffer = new char[FingerprintProbe.MAX_TEMPLATE_CHARS];
                buffers[stripe] = buffer;
            }
            text.getChars(0, length, buffer, 0);
            return known.replay.replays(buffer, length) ? known.key : null;
        } finally {
            lent.set(stripe, 0);
        }
    }

    /** Borrows a buffer: the caller's stripe's, else the first of the others that is free; -1 if all are lent. */
    private int borrow() {
        int mask = buffers.length - 1;
        int first = (int) (Thread.currentThread().getId() * 0x9E3779B97F4A7C15L >>> 32) & mask;
        for (int i = 0; i <= mask; i++) {
            int stripe = (first + i) & mask;
            if (lent.compareAndSet(stripe, 0, 1)) {
                return stripe;
            }
        }
        return -1;
    }

    /**
     * Returns the key last learned for this very template (the same string) with these parts, if it is neither
     * masked nor cut, else null.
     */
    FrozenKey recallPlain(String template, String logger, Object level, Class<?> thrown, StackTraceElement frame) {
        Recalled known = plain[plainSlot(template, logger)];
        return known != null && known.template == template && known.key.hasParts(logger, level, thrown, frame)
                ? known.key : null;
    }

    /**
     * Remembers {@code key}, which the call of {@code probe} (a probe that serves one call) was found equal to: a
     * masked key with the replay of the probe's text, if that is not too long to keep; any other with the probe's
     * template string.
     */
    void learn(FingerprintProbe probe, FrozenKey key) {
        if (probe.isMasked()) {
            MaskReplay replay = probe.newReplay(MAX_REPLAY_CHARS);
            if (replay != null) {
                masked[maskedSlot(probe.template())] = new Recalled(key, replay, null);
            }
        } else {
            plain[plainSlot(probe.template(), probe.loggerName())] = new Recalled(key, null, probe.template());
        }
    }

    /**
     * Puts {@code stored} in place of {@code recalled}, a key recalled from these slots that the ledger no longer
     * holds: it holds {@code stored}, an equal key made by another call.
     */
    void replace(FrozenKey recalled, FrozenKey stored) {
        for (Recalled[] slots : new Recalled[][] {masked, plain}) {
            for (int i = 0; i < SLOTS; i++) {
                Recalled r = slots[i];
                if (r != null && r.key == recalled) {
                    slots[i] = new Recalled(stored, r.replay, r.template);
                }
            }
        }
    }

    private static int maskedSlot(String text) {
        int n = Math.min(PREFIX, text.length());
        int h = n;
        for (int i = 0; i < n; i++) {
            h = 31 * h + text.charAt(i);
        }
        return slot(h);
    }

    private static int plainSlot(String template, String logger) {
        return slot(31 * template.hashCode() + Objects.hashCode(logger));
    }

    private static int slot(int h) {
        return (h * 0x9E3779B9) >>> 24;
    }

    /** A key as a slot keeps it: with the replay of a masked key, or the template string of any other. Immutable. */
    private static final class Recalled {

        final FrozenKey key;
        final MaskReplay replay;
        final String template;

        Recalled(FrozenKey key, MaskReplay replay, String template) {
            this.key = key;
            this.replay = replay;
            this.template = template;
        }
    }
}
