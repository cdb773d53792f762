package dev.floodgate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * JSON lines written by the real encoders: {@code --out} writes the input lines unchanged and the summaries in the
 * same JSON shape, and the throwable in the line is part of the fingerprint when asked.
 */
class JsonLinesTest {

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({
        "logback, logstash, message, level",
        "logback, json-encoder, message, level",
        "log4j2, ecs, message, log.level",
        "log4j2, json-logstash, message, level",
        "log4j2, json-gelf, short_message, ",
        "log4j2, json-layout, message, level",
    })
    void replayOut_jsonLines_keepsInputLinesAndWritesSummariesInTheSameShape(String framework, String layout,
            String messageField, String levelField) throws Exception {
        Path log = write(framework, layout);
        Path out = dir.resolve("filtered.json");

        Replays.Outcome r = Replays.run(log.toString(), "--out", out.toString());

        List<String> in = TestLogs.lines(log);
        List<String> kept = new ArrayList<>();
        List<String> summaries = new ArrayList<>();
        JsonLine json = new JsonLine();
        for (String line : TestLogs.lines(out)) {
            assertThat(json.parse(line)).as(line).isTrue();
            String message = json.string(messageField);
            (message != null && message.startsWith("Suppressed ") ? summaries : kept).add(line);
        }
        assertThat(kept).hasSize((int) r.counts().passedLines);
        assertThat(in).containsSubsequence(kept);
        assertThat(summaries).hasSize((int) r.counts().summaryLines).isNotEmpty();
        String floodSummary = summaries.stream().filter(l -> l.contains("Connection to")).findFirst().orElseThrow();
        assertThat(json.parse(floodSummary)).isTrue();
        if (levelField != null) {
            assertThat(json.string(levelField)).isEqualTo("WARN");
        }
        assertThat(floodSummary).doesNotContain("stack_trace", "\"arguments\"", "error.type");
        JsonLineMatcher m = new JsonLineMatcher(LogFormat.named("json"));
        assertThat(m.match(floodSummary)).isTrue();
        assertThat(m.timestamp(new TimestampParser(java.time.ZoneOffset.UTC, java.time.LocalDate.of(2024, 5, 1),
                null))).isNotEqualTo(TimestampParser.INVALID);
        assertThat(keys(floodSummary)).isSubsetOf(keys(in.get(0)));
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"logback, logstash", "log4j2, ecs", "logback, json-encoder"})
    void replay_filteredJsonLog_replaysAsJsonWithItsSummariesAsEvents(String framework, String layout)
            throws Exception {
        Path log = write(framework, layout);
        Path out = dir.resolve("filtered.json");
        Replays.Outcome first = Replays.run(log.toString(), "--out", out.toString());

        Replays.Outcome again = Replays.run(out.toString());

        assertThat(again.replay().format().name()).isEqualTo("json");
        assertThat(again.counts().eventLines).isEqualTo(first.counts().passedLines + first.counts().summaryLines);
        assertThat(again.counts().unparsedLines + again.counts().leadOnlyLines).isZero();
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({
        "logback, logstash, 'Payment <n> failed with java.lang.IllegalStateException'",
        "log4j2, ecs, 'Payment <n> failed with java.lang.IllegalStateException'",
        "logback, json-encoder, 'Payment {} failed with java.lang.IllegalStateException'",
    })
    void replay_includeThrowable_takesTheClassFromTheJsonLine(String framework, String layout, String expected)
            throws Exception {
        Path log = write(framework, layout);

        Replays.Outcome r = Replays.run(log.toString(), "--includeThrowable", "--top", "5");

        assertThat(r.replay().table().top(5)).anySatisfy(e -> {
            assertThat(e.text).isEqualTo(expected);
            assertThat(e.events).isEqualTo(TestLogs.Workload.PAYMENTS);
        });
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"logback, logstash", "log4j2, ecs"})
    void pipe_jsonFormat_writesInputLinesUnchangedAndSummariesAsJson(String framework, String layout)
            throws Exception {
        Path log = write(framework, layout);
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();

        int status = Main.run(new String[] {"pipe", "--format", "json"}, java.nio.file.Files.newInputStream(log),
                out, new java.io.PrintStream(new java.io.ByteArrayOutputStream(), true), false);

        assertThat(status).isZero();
        List<String> in = TestLogs.lines(log);
        JsonLine json = new JsonLine();
        List<String> kept = new ArrayList<>();
        long summarized = 0;
        for (String line : out.toString(java.nio.charset.StandardCharsets.UTF_8).split("\n")) {
            assertThat(json.parse(line)).as(line).isTrue();
            String message = json.string("message");
            if (message.startsWith("Suppressed ")) {
                summarized += Long.parseLong(message.split(" ")[1].replace(",", ""));
            } else {
                kept.add(line);
            }
        }
        assertThat(in).containsSubsequence(kept);
        assertThat(kept.size() + summarized).isEqualTo(TestLogs.EVENTS);
        assertThat(summarized).isPositive();
    }

    /** Returns the member paths of a JSON line, in order. */
    private static List<String> keys(String line) {
        List<String> keys = new ArrayList<>();
        for (String candidate : line.split("\"")) {
            keys.add(candidate);
        }
        JsonLine json = new JsonLine();
        json.parse(line);
        List<String> present = new ArrayList<>();
        for (String k : keys) {
            if (!k.isEmpty() && json.find(k) >= 0) {
                present.add(k);
            }
        }
        return present;
    }

    private Path write(String framework, String layout) throws Exception {
        Path file = dir.resolve(layout + ".log");
        String config = "FormatDetectionTest-" + layout;
        return framework.equals("logback") ? TestLogs.logback(file, config) : TestLogs.log4j2(file, config);
    }
}
