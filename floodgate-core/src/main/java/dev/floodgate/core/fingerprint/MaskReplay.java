package dev.floodgate.core.fingerprint;

import static dev.floodgate.core.fingerprint.Chars.isDigit;
import static dev.floodgate.core.fingerprint.Chars.isWordChar;

import java.util.Arrays;

/**
 * A masked text, and what it takes to check that another text masks to it without scanning all of it: the places
 * where the scan of the text it came from made a decision that looked beyond equal literal text. A flood of one
 * concatenated message is recognised by comparing its literal parts in bulk and re-running the token recognisers
 * only there. The masked text is kept here, as the characters that comparison reads; this sequence of characters is
 * it, and {@link #toString()} makes its string.
 *
 * <p>Not thread-safe while it is {@link #load loaded}: a thread's probe reloads its own in place, without allocating
 * once its buffers are large enough; a replay shared between threads is loaded once, before it is published through a
 * final field, and never again. Memory: at most {@link #MAX_CHARS} characters of masked text, as many of the text it
 * was made of, and as many steps, of 28 bytes each. Invariant ({@link
 * #replays}): it returns true only if {@link TokenMasker#scan} of the text finds tokens of the same kinds at the same
 * places relative to equal literal text, so that the masked texts are equal; a false answer only means "scan it".
 *
 * <p>Why the steps suffice: where two texts agree on a stretch of literal characters and enter it in the same state
 * (after a word character or not), the scan decides the same on every character whose decision reads only that
 * stretch. Decisions that read further are a token (re-run; its kind, and whether it ends in a word character, must
 * agree) and a tried token that was not there, where what it read reaches the next token (re-run; it must again not
 * be there, over the same letters). After the last token, the rest of the text is compared whole, so nothing there
 * is re-run. Where the scan ran out of attempts and masked the rest coarsely ({@link TokenMasker#attemptBudget}), a
 * decision reads one character and its run, so the rest is masked coarsely again as it is compared. The steps re-run
 * are some of the attempts of a scan of the other text, in its order, so a replay keeps what they proved about the
 * text ahead as a scan does, and takes time linear in the length of the text as a scan does; so does making a replay.
 *
 * <p>Where a replay starts: a flood's texts mostly differ in their last tokens. The replay keeps the text it was made
 * of, and for each step where the characters end that decide it and the steps before it ({@link
 * TokenMasker#decidedBy}), with its own state after it. A text that begins with those characters decides those
 * steps the same way, so the replay of it compares the two texts in bulk and starts after the last such step: it
 * re-runs only the steps that read what differs.
 */
final class MaskReplay implements CharSequence {

    /**
     * The most characters of masked text, and the most steps, a replay holds; a longer one is not made. Twice the
     * longest template a fingerprint keeps (the fingerprinter's {@code MAX_TEMPLATE_CHARS}, which MaskReplayTest
     * compares), so that the replay of such a template with a token every other character is made.
     */
    static final int MAX_CHARS = 2_000;
    /** Fewer characters than this are compared one by one, more in bulk. */
    private static final int SHORT = 16;
    /** The length of each kind's placeholder in a masked text, with the quotes of a quoted string. */
    private static final int[] PLACEHOLDER_LENGTHS = placeholderLengths();
    /** The bit of a tried place's letters in {@link #steps} that says the attempt was costly. */
    private static final int COSTLY_LETTERS = 1 << 20;
    /** A step's {@link #decidedBy} where {@link #load} did not run it: no replay starts after it. */
    private static final int UNDECIDED = Integer.MAX_VALUE;
    /** The longest shape (a run of word characters, dots, colons, dashes and slashes) a replay starts after. */
    private static final int LONG_SHAPE = 64;
    /** What coarse masking puts in place of a run that holds a digit. */
    private static final char[] COARSE_NUMBER = TokenMasker.NUMBER.toCharArray();

