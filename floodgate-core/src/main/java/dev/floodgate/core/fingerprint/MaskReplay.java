package dev.floodgate.core.fingerprint;

import static dev.floodgate.core.fingerprint.Chars.isWordChar;

import java.util.Arrays;

/**
 * A masked text, and what it takes to check that another text masks to it without scanning all of it: the places
 * where the scan of the text it came from made a decision that looked beyond equal literal text. A flood of one
 * concatenated message is recognised by comparing its literal parts in bulk and re-running the token recognisers
 * only there. The masked text is kept once, here, as the characters that comparison reads; this sequence of
 * characters is it, and {@link #toString()} makes its string.
 *
 * <p>Immutable and thread-safe. Invariant ({@link #replays}): it returns true only if {@link TokenMasker#scan} of the
 * text finds tokens of the same kinds at the same places relative to equal literal text, so that the masked texts
 * are equal; a false answer only means "scan it".
 *
 * <p>Why the steps suffice: where two texts agree on a stretch of literal characters and enter it in the same state
 * (after a word character or not), the scan decides the same on every character whose decision reads only that
 * stretch. Decisions that read further are a token (re-run; its kind, and whether it ends in a word character, must
 * agree) and a tried token that was not there, where what it read reaches the next token (re-run; it must again not
 * be there, over the same letters). After the last token, the rest of the text is compared whole, so nothing there
 * is re-run.
 */
final class MaskReplay implements CharSequence {

    private final char[] masked;
    /** Two entries per step: its position in {@link #masked}, then {@code -1 - letters} for a tried token that was
     * not there (the word's leading letters from there, 0 for a non-word character), or, for a token, its kind with
     * bit 4 set if it ends in a word character. */
    private final int[] steps;

    private MaskReplay(char[] masked, int[] steps) {
        this.masked = masked;
        this.steps = steps;
    }

    /**
     * Builds the replay of the first {@code n} characters of {@code s}, which mask to {@code maskedText}.
     *
     * @param tokens the {@code count} tokens of their {@link TokenMasker#scan}
     * @param attempts the tried places the same scan noted
     */
    static MaskReplay of(char[] s, int n, int[] tokens, int count, int[] attempts, String maskedText) {
        int[] steps = new int[2 * (count + attempts[0])];
        int used = 0;
        int delta = 0;
        int a = 0;
        for (int t = 0; t <= count; t++) {
            int next = t < count ? TokenMasker.tokenStart(tokens, t) : n;
            for (; a < attempts[0] && attempts[1 + 2 * a] < next; a++) {
                int at = attempts[1 + 2 * a];
                int letters = isWordChar(s[at]) ? -attempts[2 + 2 * a] - at : 0;
                // what the decision read lies in the literal text up to the next token, or after the last token
                boolean local = next == n || (letters > 0 && TokenMasker.letterLedReach(s, at, at + letters, n) < next);
                if (!local) {
                    steps[used++] = at + delta;
                    steps[used++] = -1 - letters;
                }
            }
            if (t < count) {
                int end = TokenMasker.tokenEnd(tokens, t);
                int kind = TokenMasker.tokenKind(tokens, t);
                steps[used++] = next + delta;
                steps[used++] = kind | (kind != TokenMasker.KIND_QUOTED && isWordChar(s[end - 1]) ? 16 : 0);
                delta += placeholderLength(kind) - (end - next);
            }
        }
        return new MaskReplay(maskedText.toCharArray(), Arrays.copyOf(steps, used));
    }

    /** Returns whether the first {@code n} characters of {@code r} certainly mask to this replay's masked text. */
    boolean replays(char[] r, int n) {
        int rp = 0;
        int mp = 0;
        for (int e = 0; e < steps.length; e += 2) {
            int length = steps[e] - mp;
            if (rp + length >= n || !same(r, rp, mp, length)) {
                return false;
            }
            rp += length;
            mp += length;
            int step = steps[e + 1];
            if (step < 0) {
                long tried = TokenMasker.attemptAt(r, rp, n);
                if (tried >= 0 || step != -1 - (isWordChar(r[rp]) ? (int) -tried - rp : 0)) {
                    return false;
                }
                continue;
            }
            long token = rp > 0 && isWordChar(r[rp - 1]) ? TokenMasker.attemptInWord(r, rp, n)
                    : TokenMasker.attemptAt(r, rp, n);
            int kind = step & 15;
            if (token < 0 || TokenMasker.kind(token) != kind) {
                return false;
            }
            int end = TokenMasker.end(token);
            boolean wordEnd = kind != TokenMasker.KIND_QUOTED && isWordChar(r[end - 1]);
            int placeholder = placeholderLength(kind);
            if (wordEnd != (step >= 16) || (kind == TokenMasker.KIND_QUOTED
                    && (masked[mp] != r[rp] || masked[mp + placeholder - 1] != r[end - 1]))) {
                return false;
            }
            rp = end;
            mp += placeholder;
        }
        int length = masked.length - mp;
        return n - rp == length && same(r, rp, mp, length);
    }

    private boolean same(char[] r, int rp, int mp, int length) {
        return Arrays.mismatch(r, rp, rp + length, masked, mp, mp + length) < 0;
    }

    @Override
    public int length() {
        return masked.length;
    }

    @Override
    public char charAt(int index) {
        return masked[index];
    }

    @Override
    public CharSequence subSequence(int start, int end) {
        return new String(masked, start, end - start);
    }

    @Override
    public String toString() {
        return new String(masked);
    }

    private static int placeholderLength(int kind) {
        return TokenMasker.placeholder(kind).length() + (kind == TokenMasker.KIND_QUOTED ? 2 : 0);
    }
}
