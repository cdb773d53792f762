package dev.floodgate.benchmarks;

import dev.floodgate.core.Clock;
import dev.floodgate.core.FloodEngine;
import dev.floodgate.core.FloodgateConfig;
import dev.floodgate.core.TickingClock;
import dev.floodgate.core.fingerprint.TokenMasker;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Masking text that an attacker shapes, beside ordinary words of the same length: {@link TokenMasker#mask} of a
 * {@code length}-character message of each {@code shape}, and a suppressed call of the core filter
 * ({@link FloodEngine#suppress}, masking on, one thread) flooded with that message, made anew for each call as a
 * concatenated message is. Each shape is a run of one piece (or, for {@code mix}, of pieces drawn from all of them)
 * cut to the length; the pieces are those on which a scan that is not linear grows fastest ({@code 1-},
 * {@code 1/}, {@code 1:} ending in {@code g}, {@code a1-}, an open quote, {@code 1.2.3.4x.}, an unclosed bracketed
 * IPv6 address), runs of each token class (among them {@code numbers}, one digit and a space: a token every two
 * characters, as in the densest hostile shapes), and characters that start a token attempt ({@code Jul}, {@code :},
 * {@code [}, {@code 0x}). Linear masking costs about ten times as much at 1,000 characters as at 100, for every shape.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar HostileMasking -f 1 -wi 3 -w 1 -i 5 -r 1}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@Threads(1)
@State(Scope.Thread)
public class HostileMaskingBenchmark {

    /** The message's shape. */
    @Param({"words", "numbers", "digits", "hex", "ipv4", "ipv6", "dates", "longQuoted", "dash", "slash", "colonG",
        "hexDash", "openQuote", "dotted", "bracketed", "months", "colons", "brackets", "zeroX", "mix"})
    public String shape;

    /** The message's length in characters. */
    @Param({"100", "1000"})
    public int length;

    /** Copies of the message, each its own string, as concatenation makes them. */
    private String[] messages;
    private int index;
    private FloodEngine filter;
    private ScheduledExecutorService ticker;

    /** Makes the message and a filter flooded with it past its allowance. */
    @Setup(Level.Trial)
    public void setUp() {
        String text = message(shape, length, new Random(/* seed= */ 20_240_611));
        messages = new String[64];
        for (int i = 0; i < messages.length; i++) {
            messages[i] = new String(text.toCharArray());
        }
        Clock clock = Clock.monotonic();
        TickingClock ticking = new TickingClock(clock);
        ticker = Executors.newSingleThreadScheduledExecutor();
        ticker.scheduleAtFixedRate(ticking::tick, 0, TickingClock.TICK_MILLIS, TimeUnit.MILLISECONDS);
        filter = new FloodEngine(FloodgateConfig.defaults(), ticking);
        for (int i = 0; i < 1_000; i++) {
            filter.suppress(messages[i & 63], false, "bench", "ERROR", null);
        }
    }

    /** Stops the ticker. */
    @TearDown(Level.Trial)
    public void tearDown() {
        ticker.shutdownNow();
    }

    /** The masked text of the message. */
    @Benchmark
    public String mask() {
        return TokenMasker.mask(messages[index++ & 63]);
    }

    /** A suppressed call with the message, through the core filter. */
    @Benchmark
    public boolean suppress() {
        return filter.suppress(messages[index++ & 63], false, "bench", "ERROR", null);
    }

    private static final String[] WORDS = {"connection", "refused", "while", "reading", "response", "from",
        "upstream", "server", "the", "request", "failed", "because", "of", "a", "timeout", "user", "session",
        "expired", "cache", "miss", "retrying", "later", "queue", "backlog", "is", "growing", "worker", "pool",
        "exhausted", "database", "lock", "wait", "aborted", "transaction", "rolled", "back", "Service",
        "Unavailable", "error", "handler", "after", "client", "closed", "stream", "unexpectedly", "Jobs", "Mode"};
    private static final String[] HOSTILE = {"1-", "1/", "1:", "a1-", "'a ", "1.2.3.4x.", "[1:", "Jul ", ":", "[",
        "0x", "\"b ", "::1:", "Dec-"};

    /** Returns a message of {@code length} characters of the named shape. */
    static String message(String shape, int length, Random random) {
        StringBuilder sb = new StringBuilder(length + 64);
        switch (shape) {
            case "words":
                while (sb.length() < length) {
                    sb.append(WORDS[random.nextInt(WORDS.length)]).append(random.nextInt(8) == 0 ? ", " : " ");
                }
                break;
            case "numbers":
                while (sb.length() < length) {
                    sb.append(random.nextInt(10)).append(' ');
                }
                break;
            case "digits":
                while (sb.length() < length) {
                    sb.append(random.nextInt(1_000_000)).append(' ');
                }
                break;
            case "hex":
                while (sb.length() < length) {
                    sb.append(Long.toHexString(random.nextLong() | 1L << 60)).append(' ');
                }
                break;
            case "ipv4":
                while (sb.length() < length) {
                    sb.append(random.nextInt(256)).append('.').append(random.nextInt(256)).append('.')
                            .append(random.nextInt(256)).append('.').append(random.nextInt(256)).append(", ");
                }
                break;
            case "ipv6":
                while (sb.length() < length) {
                    sb.append("2001:db8::").append(Integer.toHexString(random.nextInt(0x10000))).append(':')
                            .append(Integer.toHexString(random.nextInt(0x10000))).append(", ");
                }
                break;
            case "dates":
                while (sb.length() < length) {
                    sb.append(String.format(Locale.ROOT, "2024-%02d-%02dT10:%02d:00.123Z ", 1 + random.nextInt(12),
                            1 + random.nextInt(28), random.nextInt(60)));
                }
                break;
            case "longQuoted":
                sb.append('\'');
                while (sb.length() < length - 1) {
                    sb.append(WORDS[random.nextInt(WORDS.length)]).append(' ');
                }
                sb.setLength(length - 1);
                sb.append('\'');
                break;
            case "mix":
                while (sb.length() < length) {
                    sb.append(HOSTILE[random.nextInt(HOSTILE.length)]);
                }
                break;
            default:
                sb.append(shape.equals("bracketed") ? "[" : "");
                String piece = piece(shape);
                while (sb.length() < length) {
                    sb.append(piece);
                }
        }
        sb.setLength(length);
        if (shape.equals("colonG") || shape.equals("openQuote")) {
            // a word character last: no address ends there, and no quote closes
            sb.setCharAt(length - 1, 'g');
        }
        return sb.toString();
    }

    private static String piece(String shape) {
        switch (shape) {
            case "dash":
                return "1-";
            case "slash":
                return "1/";
            case "colonG":
            case "bracketed":
                return "1:";
            case "hexDash":
                return "a1-";
            case "openQuote":
                return "'a ";
            case "dotted":
                return "1.2.3.4x.";
            case "months":
                return "Jul ";
            case "colons":
                return ":";
            case "brackets":
                return "[";
            case "zeroX":
                return "0x";
            default:
                throw new IllegalArgumentException("shape: " + shape);
        }
    }
}
