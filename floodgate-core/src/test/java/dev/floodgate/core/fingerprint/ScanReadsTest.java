package dev.floodgate.core.fingerprint;

import static org.assertj.core.api.Assertions.assertThat;

import dev.floodgate.core.TestSeed;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.ToLongBiFunction;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Masking costs time linear in the length of the message, whatever its shape: the characters that a scan, the
 * making of a replay and a replay read are counted, in a copy of the masking classes compiled from their source with
 * each read counted ({@link CountedCopy}), and stay under a fixed number per character of the message: for a scan at
 * 100, 1,000 and 10,000 characters, for a replay (which holds at most a masked template) at 100 and 1,000. The same
 * count of the scan this one replaced ({@code reference.TokenMasker}) grows with the length on the shapes that made
 * it quadratic, which shows that the count sees such a cost.
 */
class ScanReadsTest {

    /** The most characters a scan, a replay's making or a replay may read per character of the message. */
    private static final double MAX_READS_PER_CHAR = 12;

    private static final Path SOURCES = Paths.get("src", "main", "java", "dev", "floodgate", "core", "fingerprint");
    private static final Path REFERENCE_SOURCES = Paths.get("src", "test", "java", "dev", "floodgate", "core",
            "fingerprint", "reference");
    private static final List<String> CLASSES = List.of("TokenMasker", "NumericTokens", "TimeTokens", "Chars");

    /**
     * Counts what {@code mode} reads of {@code text}: "scan", "freeze" (a scan that notes its attempts, and the
     * replay made of it), or, for any other mode, the replay of {@code text} by the key that mode's text masks to (0
     * if that key is too long for a replay).
     */
    private static final String ENTRY = "package counted;\n"
            + "public final class Entry implements java.util.function.ToLongBiFunction<String, String> {\n"
            + "    public long applyAsLong(String mode, String text) {\n"
            + "        char[] chars = text.toCharArray();\n"
            + "        int n = chars.length;\n"
            + "        if (mode.equals(\"scan\")) {\n"
            + "            Reads.count = 0;\n"
            + "            TokenMasker.scan(chars, n, new int[2 * n], null);\n"
            + "            return Reads.count;\n"
            + "        }\n"
            + "        if (mode.equals(\"freeze\")) {\n"
            + "            int[] tokens = new int[2 * n];\n"
            + "            int[] attempts = new int[3 + 2 * n];\n"
            + "            Reads.count = 0;\n"
            + "            int count = TokenMasker.scan(chars, n, tokens, attempts);\n"
            + "            new MaskReplay().load(chars, n, tokens, count, attempts, MaskReplay.MAX_CHARS);\n"
            + "            return Reads.count;\n"
            + "        }\n"
            + "        char[] key = mode.toCharArray();\n"
            + "        int[] tokens = new int[2 * key.length];\n"
            + "        int[] attempts = new int[3 + 2 * key.length];\n"
            + "        int count = TokenMasker.scan(key, key.length, tokens, attempts);\n"
            + "        MaskReplay replay = new MaskReplay();\n"
            + "        if (!replay.load(key, key.length, tokens, count, attempts, MaskReplay.MAX_CHARS)) {\n"
            + "            return 0;\n"
            + "        }\n"
            + "        Reads.count = 0;\n"
            + "        replay.replays(chars, n);\n"
            + "        return Reads.count;\n"
            + "    }\n"
            + "}\n";
    private static final String REFERENCE_ENTRY = "package counted;\n"
            + "public final class Entry implements java.util.function.ToLongBiFunction<String, String> {\n"
            + "    public long applyAsLong(String mode, String text) {\n"
            + "        char[] chars = text.toCharArray();\n"
            + "        Reads.count = 0;\n"
            + "        TokenMasker.scan(chars, chars.length, new int[2 * chars.length], null);\n"
            + "        return Reads.count;\n"
            + "    }\n"
            + "}\n";

    private static ToLongBiFunction<String, String> counted;
    private static ToLongBiFunction<String, String> reference;

    @BeforeAll
    static void compile() {
        List<String> classes = new ArrayList<>(CLASSES);
        classes.add("Attempt");
        classes.add("MaskReplay");
        counted = CountedCopy.compile(SOURCES, "dev.floodgate.core.fingerprint", classes, ENTRY);
        reference = CountedCopy.compile(REFERENCE_SOURCES, "dev.floodgate.core.fingerprint.reference", CLASSES,
                REFERENCE_ENTRY);
    }

