package dev.floodgate.core.fingerprint;

import dev.floodgate.core.base.Digests;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * Turns the parts of a logging call into the key of its fingerprint: by default the message template itself, so
 * {@code "Connection to {} failed"} with any arguments is one fingerprint.
 *
 * <p>Thread-safe; its settings are immutable. {@link #probe} returns the template when that is the whole fingerprint,
 * a stored key this thread {@link #learn learned} when the message certainly is that key, and otherwise a probe that
 * is valid until the same thread's next call; call {@link #freeze} before storing it. On a platform thread the probe
 * is the thread's own, reused for every call, and nothing is allocated. A virtual thread keeps none (it often lives
 * for one task): what its calls learn is shared with every other virtual thread, so that a known fingerprint is
 * recognised without allocating, and only a call that is not recognised makes a probe for itself. Every thread shares
 * the memory of the messages found without a token, so such a message is its own fingerprint without a scan, and on a
 * platform thread without a look at its probe.
 * Templates longer than {@value #MAX_TEMPLATE_CHARS} characters are fingerprinted by their first
 * {@value #MAX_TEMPLATE_CHARS}.
 *
 * <p>Keys: a template logged with arguments, of at most {@value #MAX_SAMPLE_CHARS} characters, is its own key when
 * the fingerprint has no other part (the application's templates are its code, and a string hashes and compares as
 * the JDK's hash tables expect). Every other fingerprint, and every message logged without arguments, is identified
 * by a {@link KeyDigest} of its text, keyed per process, so that text an attacker sends can neither collide in the
 * ledger nor make a key hold more than a sample of {@value #MAX_SAMPLE_CHARS} characters, whatever its length.
 *
 * <p>The engine's own: public only because {@link dev.floodgate.core.FloodEngine}, in another package, calls it, and
 * not exported by the module. Its keys are plain objects (template strings and frozen keys) that only the engine
 * holds; a caller outside the core gets a call's key as a {@link dev.floodgate.core.Fingerprint}.
 */
public final class Fingerprinter {

    /** The number of leading template characters that make up a fingerprint. */
    public static final int MAX_TEMPLATE_CHARS = FingerprintProbe.MAX_TEMPLATE_CHARS;
    /**
     * The longest template that is its own key, and the most characters of its text a stored key keeps to show in
     * summaries.
     */
    public static final int MAX_SAMPLE_CHARS = FrozenKey.MAX_SAMPLE_CHARS;

    private static final ThreadLocal<FingerprintProbe> PROBE = ThreadLocal.withInitial(FingerprintProbe::new);
    private static final ThreadLocal<FrameMemo> FRAMES = ThreadLocal.withInitial(FrameMemo::new);
    /** {@code Thread.isVirtual()} (Java 21), or null on a Java without virtual threads. */
    private static final MethodHandle IS_VIRTUAL = isVirtualHandle();

    private final boolean includeLogger;
    private final boolean includeLevel;
    private final boolean includeThrowable;
    private final boolean includeThrowableFrame;
    private final boolean maskTokens;
    private final boolean composite;
    /** The longest template that is its own fingerprint when the call has arguments; -1 if none is. */
    private final int plainTemplateLimit;
    /** The messages every thread found without a token. */
    private final TokenFreeMessages tokenFreeMessages = new TokenFreeMessages();
    /** What the calls of threads that keep no probe (virtual threads) learned; see {@link #ownsProbe()}. */
    private final SharedRecall shared = new SharedRecall();
    /** Whether every thread is treated as one that keeps no probe: for tests on a Java without virtual threads. */
    private final boolean noThreadOwnsProbe;
    /** Whether stored keys get their fleet name ({@link #fleetName}). */
    private final boolean fleetNames;

    /**
     * Creates a fingerprinter.
     *
     * @param includeLogger whether the logger name is part of the fingerprint
     * @param includeLevel whether the level is part of the fingerprint
     * @param includeThrowable whether the throwable's class is part of the fingerprint
     * @param includeThrowableFrame whether the throwable's class and its first stack frame are part of it
     * @param maskTokens whether messages logged without arguments have their variable tokens masked
     */
    public Fingerprinter(boolean includeLogger, boolean includeLevel, boolean includeThrowable,
            boolean includeThrowableFrame, boolean maskTokens) {
        this(includeLogger, includeLevel, includeThrowable, includeThrowableFrame, maskTokens, false, false);
    }

    /**
     * Creates a fingerprinter whose stored keys know their fleet name ({@link #fleetName}), for a filter with a fleet
     * limit.
     *
     * @param includeLogger whether the logger name is part of the fingerprint
     * @param includeLevel whether the level is part of the fingerprint
     * @param includeThrowable whether the throwable's class is part of the fingerprint
     * @param includeThrowableFrame whether the throwable's class and its first stack frame are part of it
     * @param maskTokens whether messages logged without arguments have their variable tokens masked
     * @return the fingerprinter
     */
    public static Fingerprinter withFleetNames(boolean includeLogger, boolean includeLevel, boolean includeThrowable,
            boolean includeThrowableFrame, boolean maskTokens) {
        return new Fingerprinter(includeLogger, includeLevel, includeThrowable, includeThrowableFrame, maskTokens,
                false, true);
    }

    /** As the public constructor; with {@code noThreadOwnsProbe}, every thread takes the path of virtual threads. */
    Fingerprinter(boolean includeLogger, boolean includeLevel, boolean includeThrowable, boolean includeThrowableFrame,
            boolean maskTokens, boolean noThreadOwnsProbe) {
        this(includeLogger, includeLevel, includeThrowable, includeThrowableFrame, maskTokens, noThreadOwnsProbe,
                false);
    }

    private Fingerprinter(boolean includeLogger, boolean includeLevel, boolean includeThrowable,
            boolean includeThrowableFrame, boolean maskTokens, boolean noThreadOwnsProbe, boolean fleetNames) {
        this.noThreadOwnsProbe = noThreadOwnsProbe;
        this.fleetNames = fleetNames;
        this.includeLogger = includeLogger;
        this.includeLevel = includeLevel;
        this.includeThrowable = includeThrowable || includeThrowableFrame;
        this.includeThrowableFrame = includeThrowableFrame;
        this.maskTokens = maskTokens;
        this.composite = includeLogger || includeLevel || this.includeThrowable;
        this.plainTemplateLimit = composite ? -1 : MAX_SAMPLE_CHARS;
    }

    /**
     * Returns whether a template logged with arguments is its own fingerprint whenever it is at most
     * {@value #MAX_SAMPLE_CHARS} characters long.
     *
     * @return true unless the fingerprint includes the logger, the level or the throwable
     */
    public boolean keysTemplatesAlone() {
        return !composite;
    }

    /**
     * Returns whether a template is made of placeholders alone: it has a {@code {}} and no letter or digit outside
     * them, such as {@code "{}"}, {@code "{}{}"}, {@code "{} {}"} or {@code "[{}] {}"}. Such a template says nothing of
     * what is logged through it, so the adapters fingerprint a call of one by its rendered text, as a message logged
     * without arguments (masked), and never by the template. Stops at the first letter or digit, so a template that
     * starts with a word costs one character's read.
     *
     * @param template the unformatted message
     * @return true if nothing but placeholders, spaces and punctuation make up {@code template}
     */
    public static boolean isGeneric(String template) {
        boolean placeholder = false;
        int n = template.length();
        for (int i = 0; i < n; i++) {
            char c = template.charAt(i);
            if (c == '{' && i + 1 < n && template.charAt(i + 1) == '}') {
                placeholder = true;
                i++;
            } else if (Character.isLetterOrDigit(c)) {
                return false;
            }
        }
        return placeholder;
    }

    /**
     * Returns the lookup key of one call.
     *
     * @param template the unformatted message; not null
     * @param hasArguments whether the call passed arguments for the template (a trailing throwable does not count);
     *     only messages without arguments are masked, since a template with arguments already is a template
     * @param loggerName the logger's name
     * @param level the framework's level object; compared with {@code equals}
     * @param thrown the throwable of the call, or null
     * @return the template itself, a stored key, or a probe to {@link #freeze} before storing
     */
    public Object probe(String template, boolean hasArguments, String loggerName, Object level, Throwable thrown) {
        if (hasArguments && template.length() <= plainTemplateLimit) {
            return template;
        }
        return slowProbe(template, hasArguments, loggerName, level, thrown);
    }

    /**
     * Returns whether {@code key}, a stored key, is certainly the fingerprint of this call without taking its probe:
     * a key of more parts than the template, neither masked nor cut, whose text is this very template string (by
     * identity) and whose other parts equal the call's, for a call
     * whose message needs no masking (it has arguments, or no token was found in this string before). False is no
     * answer: {@link #probe} the call.
     *
     * @param key a key returned by {@link #freeze}, or null
     * @param template the unformatted message
     * @param hasArguments whether the call passed arguments for the template
     * @param loggerName the logger's name
     * @param level the framework's level object
     * @param thrown the throwable of the call, or null
     * @return true only if {@code key} equals the key {@link #probe} would return for the call
     */
    public boolean isKeyOf(Object key, String template, boolean hasArguments, String loggerName, Object level,
            Throwable thrown) {
        if (!(key instanceof FrozenKey)) {
            return false;
        }
        FrozenKey k = (FrozenKey) key;
        return k.template() == template && (hasArguments || !maskTokens || tokenFreeMessages.contains(template))
                && k.hasParts(includeLogger ? loggerName : null, includeLevel ? level : null,
                        includeThrowable && thrown != null ? thrown.getClass() : null,
                        includeThrowableFrame && thrown != null ? frameOf(thrown) : null);
    }

    private Object slowProbe(String template, boolean hasArguments, String loggerName, Object level,
            Throwable thrown) {
        int full = template.length();
        int length = Math.min(full, MAX_TEMPLATE_CHARS);
        String logger = includeLogger ? loggerName : null;
        Object levelPart = includeLevel ? level : null;
        Class<?> thrownClass = includeThrowable && thrown != null ? thrown.getClass() : null;
        StackTraceElement frame = includeThrowableFrame && thrown != null ? frameOf(thrown) : null;
        // A message scanned whole before and found without a token is its own fingerprint's text.
        boolean tokenFree = maskTokens && !hasArguments && length == full && tokenFreeMessages.contains(template);
        if (!ownsProbe()) {
            return probeOfOneCall(template, hasArguments, tokenFree, full, length, logger, levelPart, thrownClass,
                    frame);
        }
        FingerprintProbe probe = PROBE.get();
        if (maskTokens && !hasArguments && !tokenFree) {
            probe.load(template, length);
            FrozenKey known = probe.recall();
            if (known != null && known.hasParts(logger, levelPart, thrownClass, frame)) {
                return known;
            }
            if (!probe.mask() && length == full) {
                tokenFreeMessages.remember(template);
                known = probe.recallPlain(template, logger, levelPart, thrownClass, frame);
                if (known != null) {
                    return known;
                }
            }
            return probe.parts(logger, levelPart, thrownClass, frame);
        }
        FrozenKey known = probe.recallPlain(template, logger, levelPart, thrownClass, frame);
        if (known != null) {
            return known;
        }
        return probe.text(template, length).parts(logger, levelPart, thrownClass, frame);
    }

    /**
     * {@link #slowProbe} on a thread that keeps no probe: a key the other such threads learned if it certainly is the
     * call's, else a probe made for this call. Apart, so that the platform threads' path compiles small.
     */
    private Object probeOfOneCall(String template, boolean hasArguments, boolean tokenFree, int full, int length,
            String logger, Object levelPart, Class<?> thrownClass, StackTraceElement frame) {
        if (maskTokens && !hasArguments && !tokenFree) {
            FrozenKey known = shared.recallMasked(template, length, logger, levelPart, thrownClass, frame);
            if (known != null) {
                return known;
            }
            FingerprintProbe probe = FingerprintProbe.forOneCall();
            probe.load(template, length);
            if (!probe.mask() && length == full) {
                tokenFreeMessages.remember(template);
                known = shared.recallPlain(template, logger, levelPart, thrownClass, frame);
                if (known != null) {
                    return known;
                }
            }
            return probe.parts(logger, levelPart, thrownClass, frame);
        }
        FrozenKey known = shared.recallPlain(template, logger, levelPart, thrownClass, frame);
        if (known != null) {
            return known;
        }
        return FingerprintProbe.forOneCall().text(template, length).parts(logger, levelPart, thrownClass, frame);
    }

    /** {@return whether {@code message}, this very string, is known to have no token}; for tests */
    boolean knowsTokenFree(String message) {
        return tokenFreeMessages.contains(message);
    }

    /**
     * Returns whether the calling thread keeps a probe of its own for its calls (a platform thread), rather than
     * sharing what it learns with the other threads that keep none (a virtual thread: one per task is common, and a
     * probe kept per virtual thread would be made again for nearly every call).
     */
    private boolean ownsProbe() {
        if (noThreadOwnsProbe) {
            return false;
        }
        if (IS_VIRTUAL == null) {
            return true;
        }
        try {
            return !(boolean) IS_VIRTUAL.invokeExact(Thread.currentThread());
        } catch (Throwable e) {
            throw new IllegalStateException("Thread.isVirtual failed", e);
        }
    }

    private static MethodHandle isVirtualHandle() {
        try {
            return MethodHandles.publicLookup().findVirtual(Thread.class, "isVirtual",
                    MethodType.methodType(boolean.class));
        } catch (NoSuchMethodException | IllegalAccessException e) {
            return null;
        }
    }

    /**
     * Notes that {@code probe}, this thread's latest probe, was found equal to {@code key}, a stored key, so that
     * the next {@link #probe} of a message that masks the same way, or of the same template string with the same
     * parts (on a virtual thread: of any virtual thread), can return {@code key} without a lookup. If {@code probe} is
     * a key recalled that way and {@code key} another (the ledger forgot the recalled one, and another thread made
     * the key it holds now), {@code key} takes its place.
     *
     * @param probe the probe this thread's last {@link #probe} call returned
     * @param key the stored key found equal to it
     */
    public void learn(Object probe, Object key) {
        if (!(key instanceof FrozenKey)) {
            return;
        }
        FrozenKey stored = (FrozenKey) key;
        if (probe instanceof FingerprintProbe) {
            FingerprintProbe p = (FingerprintProbe) probe;
            if (p.servesOneCall()) {
                shared.learn(p, stored);
            } else {
                p.learn(stored);
            }
        } else if (probe instanceof FrozenKey) {
            // A key this thread recalled, while the ledger holds an equal one another thread made.
            if (ownsProbe()) {
                PROBE.get().replace((FrozenKey) probe, stored);
            } else {
                shared.replace((FrozenKey) probe, stored);
            }
        }
    }

    /**
     * {@return an immutable key equal to {@code probe}, for storing}
     *
     * @param probe a probe key from this fingerprinter, valid only during the logging call
     */
    public Object freeze(Object probe) {
        return probe instanceof FingerprintProbe ? ((FingerprintProbe) probe).freeze(fleetNames) : probe;
    }

    /**
     * {@return how a summary shows a frozen key: the (masked, cut) template, or its first characters and an ellipsis if
     * it is longer than {@value #MAX_SAMPLE_CHARS} characters, followed by the throwable's class and frame when they
     * are part of the fingerprint}
     *
     * @param key a key returned by {@link #freeze(Object)}
     */
    public String describe(Object key) {
        if (!(key instanceof FrozenKey)) {
            return String.valueOf(key);
        }
        return ((FrozenKey) key).description();
    }

    /**
     * {@return the name of a stored key's fingerprint in the fleet's shared store: {@code FleetSettings.nameOf} of its
     * whole description (all of its text, where {@link #describe} may show a sample) and the logger and level where
     * they are part of the fingerprint, the same in every process}
     *
     * @param key a key returned by {@link #freeze(Object)} of a fingerprinter made {@link #withFleetNames}
     * @throws IllegalStateException if the key has no fleet name
     */
    public String fleetName(Object key) {
        if (!(key instanceof FrozenKey)) {
            return Digests.sha256Hex128(String.valueOf(key));
        }
        String name = ((FrozenKey) key).fleetName();
        if (name == null) {
            throw new IllegalStateException("a key of a fingerprinter made without fleet names");
        }
        return name;
    }

    /**
     * The first frame of {@code thrown}: on a platform thread remembered for the throwable it fingerprinted last, so
     * that the same throwable logged again is not copied; on a virtual thread (often one per task) read anew.
     */
    private StackTraceElement frameOf(Throwable thrown) {
        return ownsProbe() ? FRAMES.get().firstFrame(thrown) : FrameMemo.read(thrown);
    }
}
