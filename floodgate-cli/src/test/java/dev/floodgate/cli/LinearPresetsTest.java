package dev.floodgate.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Reading a line costs work in proportion to its length under every preset, whatever the line holds: a run of
 * spaces, digits, brackets or colons where a preset's layout has a field. The work is counted as the characters
 * the expressions read; the hang guards run hostile lines through {@code pipe} and {@code replay} with a generous
 * time limit, far below what quadratic matching took.
 */
class LinearPresetsTest {

    /** Runs put after each cut of a sample line: the shapes that made a layout's fields backtrack. */
    private static final String[] RUNS = {" ", "0", "[", ":", "-", ".", "\"", "(", "]", "\\", "a:", " [", "1 ",
        ": ", "\t", "@1", "a"};
    /** Lines of the structural test: longer than the header window, short enough to try every cut quickly. */
    private static final int LENGTH = 4 * LogFormat.MAX_HEADER_CHARS;
    /** The most characters a format may read per character of a line (the most measured is 3, kafka's). */
    private static final int MAX_READS_PER_CHAR = 4;
    /** The most characters a windowed format's whole expression may read per character of the window. */
    private static final int MAX_READS_PER_WINDOW_CHAR = 16;
    private static final int HOSTILE_LINE_BYTES = 60 * 1024;
    private static final Duration HANG_GUARD = Duration.ofSeconds(30);

    @TempDir
    Path dir;

    static Stream<LogFormat> regexFormats() {
        List<LogFormat> all = new ArrayList<>();
        for (LogFormat f : LogFormat.PRESETS) {
            if (!f.isJson()) {
                all.add(f);
            }
        }
        all.add(LogFormat.NONE);
        return all.stream();
    }

