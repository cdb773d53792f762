package dev.floodgate.benchmarks;

import dev.floodgate.core.AttritionSettings;
import dev.floodgate.core.FloodEngine;
import dev.floodgate.core.FloodgateConfig;
import dev.floodgate.core.ManualClock;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.management.ObjectName;

/**
 * Measures the heap a {@link FloodEngine} holds per tracked fingerprint, beside the fingerprint's text: the
 * difference of two class histograms of the live heap (the JVM's {@code GC.class_histogram}, which collects first),
 * taken before and after {@value #FINGERPRINTS} fingerprints are admitted, with the texts created before the first.
 * A filter is used once before any measurement, so that loading its classes is not counted, and the first histogram
 * is taken twice, so that both snapshots count the histogram held while they are taken.
 *
 * <p>Kinds of fingerprints: templates logged with arguments (the key is the template string itself), the same with
 * the logger and level in the key, and concatenated messages that masking groups (the key holds the masked text,
 * which is new; it is counted as text, as are all {@code String}, {@code byte[]} and {@code char[]} instances), also
 * at the masking cap of 1,000 characters, where a key keeps a digest and a sample of 256 characters. Each
 * is logged once, which is what most of the many templates a ledger tracks see in a window; templates are measured
 * a second time logged once in every timeframe of the window, the most a key's limiter holds. Run:
 * {@code java -cp benchmarks/target/benchmarks.jar dev.floodgate.benchmarks.FingerprintMemory};
 * {@code benchmarks/run.sh} runs it and adds it to the report.
 */
public final class FingerprintMemory {

    /** The number of fingerprints admitted. */
    static final int FINGERPRINTS = 10_000;
    /** The classes counted as text: strings, and the arrays of their bytes or characters. */
    private static final Set<String> TEXT_CLASSES = Set.of("java.lang.String", "[B", "[C");

    private FingerprintMemory() {
    }

    /** Prints the measurement as a Markdown table. */
    public static void main(String[] args) throws Exception {
        System.out.print(measure());
    }

