package dev.floodgate.core.fingerprint;

import java.util.Random;
import java.util.UUID;

/**
 * Random log messages for the masking tests: realistic ones, made of words, numbers, addresses, dates, times, UUIDs,
 * hex words, durations, quotes and punctuation (valid and nearly valid forms of each token), with noise; log lines,
 * words with a token in place of one in four; and hostile ones, runs of the pieces that cost an attempt the most,
 * alone or mixed.
 */
final class MessageCorpus {

    private static final String[] WORDS = {"connection", "refused", "Failed", "for", "order", "user", "the", "from",
        "to", "at", "on", "Service", "Jobs", "deadbeef", "cafe", "face", "bad", "abc", "Mode", "Sunday", "July",
        "Decimal", "Mon", "Tue", "Jul", "Dec", "Oct", "May", "Jun", "Sep", "Wed", "Fri", "ms", "s", "m", "h", "sec",
        "seconds", "minutes", "x", "g", "T", "Z", "_", "é", "Straße", "日本", "٣", "log4j2", "user42",
        "db-7.internal", "can't", "it's", "ERROR", "id", "Ab", "ABCDEF", "e1", "F00"};
    private static final String[] LOG_WORDS = {"connection", "refused", "Failed", "for", "order", "user", "the",
        "from", "to", "at", "on", "request", "timed", "out", "after", "retrying", "queue", "is", "full", "cache",
        "miss", "session", "expired", "Service", "Unavailable", "ERROR", "handler", "closed", "stream", "id",
        "db-7.internal", "log4j2", "user42", "can't"};
    private static final String[] SEPARATORS = {" ", " ", " ", ", ", ": ", "=", "/", "-", "(", ")", "[", "]", "{}",
        ".", ";", "...", " - ", "->", "#", "@", "\t", ":", "'", "\"", "_", "+"};
    private static final String[] FIXED = {"fe80::1ff:fe23:4567:890a", "::1", "2001:db8::8a2e:370:7334", "[::1]:80",
        "[2001:db8::1]", "[fe80::1", "::ffff:10.0.0.1", "1::", "a:b:c", "::", ":::1", "fe80::1.", "fe80::1g",
        "2024-05-01", "2024/05/01", "2005.11.09", "01/05/2024", "17/06/09", "10/Oct/2000", "10/Oct/2000:13:55:36 -0700",
        "2024-05-01T10:00:00.123Z", "2015-07-29 17:41:44,747", "Jul 17", "Sun Jul 17 01:03:44 2005",
        "Jun 14 15:16:01", "Jul 17, 2005", "2024-13-45", "Feb 30", "Mon, Jul 4", "Jul  4", "Dec-2024", "1/Dec/2024",
        "01:03:44", "12:30", "10:00:00.123+02:00", "23:59:60", "25:00", "1:2:3", "10:00:00 +0200", "10:00Z",
        "10:00:00.5x", "0x7ffe0042", "0xZZ", "0x", "0X1f", "3f9a2c1d8e", "deadbeef12", "250ms", "1.5s", "1h30m",
        "3000 ms", "5 seconds", "1 m", "10 minutes", "2d", "1h30x", "7 days", "1µs", "'alice'", "\"a b c\"", "'",
        "\"", "''", "'a''b'", "'it's'", "\"unterminated", "1.2.3.4", "10.0.0.7:5432", "256.1.1.1", "1.2.3.4.5",
        "1.2.3.4:", "1.2.3.4:80x", "1.5", "10.2.3", "007", "v1.2.3-SNAPSHOT", "12345678-1234-1234-1234-1234567890ab",
        "12345678-1234-1234-1234-1234567890abc"};
    private static final String[] HOSTILE = {"1-", "1/", "1:", "a1-", "'a ", "\"b ", "1.2.3.4x.", "[1:", "Jul ", ":",
        "[", "0x", "::1:", "Dec-", "11:11:11.1", "1h", "a1:", "1.", "Sun, ", "10/Oct/", "0x0", "f:", "[::", "1 ms ",
        "1.1.1.1:1."};

    private MessageCorpus() {
    }