    private char[] masked = new char[0];
    private int maskedLength;
    /** Two entries per step: its position in {@link #masked}, then {@code -1 - letters} for a tried token that was
     * not there (the word's leading letters from there, 0 for a non-word character; bit 20 of {@code letters} set if
     * the attempt was {@link Attempt#COSTLY costly}), or, for a token, its kind with bit 4 set if it ends in a
     * word character. */
    private int[] steps = new int[0];
    private int stepCount;
    /** Where the coarsely masked rest begins in {@link #masked}; its length if the scan masked nothing coarsely. */
    private int coarseAt;
    /** Whether the scan masked a rest coarsely. */
    private boolean coarse;
    /**
     * How much of its {@link TokenMasker#attemptBudget budget} the scan spent, and that budget: a text of another
     * length has another budget, which must run out at the same place, or not at all.
     */
    private int spent;
    private int budgetThen;
    /**
     * The text the replay was made of (its first {@code sourceLength} characters; none if it was longer than the
     * replay's limit), for {@link #replays} to find how much of another text is the same.
     */
    private char[] source = new char[0];
    private int sourceLength;
    /**
     * For each step: where the characters end that decided it and every step before it ({@link
     * TokenMasker#decidedBy}), and the state of a replay after it (its position in the text, its position in
     * {@link #masked}, what its attempts proved about the text ahead), so that a replay of a text that begins with
     * those characters starts after it.
     */
    private int[] decidedBy = new int[0];
    private int[] textAfter = new int[0];
    private int[] maskedAfter = new int[0];
    private long[] aheadAfter = new long[0];

    /**
     * Makes this the replay of the first {@code n} characters of {@code s}, reusing its buffers when they are large
     * enough.
     *
     * @param tokens the {@code count} tokens of their {@link TokenMasker#scan}
     * @param attempts the tried places the same scan noted, and where it began to mask coarsely
     * @param limit the most characters of masked text, and the most steps, to keep; at most {@link #MAX_CHARS}
     * @return false, leaving this replay unusable until the next load, if the masked text or its steps would be
     *     longer than {@code limit}
     */
    boolean load(char[] s, int n, int[] tokens, int count, int[] attempts, int limit) {
        int length = TokenMasker.maskedLength(n, tokens, count);
        int stepsNeeded = 2 * (count + attempts[0]);
        int coarseFrom = attempts[1];
        maskedLength = 0;
        stepCount = 0;
        coarseAt = -1;
        coarse = coarseFrom < n;
        spent = attempts[2];
        budgetThen = TokenMasker.attemptBudget(n);
        if (length > Math.min(limit, MAX_CHARS) || stepsNeeded > 2 * Math.min(limit, MAX_CHARS)) {
            return false;
        }
        if (masked.length < length) {
            masked = new char[length];
        }
        if (steps.length < stepsNeeded) {
            steps = new int[stepsNeeded];
            decidedBy = new int[stepsNeeded / 2];
            textAfter = new int[stepsNeeded / 2];
            maskedAfter = new int[stepsNeeded / 2];
            aheadAfter = new long[stepsNeeded / 2];
        }
        int used = 0;
        int delta = 0;
        int a = 0;
        int at = 0;
        int mp = 0;
        // the end of the shape that holds the last attempt that needed it; the attempts come in order
        int shapeEnd = 0;
        for (int t = 0; t <= count; t++) {
            int next = t < count ? TokenMasker.tokenStart(tokens, t) : n;
            if (coarseAt < 0 && next >= coarseFrom) {
                // every token before this one lies before the coarse rest
                coarseAt = coarseFrom + delta;
            }
            for (; a < attempts[0] && attempts[3 + 2 * a] < next; a++) {
                int tried = attempts[3 + 2 * a];
                int wentOn = attempts[4 + 2 * a];
                int letters = isWordChar(s[tried]) ? (wentOn & ~TokenMasker.COSTLY_PLACE) - tried : 0;
                int reach = letters > 0 && next < n ? TokenMasker.letterLedReach(s, tried, tried + letters, n) : n;
                if (reach < 0) {
                    shapeEnd = tried < shapeEnd ? shapeEnd : NumericTokens.shapeEnd(s, tried, n);
                    reach = shapeEnd;
                }
                // what the decision read lies in the literal text up to the next token, or after the last token
                boolean local = next == n || reach < next;
                if (!local) {
                    textAfter[used / 2] = tried;
                    steps[used++] = tried + delta;
                    steps[used++] = -1 - (letters | ((wentOn & TokenMasker.COSTLY_PLACE) != 0 ? COSTLY_LETTERS : 0));
                }
            }
            System.arraycopy(s, at, masked, mp, next - at);
            mp += next - at;
            if (t < count) {
                int end = TokenMasker.tokenEnd(tokens, t);
                int kind = TokenMasker.tokenKind(tokens, t);
                if (next < coarseFrom) {
                    textAfter[used / 2] = next;
                    steps[used++] = next + delta;
                    steps[used++] = kind | (kind != Attempt.KIND_QUOTED && isWordChar(s[end - 1]) ? 16 : 0);
                }
                String placeholder = TokenMasker.placeholder(kind);
                if (kind == Attempt.KIND_QUOTED) {
                    masked[mp++] = s[next];
                    placeholder.getChars(0, placeholder.length(), masked, mp);
                    mp += placeholder.length();
                    masked[mp++] = s[end - 1];
                } else {
                    placeholder.getChars(0, placeholder.length(), masked, mp);
                    mp += placeholder.length();
                }
                delta += placeholderLength(kind) - (end - next);
                at = end;
            }
        }
        maskedLength = mp;
        stepCount = used;
        sourceLength = n <= limit ? n : 0;
        if (source.length < sourceLength) {
            source = new char[sourceLength];
        }
        System.arraycopy(s, 0, source, 0, sourceLength);
        resumePoints(s, n);
        return true;
    }