    /** Runs both measurements and returns them as Markdown. */
    static String measure() throws Exception {
        warmUp();
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "%n### Memory per fingerprint (%,d fingerprints, default settings)%n%n",
                FINGERPRINTS));
        sb.append("| Fingerprints | Bytes per fingerprint beside its text |"
                + " Text (String, byte[], char[]) per fingerprint | Largest classes (bytes per fingerprint) |\n"
                + "|---|---|---|---|\n");
        FloodgateConfig defaults = FloodgateConfig.defaults();
        sb.append(held(defaults, templates(), false, 1).row("templates with arguments"));
        sb.append(held(keyedByLoggerAndLevel(), templates(), false, 1)
                .row("templates with arguments, the logger and level in the key"));
        sb.append(held(defaults, masked(), true, 1).row("masked concatenated messages"));
        sb.append(held(defaults, maskedLong(), true, 1)
                .row("masked concatenated messages of 1,000 characters, dozens of tokens each"));
        int window = defaults.attrition().windowSize();
        sb.append(held(defaults, templates(), false, window)
                .row("templates, each logged in all " + window + " timeframes of the window"));
        return sb.toString();
    }

    /** What one measurement found per fingerprint. */
    record Held(double bytes, double text, String largest) {

        String row(String name) {
            // a delta of a few bytes below zero is the rounding of a histogram, not memory given back
            return String.format(Locale.ROOT, "| %s | %.0f | %.0f | %s |%n", name, Math.max(0, bytes),
                    Math.max(0, text), largest);
        }
    }

    /**
     * Loads and initialises the classes a filter uses (once per JVM, not per fingerprint) before the first
     * snapshot, so that no row counts them.
     */
    static void warmUp() {
        ManualClock clock = new ManualClock(0);
        FloodgateConfig config = FloodgateConfig.defaults();
        FloodEngine filter = new FloodEngine(config, clock);
        for (int t = 0; t < 2; t++) {
            clock.set(t * config.attrition().timeframeMillis());
            filter.suppress("Warming up on {}", true, "com.acme.Db", "ERROR", null);
            filter.suppress("Warming up on 10.0.0.7", false, "com.acme.Db", "ERROR", null);
        }
        filter.summarize();
        filter.close();
    }

    /** The default settings, with the logger and the level made part of the fingerprint. */
    static FloodgateConfig keyedByLoggerAndLevel() {
        return FloodgateConfig.parse(Map.of("includeLogger", "true", "includeLevel", "true"));
    }

    static String[] templates() {
        String[] t = new String[FINGERPRINTS];
        for (int i = 0; i < t.length; i++) {
            t[i] = "Operation " + Integer.toHexString(i * 0x9E3779B9) + " failed on {} after {} retries";
        }
        return t;
    }

    static String[] masked() {
        String[] t = new String[FINGERPRINTS];
        for (int i = 0; i < t.length; i++) {
            t[i] = "Operation " + letters(i) + " failed on 10.0.0.7 after 3 retries";
        }
        return t;
    }

    /**
     * Messages of 1,000 characters (the masking cap), each with dozens of tokens: the largest fingerprints a message
     * can make, which keep a digest and a sample of their text.
     */
    static String[] maskedLong() {
        String[] t = new String[FINGERPRINTS];
        for (int i = 0; i < t.length; i++) {
            StringBuilder sb = new StringBuilder("Operation ").append(letters(i));
            while (sb.length() < 1_000) {
                sb.append(" id 42 at 10.0.0.7:5432 took 250ms for user 'bob' at 0x1f on 2024-05-01 v1.2.3");
            }
            sb.setLength(1_000);
            t[i] = sb.toString();
        }
        return t;
    }

    /** Spells {@code n} with the letters g to z, so that no masking applies to the word. */
    private static String letters(int n) {
        StringBuilder sb = new StringBuilder();
        int v = n;
        do {
            sb.append((char) ('g' + v % 20));
            v /= 20;
        } while (v > 0);
        return sb.toString();
    }

    /**
     * Admits {@code texts} into a new filter with {@code config}, each logged once in each of the first
     * {@code timeframes} timeframes, and returns what the heap holds for them (after {@link #warmUp()}).
     */
    static Held held(FloodgateConfig config, String[] texts, boolean masked, int timeframes) throws Exception {
        ManualClock clock = new ManualClock(0);
        // The histogram in hand is live while the next one is taken, so it is counted in each snapshot: take the
        // first twice, so that both snapshots count one, and the difference counts neither.
        Map<String, long[]> before = histogram();
        before = histogram();
        AttritionSettings attrition = config.attrition();
        FloodEngine filter = new FloodEngine(config, clock);
        for (int t = 0; t < timeframes; t++) {
            clock.set(t * attrition.timeframeMillis());
            for (String text : texts) {
                filter.suppress(text, !masked, "com.acme.Db", "ERROR", null);
            }
        }
        Map<String, long[]> after = histogram();
        if (filter.trackedFingerprints() != texts.length) {
            throw new IllegalStateException("tracked " + filter.trackedFingerprints() + " fingerprints");
        }
        long total = 0;
        long text = 0;
        List<Map.Entry<String, Long>> classes = new ArrayList<>();
        for (Map.Entry<String, long[]> e : after.entrySet()) {
            long[] b = before.getOrDefault(e.getKey(), new long[2]);
            long delta = e.getValue()[1] - b[1];
            if (TEXT_CLASSES.contains(e.getKey())) {
                text += delta;
            } else {
                total += delta;
                if (delta > texts.length * 4L) {
                    classes.add(Map.entry(e.getKey(), delta));
                }
            }
        }
        classes.sort((a, b) -> Long.compare(b.getValue(), a.getValue()));
        StringBuilder top = new StringBuilder();
        for (Map.Entry<String, Long> e : classes) {
            top.append(top.length() == 0 ? "" : ", ").append(shortName(e.getKey()))
                    .append(String.format(Locale.ROOT, " %.0f", (double) e.getValue() / texts.length));
        }
        if (filter.isClosed()) {
            throw new IllegalStateException("closed");
        }
        return new Held((double) total / texts.length, (double) text / texts.length, top.toString());
    }

    private static String shortName(String className) {
        String n = className.replace("dev.floodgate.core.", "").replace("java.util.concurrent.", "");
        return n.startsWith("[") ? n.replace("[J", "long[]").replace("[Z", "boolean[]").replace("[I", "int[]")
                .replace("[C", "char[]") : n;
    }

    /** Returns instances and bytes per class name of the live heap, after a full collection. */
    private static Map<String, long[]> histogram() throws Exception {
        String text = (String) ManagementFactory.getPlatformMBeanServer().invoke(
                new ObjectName("com.sun.management:type=DiagnosticCommand"), "gcClassHistogram",
                new Object[] {new String[0]}, new String[] {String[].class.getName()});
        Map<String, long[]> classes = new HashMap<>();
        Matcher m = Pattern.compile("(?m)^\\s*\\d+:\\s+(\\d+)\\s+(\\d+)\\s+(\\S+)").matcher(text);
        while (m.find()) {
            long[] counts = classes.computeIfAbsent(m.group(3), k -> new long[2]);
            counts[0] += Long.parseLong(m.group(1));
            counts[1] += Long.parseLong(m.group(2));
        }
        return classes;
    }
}
