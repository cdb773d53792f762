package dev.floodgate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.floodgate.core.FloodEngine;
import dev.floodgate.core.FloodgateConfig;
import dev.floodgate.core.ManualClock;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.zip.GZIPOutputStream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;

class ReplayTest {

    @TempDir
    Path dir;

    @Test
    void replay_logbackDefaultLayout_detectsLogbackAndAttachesStackTraces() throws Exception {
        Path log = TestLogs.logback(dir.resolve("app.log"), "ReplayTest-logback");
        List<String> lines = TestLogs.lines(log);

        Replays.Outcome r = Replays.run(log.toString());

        assertThat(r.replay().format().name()).isEqualTo("logback");
        assertThat(r.counts().eventLines).isEqualTo(TestLogs.EVENTS);
        assertThat(r.counts().continuationLines).isEqualTo(lines.size() - TestLogs.EVENTS);
        assertThat(r.counts().continuationLines).isGreaterThan(TestLogs.Workload.PAYMENTS * 3L);
        assertThat(r.counts().unparsedLines + r.counts().badTimestampLines).isZero();
    }

    @Test
    void replay_logbackDatedLayout_detectsLogback() throws Exception {
        Path log = TestLogs.logback(dir.resolve("app.log"), "ReplayTest-logback-dated");

        Replays.Outcome r = Replays.run(log.toString());

        assertThat(r.replay().format().name()).isEqualTo("logback");
        assertThat(r.counts().eventLines).isEqualTo(TestLogs.EVENTS);
    }

    @Test
    void replay_log4j2DefaultLayout_detectsLogbackLayoutAndAttachesStackTraces() throws Exception {
        Path log = TestLogs.log4j2(dir.resolve("app.log"), "ReplayTest-log4j2");
        List<String> lines = TestLogs.lines(log);

        Replays.Outcome r = Replays.run(log.toString());

        assertThat(r.replay().format().name()).isEqualTo("logback");
        assertThat(r.counts().eventLines).isEqualTo(TestLogs.EVENTS);
        assertThat(r.counts().continuationLines).isEqualTo(lines.size() - TestLogs.EVENTS).isPositive();
        assertThat(r.counts().unparsedLines + r.counts().badTimestampLines).isZero();
    }

    @Test
    void replay_log4j2FilePattern_detectsLog4j2File() throws Exception {
        Path log = TestLogs.log4j2(dir.resolve("app.log"), "ReplayTest-log4j2-file");

        Replays.Outcome r = Replays.run(log.toString());

        assertThat(r.replay().format().name()).isEqualTo("log4j2-file");
        assertThat(r.counts().eventLines).isEqualTo(TestLogs.EVENTS);
        assertThat(r.top().logger).isEqualTo("c.e.d.Pool");
    }

    @Test
    void replay_flood_topFingerprintIsTheMaskedFloodWithAnExample() throws Exception {
        Path log = TestLogs.logback(dir.resolve("app.log"), "ReplayTest-logback");

        Replays.Outcome r = Replays.run(log.toString());

        FingerprintTable.Entry top = r.top();
        assertThat(top.text).isEqualTo("Connection to <ip> failed after <duration>");
        assertThat(top.example).contains("WARN  com.example.db.Pool - Connection to 10.0.0.1:5432 failed after 0ms");
        assertThat(top.events).isEqualTo(TestLogs.Workload.FLOOD);
        assertThat(top.suppressed).isPositive().isLessThanOrEqualTo(r.counts().suppressedEvents);
    }

    @Test
    void replay_flood_everySuppressedEventIsInOneSummary() throws Exception {
        Path log = TestLogs.log4j2(dir.resolve("app.log"), "ReplayTest-log4j2");

        Replays.Outcome r = Replays.run(log.toString());

        assertThat(r.counts().suppressedEvents).isPositive();
        assertThat(r.counts().summarizedEvents).isEqualTo(r.counts().suppressedEvents);
    }