    /** The shapes of the benchmark and the runs of every hostile piece, at the given length. */
    private static List<String> shapes(int length) {
        List<String> shapes = new ArrayList<>();
        for (String piece : new String[] {"1-", "1/", "1:", "a1-", "'a ", "\"b ", "1.2.3.4x.", "Jul ", ":", "[",
            "0x", "::1:", "Dec-", "11:11:11.1", "1h", "a1:", "1.", "Sun, ", "10/Oct/", "0x0", "f:", "[::", "1 ms ",
            "1.1.1.1:1.", "1 ", "ab ", "word ", "fe80::1, ", "10.0.0.1, ", "2024-05-01T10:00:00.123Z ", "'a b' ",
            "deadbeef12 ", "a", "1", "ab1", "1a", "[1:2", "::", "'", "1.1.", "1:1.", "Jul 17 1:11:11.1",
            "12:30:00.1", "0x1g", "1h1", "1ms", "1 d", "12345678-1234-1234-1234-1234567890ab-"}) {
            shapes.add(MessageCorpus.run("", piece, "", length));
            shapes.add(MessageCorpus.run("", piece, "g", length));
            shapes.add(MessageCorpus.run("[", piece, "", length));
            shapes.add(MessageCorpus.run("'", piece, "'", length));
        }
        shapes.add(MessageCorpus.run("'", "aaaaaaaaa ", "'", length));
        shapes.add(MessageCorpus.run("11:11:11.", "1", "x", length));
        shapes.add(MessageCorpus.run("2024-05-01T10:00:00.", "1", "x", length));
        shapes.add(MessageCorpus.run("1.1.1.1:", "1.", "1x", length));
        shapes.add(MessageCorpus.run("0x", "a", "g", length));
        shapes.add(MessageCorpus.run("1", "h1", "x", length));
        shapes.add(MessageCorpus.run("1 ", "m", "", length));
        return shapes;
    }

    @Test
    void scan_everyShape_readsABoundedNumberOfCharactersPerCharacter() {
        for (int length : new int[] {100, 1_000, 10_000}) {
            for (String text : shapes(length)) {
                assertReadsPerChar("scan", text);
            }
        }
    }

    @Test
    void scan_randomHostileMessages_readsABoundedNumberOfCharactersPerCharacter() {
        Random random = new Random(TestSeed.SEED);
        for (int i = 0; i < 2_000; i++) {
            assertReadsPerChar("scan", MessageCorpus.hostile(random, 1_000));
            assertReadsPerChar("scan", MessageCorpus.realistic(random, 1_000));
        }
    }

    @Test
    void freeze_everyShape_readsABoundedNumberOfCharactersPerCharacter() {
        for (int length : new int[] {100, Fingerprinter.MAX_TEMPLATE_CHARS}) {
            for (String text : shapes(length)) {
                assertReadsPerChar("freeze", text);
            }
        }
    }

    @Test
    void replays_everyShapeWithOtherDigits_readsABoundedNumberOfCharactersPerCharacter() {
        Random random = new Random(TestSeed.SEED);
        for (int length : new int[] {100, Fingerprinter.MAX_TEMPLATE_CHARS}) {
            for (String key : shapes(length)) {
                StringBuilder other = new StringBuilder(key);
                for (int k = 0; k < other.length(); k++) {
                    // other digits, of which the number of digits, the month's days and the fields of a time hold
                    if (other.charAt(k) == '1' && random.nextBoolean()) {
                        other.setCharAt(k, '0');
                    }
                }
                String text = TokenMasker.mask(other.toString()).equals(TokenMasker.mask(key)) ? other.toString()
                        : key;
                long reads = counted.applyAsLong(key, text);
                assertThat((double) reads / text.length()).as("replay of \"%s\" by \"%s\"", key, text)
                        .isLessThanOrEqualTo(MAX_READS_PER_CHAR);
            }
        }
    }

    @Test
    void referenceScan_shapesThatWereSlow_readsAsManyMoreCharactersAsTheTextIsLonger() {
        for (String piece : new String[] {"1-", "1/", "1:", "a1-", "'a ", "1.2.3.4x."}) {
            double shortReads = reference.applyAsLong("scan", MessageCorpus.run("", piece, "g", 100)) / 100.0;
            double longReads = reference.applyAsLong("scan", MessageCorpus.run("", piece, "g", 1_000)) / 1_000.0;
            assertThat(longReads).as("reads per character of a run of %s, 1,000 characters against 100", piece)
                    .isGreaterThan(3 * shortReads).isGreaterThan(4 * MAX_READS_PER_CHAR);
        }
    }

    private static void assertReadsPerChar(String mode, String text) {
        long reads = counted.applyAsLong(mode, text);
        assertThat((double) reads / Math.max(1, text.length())).as("%s of \"%s\" %s", mode, text, TestSeed.describe())
                .isLessThanOrEqualTo(MAX_READS_PER_CHAR);
    }
}