    /** Returns a realistic message of up to {@code maxLength} characters (it may end in the middle of a piece). */
    static String realistic(Random random, int maxLength) {
        int length = random.nextInt(maxLength + 1);
        StringBuilder sb = new StringBuilder(length + 48);
        while (sb.length() < length) {
            switch (random.nextInt(12)) {
                case 0:
                case 1:
                case 2:
                    sb.append(WORDS[random.nextInt(WORDS.length)]);
                    break;
                case 3:
                    sb.append(number(random));
                    break;
                case 4:
                    sb.append(ipv4(random));
                    break;
                case 5:
                    String uuid = new UUID(random.nextLong(), random.nextLong()).toString();
                    sb.append(random.nextInt(8) == 0 ? uuid.substring(0, 30) : uuid);
                    break;
                case 6:
                    sb.append(Long.toHexString(random.nextLong()));
                    break;
                case 7:
                    sb.append(FIXED[random.nextInt(FIXED.length)]);
                    break;
                case 8:
                    sb.append(HOSTILE[random.nextInt(HOSTILE.length)]);
                    break;
                case 9:
                    sb.append((char) (' ' + random.nextInt(95)));
                    break;
                default:
                    sb.append(SEPARATORS[random.nextInt(SEPARATORS.length)]);
                    continue;
            }
            sb.append(SEPARATORS[random.nextInt(SEPARATORS.length)]);
        }
        sb.setLength(length);
        return sb.toString();
    }

    /**
     * Returns a log line of about {@code maxLength} characters at most, whole words: words and punctuation, with a
     * token (a number, an address, a UUID, or a valid or nearly valid date, time, duration, hex word or quote) in
     * place of one word in four.
     */
    static String logLine(Random random, int maxLength) {
        int length = random.nextInt(maxLength + 1);
        StringBuilder sb = new StringBuilder(length + 48);
        while (sb.length() < length) {
            if (random.nextInt(4) != 0) {
                sb.append(LOG_WORDS[random.nextInt(LOG_WORDS.length)]);
            } else {
                switch (random.nextInt(4)) {
                    case 0:
                        sb.append(number(random));
                        break;
                    case 1:
                        sb.append(ipv4(random));
                        break;
                    case 2:
                        sb.append(new UUID(random.nextLong(), random.nextLong()));
                        break;
                    default:
                        sb.append(FIXED[random.nextInt(FIXED.length)]);
                        break;
                }
            }
            sb.append(random.nextInt(6) == 0 ? ", " : " ");
        }
        return sb.toString().trim();
    }

    /** Returns a hostile message of {@code length} characters: a run of one piece, or of pieces drawn from all. */
    static String hostile(Random random, int length) {
        StringBuilder sb = new StringBuilder(length + 16);
        String piece = random.nextBoolean() ? HOSTILE[random.nextInt(HOSTILE.length)] : null;
        while (sb.length() < length) {
            sb.append(piece != null ? piece : HOSTILE[random.nextInt(HOSTILE.length)]);
            if (random.nextInt(16) == 0) {
                sb.append(random.nextInt(10));
            }
        }
        sb.setLength(length);
        if (random.nextBoolean()) {
            sb.setCharAt(length - 1, 'g');
        }
        return sb.toString();
    }

    /**
     * Returns a message of {@code length} characters of a named shape, as {@code HostileMaskingBenchmark} in the
     * benchmarks module makes them, for shapes that are runs of one piece: {@code piece} repeated and cut, after
     * {@code prefix}, and ending in {@code last} if it is not empty.
     */
    static String run(String prefix, String piece, String last, int length) {
        StringBuilder sb = new StringBuilder(prefix);
        while (sb.length() < length) {
            sb.append(piece);
        }
        sb.setLength(length - last.length());
        return sb.append(last).toString();
    }

    private static String number(Random random) {
        switch (random.nextInt(4)) {
            case 0:
                return Integer.toString(random.nextInt(100));
            case 1:
                return Integer.toString(random.nextInt(Integer.MAX_VALUE));
            case 2:
                return random.nextInt(100) + "." + random.nextInt(100);
            default:
                return Integer.toString(random.nextInt(100_000));
        }
    }

    private static String ipv4(Random random) {
        String ip = random.nextInt(300) + "." + random.nextInt(256) + "." + random.nextInt(256) + "."
                + random.nextInt(256);
        return random.nextInt(3) == 0 ? ip + ":" + random.nextInt(65_536) : ip;
    }
}