    /**
     * Runs the steps on the text the replay is made of, {@code s}, whose positions {@link #textAfter} holds, and
     * notes after each where the characters end that decided it and the steps before it, and the replay's state.
     */
    private void resumePoints(char[] s, int n) {
        long ahead = Attempt.NONE;
        int decided = 0;
        // the end of the shape that holds the last step; the steps come in order
        int shapeEnd = 0;
        for (int e = 0; e < stepCount; e += 2) {
            int at = textAfter[e / 2];
            if (at >= shapeEnd) {
                // a shape longer than LONG_SHAPE decides past where most texts still agree: read no further
                shapeEnd = NumericTokens.shapeEnd(s, at, Math.min(n, at + LONG_SHAPE));
                shapeEnd = shapeEnd == at + LONG_SHAPE ? n : shapeEnd;
            }
            boolean token = steps[e + 1] >= 0;
            boolean inWord = token && at > 0 && isWordChar(s[at - 1]);
            decided = Math.max(decided, TokenMasker.decidedBy(s, at, n, inWord, shapeEnd));
            if (decided > n) {
                // no other text shares what decides this step, so no replay starts after it or a later one
                Arrays.fill(decidedBy, e / 2, stepCount / 2, UNDECIDED);
                return;
            }
            long result;
            if (inWord) {
                result = TokenMasker.attemptInWord(s, at, n);
            } else {
                result = TokenMasker.attemptAt(s, at, n, ahead);
                ahead = Attempt.learned(ahead, result);
            }
            decidedBy[e / 2] = decided;
            textAfter[e / 2] = token ? Attempt.end(result) : at;
            maskedAfter[e / 2] = steps[e] + (token ? placeholderLength(steps[e + 1] & 15) : 0);
            aheadAfter[e / 2] = ahead;
        }
    }

    /** Returns whether the first {@code n} characters of {@code r} certainly mask to this replay's masked text. */
    boolean replays(char[] r, int n) {
        int budget = TokenMasker.attemptBudget(n);
        if (coarse && budget != spent) {
            return false;
        }
        // how many more of r's attempts that found no token are costly than of the text this replay was made of
        int extra = 0;
        int rp = 0;
        int mp = 0;
        // what the attempts so far proved about the text ahead, as in a scan
        long ahead = Attempt.NONE;
        // the steps that only characters r shares with the source decided are decided the same: start after them
        int same = Arrays.mismatch(r, 0, n, source, 0, sourceLength);
        int shared = same < 0 ? n : same;
        int first = 0;
        while (first < stepCount && decidedBy[first / 2] <= shared) {
            first += 2;
        }
        if (first > 0) {
            rp = textAfter[first / 2 - 1];
            mp = maskedAfter[first / 2 - 1];
            ahead = aheadAfter[first / 2 - 1];
        }
        for (int e = first; e < stepCount; e += 2) {
            int length = steps[e] - mp;
            if (rp + length >= n || !same(r, rp, mp, length)) {
                return false;
            }
            rp += length;
            mp += length;
            int step = steps[e + 1];
            if (step < 0) {
                long tried = TokenMasker.attemptAt(r, rp, n, ahead);
                ahead = Attempt.learned(ahead, tried);
                int letters = -1 - step;
                if (Attempt.kind(tried) != 0
                        || (letters & ~COSTLY_LETTERS) != (isWordChar(r[rp]) ? Attempt.end(tried) - rp : 0)) {
                    return false;
                }
                int change = costlyChange(letters >= COSTLY_LETTERS, tried);
                if (change != 0 && coarse) {
                    return false;
                }
                extra += change;
                continue;
            }
            long token;
            if (rp > 0 && isWordChar(r[rp - 1])) {
                token = TokenMasker.attemptInWord(r, rp, n);
            } else {
                token = TokenMasker.attemptAt(r, rp, n, ahead);
                ahead = Attempt.learned(ahead, token);
            }
            int kind = step & 15;
            if (Attempt.kind(token) != kind) {
                return false;
            }
            int end = Attempt.end(token);
            boolean wordEnd = kind != Attempt.KIND_QUOTED && isWordChar(r[end - 1]);
            int placeholder = placeholderLength(kind);
            if (wordEnd != ((step & 16) != 0) || (kind == Attempt.KIND_QUOTED
                    && (masked[mp] != r[rp] || masked[mp + placeholder - 1] != r[end - 1]))) {
                return false;
            }
            rp = end;
            mp += placeholder;
        }
        int length = coarseAt - mp;
        return (coarse || budgetLasts(budget, extra)) && rp + length <= n && same(r, rp, mp, length)
                && coarseRest(r, rp + length, n, coarseAt);
    }

