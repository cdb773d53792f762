package dev.floodgate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Replay keeps to a fixed heap whatever the log: 100,000 distinct 1,000-character messages that mask into many
 * tokens, with a flood among them, replayed in a JVM of 256 MB, end with every line accounted for.
 */
class BoundedMemoryTest {

    private static final int DISTINCT = 100_000;
    /** One flood line after every this many distinct ones. */
    private static final int FLOOD_EVERY = 5;
    private static final int FLOOD = DISTINCT / FLOOD_EVERY;
    private static final int LINES = DISTINCT + FLOOD;
    private static final Pattern SUMMARY = Pattern.compile("Suppressed ([\\d,]+) messages? like");

    @TempDir
    Path dir;

    @Test
    void replay_100kDistinctMaskingHeavyLinesIn256Mb_accountsForEveryLine() throws Exception {
        Path log = writeLog(dir.resolve("hostile.log"));
        Path out = dir.resolve("filtered.log");

        Process p = PipeTest.start(List.of("-Xmx256m"), "replay", log.toString(), "--quiet", "--date", "2024-05-01",
                "--out", out.toString());
        String report = PipeTest.feedAndRead(p, "");

        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        String err = PipeTest.stderr(p);
        assertThat(err).doesNotContain("OutOfMemoryError");
        assertThat(p.exitValue()).as(err).isZero();
        long passed = figure(report, "Lines that would pass +([\\d,]+)");
        long suppressed = figure(report, "events +[\\d,]+ +([\\d,]+) suppressed");
        assertThat(figure(report, "Lines in +([\\d,]+)")).isEqualTo(LINES);
        assertThat(figure(report, "events +([\\d,]+)")).isEqualTo(LINES);
        assertThat(passed + suppressed).isEqualTo(LINES);
        assertThat(figure(report, "telling of ([\\d,]+) suppressed events")).isEqualTo(suppressed);
        assertThat(figure(report, "([\\d,]+)  Connection to <ip> refused")).as(report).isEqualTo(FLOOD);
        long[] written = linesAndSummarized(out);
        assertThat(written[0]).isEqualTo(passed);
        assertThat(written[1]).isEqualTo(suppressed);
    }

    /**
     * Writes the log: after a distinct word, nine messages in ten are 500 numbers (a masked key of 8 KB in the filter
     * today), one in ten 70 IPv4 addresses.
     */
    private static Path writeLog(Path file) throws IOException {
        DateTimeFormatter format = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS");
        LocalDateTime start = LocalDateTime.of(2024, 5, 1, 10, 0);
        String[] bodies = {addresses(), digits(), digits(), digits(), digits(), digits(), digits(), digits(),
            digits(), digits()};
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            for (int i = 0; i < DISTINCT; i++) {
                String ts = format.format(start.plusNanos(5_000_000L * i));
                String message = (word(i) + " " + bodies[i % bodies.length]).substring(0, 1_000);
                w.write(ts + " [main] WARN  c.e.App - " + message + "\n");
                if (i % FLOOD_EVERY == 0) {
                    w.write(ts + " [main] ERROR c.e.Db - Connection to 10.0.0." + (i % 250) + " refused\n");
                }
            }
        }
        return file;
    }

    /** Returns {@code i} in the letters a to z, so that no two messages mask alike. */
    private static String word(int i) {
        StringBuilder sb = new StringBuilder();
        int n = i;
        for (int k = 0; k < 4; k++) {
            sb.append((char) ('a' + n % 26));
            n /= 26;
        }
        return sb.toString();
    }

    private static String digits() {
        StringBuilder sb = new StringBuilder();
        for (int j = 0; sb.length() < 1_000; j++) {
            sb.append(j % 10).append(' ');
        }
        return sb.toString();
    }

    private static String addresses() {
        StringBuilder sb = new StringBuilder();
        for (int j = 0; sb.length() < 1_000; j++) {
            sb.append("10.0.").append(j / 256).append('.').append(j % 256).append(' ');
        }
        return sb.toString();
    }

    private static long figure(String report, String regex) {
        Matcher m = Pattern.compile(regex).matcher(report);
        assertThat(m.find()).as("%s in %s", regex, report).isTrue();
        return Long.parseLong(m.group(1).replace(",", ""));
    }

    /** Returns the lines of the filtered log that are not summaries, and the events its summaries tell of. */
    private static long[] linesAndSummarized(Path out) throws IOException {
        long[] counts = new long[2];
        try (Stream<String> lines = Files.lines(out, StandardCharsets.UTF_8)) {
            lines.forEach(line -> {
                Matcher m = SUMMARY.matcher(line);
                if (line.contains(" [floodgate] ") && m.find()) {
                    counts[1] += Long.parseLong(m.group(1).replace(",", ""));
                } else {
                    counts[0]++;
                }
            });
        }
        return counts;
    }
}
