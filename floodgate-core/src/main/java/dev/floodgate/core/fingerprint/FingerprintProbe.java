package dev.floodgate.core.fingerprint;

import dev.floodgate.core.base.Digests;
import java.util.Objects;

/**
 * The probe of a fingerprint that is not a plain template: a masked or cut template, a message logged without
 * arguments, or a template with more parts (the logger, the level, the throwable's class and first frame).
 *
 * <p>A probe describes the current event without allocating: its text is the first {@code length} characters of the
 * raw template, masked where {@link TokenMasker#scan} found tokens (their positions are kept, the masked text is not
 * built), and it carries that text's {@link KeyDigest}, computed in the same pass. It belongs to one thread and is
 * reused for every event (or, on a thread that keeps none, serves one event: {@link #forOneCall()});
 * {@link #freeze()} makes the {@link FrozenKey} the ledger stores. Both hash and compare by the digest and the other
 * parts, so a probe finds its frozen key. A probe recognises the masked key it found last without a scan
 * ({@link #recall}, by replaying the message against the masked text it learned), and the key of a template string
 * it found last by that string's identity ({@link #recallPlain}).
 *
 * <p>Not thread-safe: one thread's. Memory of a thread's probe: buffers of {@value #MAX_TEMPLATE_CHARS}
 * characters and three times as many positions once it masked a message, the replay of the masked key it found last
 * (at most {@link MaskReplay#MAX_CHARS} characters and as many steps), and the two keys it found last.
 */
final class FingerprintProbe {

    /** The number of leading template characters that make up a fingerprint; the rest is not read. */
    static final int MAX_TEMPLATE_CHARS = 1_000;

    /** The raw template. */
    private String text;
    /** The number of characters of {@link #text} that count. */
    private int length;
    /** The number of tokens found in {@link #text} ({@link #tokens}). */
    private int tokenCount;
    /** The length of the effective text: masked if {@link #tokenCount} is not 0, else {@link #length}. */
    private int effectiveLength;
    /**
     * A copy of the characters of {@link #text} that count, its token positions and the places the scan tried a
     * token and found none, once {@link #load loaded}.
     */
    private char[] raw;
    private int[] tokens;
    private int[] attempts;
    private String loggerName;
    private Object level;
    private Class<?> thrownClass;
    private StackTraceElement frame;
    private final KeyDigest digest = new KeyDigest();
    private long high;
    private long low;
    private int hash;
    /** The latest frozen masked key this probe was found to equal ({@link #learn}), and its replay; null until then. */
    private FrozenKey candidate;
    private MaskReplay replay;
    /**
     * The latest frozen key of an unmasked template this probe was found to equal, and that template string; null
     * until then.
     */
    private FrozenKey plainCandidate;
    private String plainTemplate;
    /** Whether this probe serves one call only (a thread that keeps no probe): its buffers are sized to its text. */
    private final boolean oneCall;

    /** Makes the probe a thread keeps and reuses for every call. */
    FingerprintProbe() {
        this(false);
    }

    private FingerprintProbe(boolean oneCall) {
        this.oneCall = oneCall;
    }

    /** {@return a probe for one call of a thread that keeps no probe of its own} */
    static FingerprintProbe forOneCall() {
        return new FingerprintProbe(true);
    }

    /** Makes this probe stand for the first {@code length} characters of {@code template}, unmasked. */
    FingerprintProbe text(String template, int length) {
        this.text = template;
        this.length = length;
        this.tokenCount = 0;
        this.effectiveLength = length;
        KeyDigest d = digest.start();
        d.add(template, 0, length);
        d.finish();
        this.high = d.high();
        this.low = d.low();
        return this;
    }