    /** Returns 1 if an attempt is costly where it was not, -1 if the other way round, else 0. */
    private static int costlyChange(boolean was, long attempt) {
        boolean is = (attempt & Attempt.COSTLY) != 0;
        return is == was ? 0 : is ? 1 : -1;
    }

    /**
     * Returns whether a text that this replay's scan did not mask coarsely, of a length with {@code budget}, does not
     * spend its budget before its end either, with {@code extra} more costly attempts.
     */
    private boolean budgetLasts(int budget, int extra) {
        return spent + extra < budget || (extra == 0 && spent == budget && budget == budgetThen);
    }

    /**
     * Returns whether {@code r[rp, n)}, masked coarsely ({@link TokenMasker#attemptBudget}), is the rest of the masked
     * text from {@code mp}.
     */
    private boolean coarseRest(char[] r, int rp, int n, int mp) {
        int i = rp;
        int m = mp;
        while (i < n) {
            if (!TokenMasker.isShapeChar(r[i])) {
                if (m == maskedLength || masked[m] != r[i]) {
                    return false;
                }
                i++;
                m++;
                continue;
            }
            int start = i;
            boolean digit = false;
            while (i < n && TokenMasker.isShapeChar(r[i])) {
                digit |= isDigit(r[i]);
                i++;
            }
            int length = digit ? COARSE_NUMBER.length : i - start;
            if (maskedLength - m < length || !(digit ? same(COARSE_NUMBER, 0, m, length) : same(r, start, m, length))) {
                return false;
            }
            m += length;
        }
        return m == maskedLength;
    }

    private boolean same(char[] r, int rp, int mp, int length) {
        if (length < SHORT) {
            // the few characters between two tokens: a loop costs less than the call that compares in bulk
            for (int k = 0; k < length; k++) {
                if (r[rp + k] != masked[mp + k]) {
                    return false;
                }
            }
            return true;
        }
        return Arrays.mismatch(r, rp, rp + length, masked, mp, mp + length) < 0;
    }

    @Override
    public int length() {
        return maskedLength;
    }

    @Override
    public char charAt(int index) {
        if (index >= maskedLength) {
            throw new IndexOutOfBoundsException("index " + index + ", length " + maskedLength);
        }
        return masked[index];
    }

    @Override
    public CharSequence subSequence(int start, int end) {
        return new String(masked, start, end - start);
    }

    @Override
    public String toString() {
        return new String(masked, 0, maskedLength);
    }

    private static int placeholderLength(int kind) {
        return PLACEHOLDER_LENGTHS[kind];
    }

    private static int[] placeholderLengths() {
        int[] lengths = new int[Attempt.KIND_DURATION + 1];
        for (int kind = Attempt.KIND_NUMBER; kind < lengths.length; kind++) {
            lengths[kind] = TokenMasker.placeholder(kind).length() + (kind == Attempt.KIND_QUOTED ? 2 : 0);
        }
        return lengths;
    }
}