    static Stream<LogFormat> presets() {
        return LogFormat.PRESETS.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("regexFormats")
    void match_runAfterEveryCutOfTheSample_readsEachCharacterAFewTimes(LogFormat format) {
        String sample = format.sample();
        for (int cut = 0; cut <= sample.length(); cut++) {
            for (String run : RUNS) {
                CountingText line = new CountingText(line(sample.substring(0, cut), run, LENGTH));
                Matcher full = RegexLineMatcher.fullMatcher(format, line);

                boolean whole = RegexLineMatcher.matchWhole(format, full);
                long wholeReads = line.reads;
                if (!whole && format.lead() != null) {
                    format.lead().matcher(line).lookingAt();
                }

                String what = format.name() + " after \"" + sample.substring(0, cut) + "\", run \"" + run + "\"";
                assertThat(line.reads).as(what).isLessThanOrEqualTo((long) MAX_READS_PER_CHAR * LENGTH);
                if (format.headerWindow) {
                    assertThat(wholeReads).as(what)
                            .isLessThanOrEqualTo((long) MAX_READS_PER_WINDOW_CHAR * LogFormat.MAX_HEADER_CHARS);
                }
            }
        }
    }

    @Test
    void exceptionLine_runs_readEachCharacterAFewTimes() {
        for (String start : List.of("", "java.", "Exception in thread \"", "Exception in thread \"main\" a.")) {
            for (String run : new String[] {"a.", "a", ".", " ", "a.a ", "\""}) {
                CountingText line = new CountingText(line(start, run, LENGTH));

                HeldEvent.EXCEPTION_LINE.matcher(line).find();

                assertThat(line.reads).as("\"%s\" then \"%s\"", start, run)
                        .isLessThanOrEqualTo((long) MAX_READS_PER_CHAR * LENGTH);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("presets")
    void pipe_sixteenHostileLinesOf60KbPerShape_finishesAndPassesThemOn(LogFormat format) {
        String input = hostileLines(format);

        Cli.Result r = assertTimeoutPreemptively(HANG_GUARD,
                () -> Cli.runWithInput(input, "pipe", "--format", format.name()));

        assertThat(r.status()).isZero();
        assertThat(r.out().length()).isGreaterThan(HOSTILE_LINE_BYTES);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("presets")
    void replay_sixteenHostileLinesOf60KbPerShape_readsEveryLine(LogFormat format) throws Exception {
        Path log = Files.writeString(dir.resolve("hostile.log"), hostileLines(format), StandardCharsets.UTF_8);

        Replays.Outcome r = assertTimeoutPreemptively(HANG_GUARD,
                () -> Replays.run(log.toString(), "--format", format.name(), "--date", "2024-05-01"));

        ReplayCounts c = r.counts();
        assertThat(c.lines).isEqualTo(4 * 16);
        assertThat(c.lines).isEqualTo(c.eventLines + c.continuationLines + c.unparsedLines + c.badTimestampLines);
    }

    @Test
    void replay_hostileLinesOfEveryPreset_detectsAFormatAndReadsEveryLine() throws Exception {
        StringBuilder all = new StringBuilder();
        for (LogFormat f : LogFormat.PRESETS) {
            all.append(hostileLines(f));
        }
        Path log = Files.writeString(dir.resolve("hostile.log"), all, StandardCharsets.UTF_8);

        Replays.Outcome r = assertTimeoutPreemptively(HANG_GUARD,
                () -> Replays.run(log.toString(), "--date", "2024-05-01"));

        assertThat(r.counts().lines).isEqualTo(4L * 16 * LogFormat.PRESETS.size());
        assertThat(r.replay().detected()).isTrue();
    }

    @Test
    void replay_accessLogWithA60KbRequestLine_readsItWhole() throws Exception {
        String request = "GET /search?q=" + "a%20".repeat(HOSTILE_LINE_BYTES / 4) + " HTTP/1.1";
        String log = "203.0.113.9 - - [01/May/2024:10:00:00 +0200] \"" + request + "\" 200 512\n"
                + "203.0.113.9 - - [01/May/2024:10:00:01 +0200] \"GET /health HTTP/1.1\" 200 2\n";
        Path file = Files.writeString(dir.resolve("access.log"), log, StandardCharsets.UTF_8);

        Replays.Outcome r = Replays.run(file.toString(), "--format", "access");

        assertThat(r.counts().eventLines).isEqualTo(2);
        assertThat(r.counts().leadOnlyLines).isZero();
    }

    @Test
    void replay_rfc5424WithLongStructuredData_readsItWhole() throws Exception {
        String data = "[x@1 " + "k=\"v\" ".repeat(HOSTILE_LINE_BYTES / 6) + "]";
        String log = "<165>1 2024-05-01T10:00:00.003Z web01 shop 4242 ID47 " + data + " Started\n";
        Path file = Files.writeString(dir.resolve("syslog.log"), log, StandardCharsets.UTF_8);

        Replays.Outcome r = Replays.run(file.toString(), "--format", "rfc5424");

        assertThat(r.counts().eventLines).isEqualTo(1);
        assertThat(r.counts().leadOnlyLines).isZero();
    }

    @Test
    void replay_throwableFrameWithHostileStackLines_findsTheClassAndReadsEveryLine() throws Exception {
        StringBuilder log = new StringBuilder();
        for (int i = 0; i < 40; i++) {
            log.append("10:00:00.").append(100 + i).append(" [main] ERROR c.e.Pay - Payment failed\n")
                    .append("java.lang.IllegalStateException: declined\n")
                    .append("\tat ").append("(".repeat(HOSTILE_LINE_BYTES)).append('\n')
                    .append("a.".repeat(HOSTILE_LINE_BYTES / 2)).append('\n');
        }
        Path file = Files.writeString(dir.resolve("app.log"), log, StandardCharsets.UTF_8);

        Replays.Outcome r = assertTimeoutPreemptively(HANG_GUARD, () -> Replays.run(file.toString(), "--format",
                "logback", "--date", "2024-05-01", "--includeThrowableFrame"));

        assertThat(r.counts().lines).isEqualTo(4 * 40);
        assertThat(r.counts().events).isEqualTo(40);
        assertThat(r.top().text).isEqualTo("Payment failed with java.lang.IllegalStateException");
    }

    /**
     * Returns 16 lines of 60 KB per run shape (spaces, digits, brackets, colons): the preset's sample line cut at 16
     * places spread over it, each followed by the run.
     */
    private static String hostileLines(LogFormat format) {
        String sample = format.sample();
        StringBuilder sb = new StringBuilder();
        for (String run : new String[] {" ", "0", "[", ":"}) {
            for (int i = 0; i < 16; i++) {
                sb.append(line(sample.substring(0, i * sample.length() / 16), run, HOSTILE_LINE_BYTES)).append('\n');
            }
        }
        return sb.toString();
    }

    private static String line(String start, String run, int length) {
        StringBuilder sb = new StringBuilder(start);
        while (sb.length() < length) {
            sb.append(run);
        }
        sb.setLength(length);
        return sb.toString();
    }

    /** A line that counts how many of its characters are read. */
    private static final class CountingText implements CharSequence {
        private final String text;
        long reads;

        CountingText(String text) {
            this.text = text;
        }

        @Override
        public int length() {
            return text.length();
        }

        @Override
        public char charAt(int index) {
            reads++;
            return text.charAt(index);
        }

        @Override
        public CharSequence subSequence(int start, int end) {
            return text.subSequence(start, end);
        }

        @Override
        public String toString() {
            return text;
        }
    }
}