    @Test
    void replay_out_keepsPassedLinesInOrderAndAddsSummaryLinesInTheLogsLayout() throws Exception {
        Path log = TestLogs.logback(dir.resolve("app.log"), "ReplayTest-logback");
        Path out = dir.resolve("filtered.log");

        Replays.Outcome r = Replays.run(log.toString(), "--out", out.toString());

        List<String> in = TestLogs.lines(log);
        List<String> written = TestLogs.lines(out);
        List<String> summaries = new ArrayList<>();
        List<String> kept = new ArrayList<>();
        for (String line : written) {
            (line.contains(" [floodgate] ") ? summaries : kept).add(line);
        }
        assertThat(kept).hasSize((int) r.counts().passedLines);
        assertThat(isSubsequence(kept, in)).isTrue();
        assertThat(summaries).hasSize((int) r.counts().summaryLines).isNotEmpty();
        assertThat(summaries).allMatch(s -> s.matches(
                "\\d{2}:\\d{2}:\\d{2}\\.\\d{3} \\[floodgate\\] [A-Z]+ +\\S+ - Suppressed [\\d,]+ messages? like .*"));
        assertThat(summaries).anyMatch(s -> s.contains("WARN  com.example.db.Pool - Suppressed")
                && s.contains("like \"Connection to <ip> failed after <duration>\""));
    }

    @Test
    void replay_out_filteredLogReplaysAsTheSameFormat() throws Exception {
        Path log = TestLogs.logback(dir.resolve("app.log"), "ReplayTest-logback");
        Path out = dir.resolve("filtered.log");
        Replays.Outcome first = Replays.run(log.toString(), "--out", out.toString());

        Replays.Outcome again = Replays.run(out.toString());

        assertThat(again.replay().format().name()).isEqualTo("logback");
        assertThat(again.counts().eventLines).isEqualTo(first.counts().events - first.counts().suppressedEvents
                + first.counts().summaryLines);
    }

    @Test
    void replay_summaryInterval_writesSummariesWhenTheyFallDueOnTheLogsClock() throws Exception {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 100; i++) {
            sb.append(String.format("10:00:00.%03d [main] WARN  com.example.Db - Query %d timed out%n", i * 10, i));
        }
        sb.append("10:02:00.000 [main] INFO  com.example.App - Still alive\n");
        Path log = write("app.log", sb.toString());
        Path out = dir.resolve("out.log");

        Replays.run(log.toString(), "--out", out.toString(), "--summaryInterval=30s");