    /**
     * Copies the first {@code length} characters of {@code template} into this probe's buffer, for {@link #recall} and
     * {@link #mask()}, without allocating after the first use.
     */
    void load(String template, int length) {
        if (tokens == null) {
            int capacity = oneCall ? Math.max(1, length) : MAX_TEMPLATE_CHARS;
            raw = new char[capacity];
            tokens = new int[2 * capacity];
            attempts = new int[3 + 2 * capacity];
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
        return known != null && replay.replays(raw, length) ? known : null;
    }

    /**
     * Makes this probe stand for the loaded text, masked, and digests it.
     *
     * @return whether any token was masked
     */
    boolean mask() {
        int count = TokenMasker.scan(raw, length, tokens, attempts);
        this.tokenCount = count;
        this.effectiveLength = count == 0 ? length : TokenMasker.maskedLength(length, tokens, count);
        KeyDigest d = digest.start();
        int at = 0;
        for (int t = 0; t < count; t++) {
            int start = TokenMasker.tokenStart(tokens, t);
            int end = TokenMasker.tokenEnd(tokens, t);
            int kind = TokenMasker.tokenKind(tokens, t);
            d.add(raw, at, start);
            String placeholder = TokenMasker.placeholder(kind);
            if (kind == TokenMasker.KIND_QUOTED) {
                d.add(raw[start]);
                d.add(placeholder, 0, placeholder.length());
                d.add(raw[end - 1]);
            } else {
                d.add(placeholder, 0, placeholder.length());
            }
            at = end;
        }
        d.add(raw, at, length);
        d.finish();
        this.high = d.high();
        this.low = d.low();
        return count != 0;
    }

    /**
     * Returns the frozen key of this very template string (or message: the same object, not masked) that this thread
     * found last ({@link #learn}) if its other parts are these, else null: recognised without digesting the text.
     */
    FrozenKey recallPlain(String template, String logger, Object levelObject, Class<?> thrown,
            StackTraceElement firstFrame) {
        FrozenKey known = plainCandidate;
        return known != null && plainTemplate == template && known.hasParts(logger, levelObject, thrown, firstFrame)
                ? known : null;
    }

    /**
     * Remembers {@code key}, a frozen key this probe was found equal to, for {@link #recall} (a masked probe: its
     * replay is made from this probe's scan, in buffers this probe keeps) or {@link #recallPlain}.
     */
    void learn(FrozenKey key) {
        if (tokenCount != 0) {
            if (replay == null) {
                replay = new MaskReplay();
            }
            candidate = replay.load(raw, length, tokens, tokenCount, attempts, MaskReplay.MAX_CHARS) ? key : null;
        } else {
            plainCandidate = key;
            plainTemplate = text;
        }
    }

    /**
     * Puts {@code stored} in place of {@code recalled}, a key this probe remembers, which the ledger no longer holds:
     * it holds {@code stored}, an equal key another thread made. Without this the thread would find its key through
     * the ledger's map on every call.
     */
    void replace(FrozenKey recalled, FrozenKey stored) {
        if (candidate == recalled) {
            candidate = stored;
        }
        if (plainCandidate == recalled) {
            plainCandidate = stored;
        }
    }

    /** {@return whether this probe serves one call only ({@link #forOneCall()})} */
    boolean servesOneCall() {
        return oneCall;
    }

    /** {@return whether tokens were masked in this probe's text} */
    boolean isMasked() {
        return tokenCount != 0;
    }

    /**
     * {@return a new replay of this masked probe's text, for a key shared between threads, or null if its masked text
     * would be longer than {@code limit} characters}
     */
    MaskReplay newReplay(int limit) {
        MaskReplay r = new MaskReplay();
        return r.load(raw, length, tokens, tokenCount, attempts, limit) ? r : null;
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
    FingerprintProbe parts(String logger, Object levelObject, Class<?> thrown, StackTraceElement firstFrame) {
        this.loggerName = logger;
        this.level = levelObject;
        this.thrownClass = thrown;
        this.frame = firstFrame;
        int h = (int) (high ^ high >>> 32);
        h = 31 * h + Objects.hashCode(logger);
        h = 31 * h + Objects.hashCode(levelObject);
        h = 31 * h + Objects.hashCode(thrown);
        this.hash = 31 * h + Objects.hashCode(firstFrame);
        return this;
    }

    /**
     * Returns an immutable key equal to this one: the digest, a sample of the finished text, and the other parts.
     *
     * @param fleetNames whether the key also gets its fleet name ({@code FleetSettings.nameOf}), made from all the text
     *     and the other parts
     */
    FrozenKey freeze(boolean fleetNames) {
        String finished = effectiveText();
        boolean whole = tokenCount == 0 && length == text.length() && length <= FrozenKey.MAX_SAMPLE_CHARS;
        boolean shortened = finished.length() > FrozenKey.MAX_SAMPLE_CHARS;
        String sample = shortened ? finished.substring(0, FrozenKey.MAX_SAMPLE_CHARS) : finished;
        String fleetName = fleetNames
                ? Digests.sha256Hex128(FrozenKey.fleetText(finished, loggerName, level, thrownClass, frame))
                : null;
        return new FrozenKey(high, low, sample, shortened, whole, loggerName, level, thrownClass, frame, fleetName,
                hash);
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
     * Returns whether {@code o} is a frozen key with this probe's digest and parts, or a probe for the same digest and
     * parts.
     */
    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (o instanceof FrozenKey) {
            FrozenKey k = (FrozenKey) o;
            return hash == k.hashCode() && k.hasDigest(high, low) && k.hasParts(loggerName, level, thrownClass, frame);
        }
        if (!(o instanceof FingerprintProbe)) {
            return false;
        }
        FingerprintProbe k = (FingerprintProbe) o;
        return hash == k.hash && high == k.high && low == k.low && thrownClass == k.thrownClass
                && Objects.equals(level, k.level) && Objects.equals(loggerName, k.loggerName)
                && Objects.equals(frame, k.frame);
    }

    @Override
    public String toString() {
        return effectiveText();
    }
}
