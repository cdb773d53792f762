package dev.floodgate.core.fingerprint;

/**
 * What one try of the token readers at a place of a text returns, as a {@code long}, and what it proved about the
 * text ahead: the protocol between the masking scan ({@code TokenMasker}), its readers ({@code NumericTokens},
 * {@code TimeTokens}) and {@code MaskReplay}, in a class of its own so that none of them depends on another for it.
 * Holds the token kinds and the encoding; stateless.
 */
final class Attempt {

    static final int KIND_NUMBER = 1;
    static final int KIND_HEX = 2;
    static final int KIND_UUID = 3;
    static final int KIND_IP = 4;
    static final int KIND_QUOTED = 5;
    static final int KIND_DATE = 6;
    static final int KIND_TIME = 7;
    static final int KIND_TIMESTAMP = 8;
    static final int KIND_DURATION = 9;

    /*
     * Attempts: where a token may start at a word boundary, TokenMasker.attemptAt tries the kinds in order. Its result
     * is a long. Bits 0-27: the token's end; where none starts, the end of the word's leading letters (0 for a character that is
     * not a word character). Bits 28-31: the token's kind, 0 for none; the low half is what a scan stores for the
     * token. Bits 32-61: what the attempt proved about the text ahead: a position before which no IPv6 address
     * starts (from the attempt on), and for each quote character that none closes from the attempt on. A scan keeps
     * what its attempts proved in one such long, ahead, and passes it to each attempt, which then leaves out what is
     * known to fail; so does a replay, whose attempts are some of a scan's.
     *
     * Linear time: a scan reads each character a bounded number of times, whatever the text. Outside attempts it
     * reads each character once. Attempts start at increasing positions; after one the scan goes on at the token's
     * end or after the word's leading letters, and it makes no attempt inside a word (digits joined to it by dots
     * included). So what an attempt reads is read a bounded number of times in all when it is:
     * 1. at most a fixed number of characters: a UUID's 37, the fields of a date, a time, a zone or an IPv4
     *    address, a month's or a weekday's name, a unit's 13 letters;
     * 2. the token it returns, which the scan then passes;
     * 3. the word it starts in, which the scan crosses without another attempt (a hex word, 0x and its digits, a
     *    duration's numbers and units), or a word that only a bounded number of attempts reach past fixed fields:
     *    a time's fraction, the port after an IPv4 address;
     * 4. a run whose end decides for every start in it, which the attempt records in ahead when it finds no token:
     *    an IPv6 address's run of hex digits, colons and dots (an address from a later start in the run would end
     *    at the same place with fewer colons and digits), and the rest of the text after a quote that does not close.
     * A reader that would read any other run of unknown length breaks this bound (ScanReadsTest counts the reads).
     */

    /** The bit of an attempt's result that says it read past a plain number or a word's leading letters. */
    static final long COSTLY = 1L << 62;
    /** What an attempt returns where no token starts and it proved nothing. */
    static final long NONE = 0L;
    /** The bits of an attempt's result that say where an IPv6 address may start again. */
    private static final long IPV6_HORIZON = 0x0FFF_FFFFL << 32;
    /** The bit that says no single quote closes from the attempt on. */
    static final long SINGLE_QUOTE_OPEN = 1L << 60;
    /** The bit that says no double quote closes from the attempt on. */
    static final long DOUBLE_QUOTE_OPEN = 1L << 61;

    private Attempt() {
    }

    /** Returns the kind of the token an attempt found, 0 for none. */
    static int kind(long token) {
        return (int) token >>> 28;
    }

    /** Returns the end of the token an attempt found; where none, the end of the word's leading letters. */
    static int end(long token) {
        return (int) token & 0x0FFFFFFF;
    }

    /** Returns the result of an attempt that found a token of {@code kind} ending at {@code end}. */
    static long token(int kind, int end) {
        return (long) kind << 28 | end;
    }

    /** Returns {@code ahead} with what an attempt that returned {@code result} proved about the text ahead. */
    static long learned(long ahead, long result) {
        long horizon = result & IPV6_HORIZON;
        // a horizon only grows: no attempt looks for an address before the one it knows
        return (horizon != 0 ? ahead & ~IPV6_HORIZON | horizon : ahead) | result & (SINGLE_QUOTE_OPEN
                | DOUBLE_QUOTE_OPEN);
    }

    /** Returns the position before which {@code ahead} says no IPv6 address starts. */
    static int ipv6Horizon(long ahead) {
        return (int) (ahead >>> 32) & 0x0FFFFFFF;
    }

    /** Returns an attempt's result that proves no IPv6 address starts before {@code position}, from the attempt on. */
    static long noIpv6Before(int position) {
        return (long) position << 32;
    }
}