        List<String> written = TestLogs.lines(out);
        int summary = indexOfPrefix(written, "10:00:30.000 [floodgate] WARN  com.example.Db - Suppressed ");
        assertThat(summary).isPositive();
        assertThat(written.get(summary)).contains("like \"Query <n> timed out\"");
        assertThat(written.get(written.size() - 1)).startsWith("10:02:00.000 [main] INFO");
    }

    @Test
    void replay_timeOfDayAcrossMidnight_rollsOverToTheNextDay() throws Exception {
        Path log = write("app.log", ""
                + "23:59:59.900 [main] INFO  com.example.App - Tick\n"
                + "00:00:00.100 [main] INFO  com.example.App - Tock\n");

        Replays.Outcome r = Replays.run(log.toString(), "--date", "2024-05-01");

        ZoneId zone = ZoneId.systemDefault();
        assertThat(r.counts().firstMillis).isEqualTo(millis(LocalDateTime.of(2024, 5, 1, 23, 59, 59, 900_000_000), zone));
        assertThat(r.counts().lastMillis - r.counts().firstMillis).isEqualTo(200L);
        assertThat(r.counts().outOfOrderEvents).isZero();
    }

    @Test
    void replay_syslogSample_decidesLikeTheCoreFilterOnTheSameTimestamps() throws Exception {
        List<String> messages = new ArrayList<>();
        List<Long> times = new ArrayList<>();
        StringBuilder sb = new StringBuilder();
        LocalDateTime t = LocalDateTime.of(2023, 12, 31, 23, 59, 40);
        DateTimeFormatter stamp = DateTimeFormatter.ofPattern("MMM ppd HH:mm:ss", Locale.ENGLISH);
        for (int i = 0; i < 250; i++) {
            String msg = i % 10 == 0 ? "Accepted publickey for deploy from 10.1.0." + i + " port " + (40000 + i)
                    : "upstream timed out (110: Connection timed out) while connecting to upstream, client: 10.0.0."
                            + (i % 50);
            String program = i % 10 == 0 ? "sshd[" + (900 + i) + "]" : "nginx[" + 4242 + "]";
            sb.append(stamp.format(t)).append(" web01 ").append(program).append(": ").append(msg).append('\n');
            messages.add(msg);
            times.add(millis(t.withNano(0), ZoneId.systemDefault()));
            t = t.plusNanos(100_000_000L);
        }
        Path log = write("syslog", sb.toString());

        Replays.Outcome r = Replays.run(log.toString(), "--date", "2023-12-31");

        assertThat(r.replay().format().name()).isEqualTo("syslog");
        assertThat(r.counts().eventLines).isEqualTo(250);
        assertThat(r.counts().lastMillis).isEqualTo(times.get(times.size() - 1));
        assertThat(r.counts().suppressedEvents).isEqualTo(coreSuppressed(messages, times)).isPositive();
    }

    @Test
    void replay_rfc5424_readsTheLevelFromThePriority() throws Exception {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 50; i++) {
            sb.append(String.format("<%d>1 2024-05-01T10:00:%02d.%03dZ host app 42 ID47 [ex@32473 i=\"%d\"] "
                    + "Disk %d nearly full%n", i < 25 ? 12 : 14, i / 10, i % 10 * 100, i, i % 3));
        }
        Path log = write("app.log", sb.toString());

        Replays.Outcome r = Replays.run(log.toString(), "--minLevel=WARN");

        assertThat(r.replay().format().name()).isEqualTo("rfc5424");
        assertThat(r.counts().exemptEvents).isEqualTo(25);
        assertThat(r.top().text).isEqualTo("Disk <n> nearly full");
        assertThat(r.top().level).isEqualTo("WARNING");
    }

    @Test
    void replay_includeThrowable_splitsOneMessageByExceptionClass() throws Exception {
        Path log = write("app.log", paymentsWithTwoExceptions());

        Replays.Outcome r = Replays.run(log.toString(), "--includeThrowable");

        List<FingerprintTable.Entry> top = r.replay().table().top(5);
        assertThat(top).extracting(e -> e.text).containsExactlyInAnyOrder(
                "Payment <n> failed with java.lang.IllegalStateException",
                "Payment <n> failed with java.io.IOException");
        assertThat(r.counts().continuationLines).isEqualTo(200);
    }

    @Test
    void replay_withoutIncludeThrowable_keepsOneFingerprint() throws Exception {
        Path log = write("app.log", paymentsWithTwoExceptions());

        Replays.Outcome r = Replays.run(log.toString());

        assertThat(r.replay().table().top(5)).extracting(e -> e.text).containsExactly("Payment <n> failed");
    }

    @Test
    void replay_includeThrowableFrame_addsTheFirstFrame() throws Exception {
        Path log = write("app.log", paymentsWithTwoExceptions());

        Replays.Outcome r = Replays.run(log.toString(), "--include-throwable-frame");

        assertThat(r.replay().table().top(5)).extracting(e -> e.text).contains(
                "Payment <n> failed with java.io.IOException at com.example.Pay.charge(Pay.java:<n>)");
    }

    @Test
    void replay_includeThrowable_suppressedEventDropsItsStackTrace() throws Exception {
        Path log = write("app.log", paymentsWithTwoExceptions());
        Path out = dir.resolve("out.log");

        Replays.Outcome r = Replays.run(log.toString(), "--includeThrowable", "--out", out.toString());

        List<String> written = TestLogs.lines(out);
        long traces = written.stream().filter(l -> l.startsWith("\tat ") || l.startsWith("java.")).count();
        long events = written.stream().filter(l -> l.contains("Payment")).count() - r.counts().summaryLines;
        assertThat(traces).isEqualTo(2 * events);
        assertThat(r.counts().passedLines).isEqualTo(written.size() - r.counts().summaryLines);
    }

    @Test
    void replay_minLevel_leavesLowerLevelsUnlimited() throws Exception {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 300; i++) {
            sb.append(String.format("10:00:00.%03d [main] DEBUG com.example.Cache - Evicted entry %d%n", i, i));
        }
        Path log = write("app.log", sb.toString());

        Replays.Outcome r = Replays.run(log.toString(), "--minLevel", "INFO");

        assertThat(r.counts().exemptEvents).isEqualTo(300);
        assertThat(r.counts().passedLines).isEqualTo(300);
    }

    @Test
    void replay_excludeLoggers_leavesThoseLoggersUnlimited() throws Exception {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 300; i++) {
            sb.append(String.format("10:00:00.%03d [main] INFO  com.example.audit.Trail - Audit %d%n", i, i));
        }
        Path log = write("app.log", sb.toString());

        Replays.Outcome r = Replays.run(log.toString(), "--excludeLoggers=com.example.audit");

        assertThat(r.counts().exemptEvents).isEqualTo(300);
    }

    @Test
    void replay_includeLogger_splitsOneMessageByLogger() throws Exception {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 200; i++) {
            sb.append(String.format("10:00:00.%03d [main] WARN  com.example.%s - Retrying in %dms%n", i,
                    i % 2 == 0 ? "A" : "B", i));
        }
        Path log = write("app.log", sb.toString());

        Replays.Outcome r = Replays.run(log.toString(), "--include-logger");

        assertThat(r.replay().table().top(5)).extracting(e -> e.logger)
                .containsExactlyInAnyOrder("com.example.A", "com.example.B");
    }

    @Test
    void replay_gzipInput_countsLikeThePlainFile() throws Exception {
        Path log = TestLogs.logback(dir.resolve("app.log"), "ReplayTest-logback");
        Path gz = dir.resolve("app.log.gz");
        try (OutputStream o = new GZIPOutputStream(Files.newOutputStream(gz))) {
            o.write(Files.readAllBytes(log));
        }

        Replays.Outcome plain = Replays.run(log.toString());
        Replays.Outcome zipped = Replays.run(gz.toString());

        assertThat(zipped.counts().lines).isEqualTo(plain.counts().lines);
        assertThat(zipped.counts().eventLines).isEqualTo(plain.counts().eventLines);
        assertThat(zipped.counts().passedLines).isEqualTo(plain.counts().passedLines);
    }

    @Test
    void replay_truncatedGzip_reportsWhatWasReadable() throws Exception {
        Path log = TestLogs.logback(dir.resolve("app.log"), "ReplayTest-logback");
        Path gz = dir.resolve("app.log.gz");
        try (OutputStream o = new GZIPOutputStream(Files.newOutputStream(gz))) {
            o.write(Files.readAllBytes(log));
        }
        byte[] whole = Files.readAllBytes(gz);
        Files.write(gz, Arrays.copyOf(whole, whole.length / 2));

        Cli.Result result = Cli.run("replay", gz.toString(), "--quiet");

        assertThat(result.status()).isZero();
        assertThat(result.err()).contains("ends in the middle of compressed data");
        assertThat(result.out()).contains("truncated compressed data");
    }

    @Test
    void replay_severalFiles_readsThemInOrderAsOneLog() throws Exception {
        Path first = write("app.log.1", "10:00:00.000 [main] INFO  com.example.App - One\n");
        Path second = write("app.log", "10:00:01.000 [main] INFO  com.example.App - Two\n");

        Replays.Outcome r = Replays.run(first.toString(), second.toString());

        assertThat(r.counts().eventLines).isEqualTo(2);
        assertThat(r.counts().lastMillis - r.counts().firstMillis).isEqualTo(1_000L);
    }

    @Test
    void replay_standardInput_readsTheLogFromDash() throws Exception {
        String log = "2024-05-01T10:00:00.000Z ERROR Disk full\n2024-05-01T10:00:01.000Z ERROR Disk full\n";

        Cli.Result result = Cli.runWithInput(new ByteArrayInputStream(log.getBytes(StandardCharsets.UTF_8)),
                "replay", "-", "--quiet");

        assertThat(result.status()).isZero();
        assertThat(result.out()).contains("Floodgate replay of standard input").contains("format   iso");
    }

    @Test
    void replay_customPatternAndTimestampFormat_readsAnAccessLog() throws Exception {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 100; i++) {
            sb.append(String.format("10.0.0.%d - - [01/May/2024:10:00:%02d +0200] \"GET /api/orders/%d HTTP/1.1\" "
                    + "500 12%n", i % 9, i % 60, i));
        }
        Path log = write("access.log", sb.toString());

        Replays.Outcome r = Replays.run(log.toString(), "--pattern",
                "^\\S+ \\S+ \\S+ \\[(?<ts>[^\\]]+)\\] \"(?<msg>[^\"]*)\"", "--ts-format", "dd/MMM/yyyy:HH:mm:ss Z");

        assertThat(r.counts().eventLines).isEqualTo(100);
        assertThat(r.counts().firstMillis).isEqualTo(java.time.OffsetDateTime.parse("2024-05-01T10:00:00+02:00")
                .toInstant().toEpochMilli());
        assertThat(r.top().text).isEqualTo("GET /api/orders/<n> HTTP/<n>");
    }

    @Test
    void replay_plot_writesAnSvgDocumentWithBothCurves() throws Exception {
        Path log = TestLogs.logback(dir.resolve("app.log"), "ReplayTest-logback");
        Path svg = dir.resolve("plot.svg");

        Cli.Result result = Cli.run("replay", log.toString(), "--plot", svg.toString(), "--quiet");

        assertThat(result.status()).isZero();
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        Document doc = f.newDocumentBuilder().parse(svg.toFile());
        assertThat(doc.getDocumentElement().getLocalName()).isEqualTo("svg");
        assertThat(doc.getElementsByTagNameNS("http://www.w3.org/2000/svg", "path").getLength()).isEqualTo(2);
    }

    @Test
    void replay_report_showsTheFiguresTheTopTableAndTheFloods() throws Exception {
        Path log = TestLogs.logback(dir.resolve("app.log"), "ReplayTest-logback");

        Cli.Result result = Cli.run("replay", log.toString(), "--quiet", "--top", "3");

        assertThat(result.status()).isZero();
        assertThat(result.err()).isEmpty();
        assertThat(result.out())
                .contains("Lines in ")
                .contains("Lines that would pass ")
                .contains("% reduction")
                .contains("Top ")
                .contains("Connection to <ip> failed after <duration>")
                .contains("e.g. ")
                .contains("When the floods happened")
                .contains("Worst ");
    }

    private static long coreSuppressed(List<String> messages, List<Long> times) {
        ManualClock clock = new ManualClock(times.get(0));
        FloodEngine filter = new FloodEngine(FloodgateConfig.parse(Map.of()), clock);
        long suppressed = 0;
        for (int i = 0; i < messages.size(); i++) {
            clock.set(times.get(i));
            if (filter.suppress(messages.get(i), false, messages.get(i).startsWith("Accepted") ? "sshd" : "nginx",
                    null, null)) {
                suppressed++;
            }
        }
        return suppressed;
    }

    private static String paymentsWithTwoExceptions() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 100; i++) {
            String ex = i % 2 == 0 ? "java.lang.IllegalStateException: card declined"
                    : "java.io.IOException: socket closed";
            sb.append(String.format("10:00:00.%03d [main] ERROR com.example.Pay - Payment %d failed%n", i * 5, i))
                    .append(ex).append('\n')
                    .append(String.format("\tat com.example.Pay.%s(Pay.java:%d)%n", i % 2 == 0 ? "check" : "charge",
                            40 + i % 2));
        }
        return sb.toString();
    }

    private static boolean isSubsequence(List<String> part, List<String> whole) {
        int j = 0;
        for (String line : part) {
            while (j < whole.size() && !whole.get(j).equals(line)) {
                j++;
            }
            if (j == whole.size()) {
                return false;
            }
            j++;
        }
        return true;
    }

    private static int indexOfPrefix(List<String> lines, String prefix) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith(prefix)) {
                return i;
            }
        }
        return -1;
    }

    private static long millis(LocalDateTime t, ZoneId zone) {
        return t.atZone(zone).toInstant().toEpochMilli();
    }

    private Path write(String name, String content) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, content, StandardCharsets.UTF_8);
        return p;
    }
}
