package dev.floodgate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Shapes of real-world logs that a reader easily stumbles on, in samples written here: lines with a valid stamp but
 * an unusual program field, epoch stamps named in {@code --pattern}, a log mixing layouts, and the
 * report's format line.
 */
class RealWorldLogTest {

    @TempDir
    Path dir;

    @Test
    void replay_syslogLinesWithUnusualProgramFields_areEventsNotContinuations() throws Exception {
        Path log = write("messages",
                "Jun 19 04:08:57 combo kernel: Kernel logging (proc) stopped.",
                "Jun 19 04:09:11 combo syslogd 1.4.1: restart.",
                "Jul  1 09:29:02 host sandboxd[129] ([31211]): deny(1) network-outbound /private/var/run/mDNS",
                "Jul  1 09:29:03 host kernel: link up");

        Replays.Outcome r = Replays.run(log.toString(), "--date", "2024-06-19");

        assertThat(r.replay().format().name()).isEqualTo("syslog");
        assertThat(r.counts().eventLines).isEqualTo(4);
        assertThat(r.counts().continuationLines).isZero();
        assertThat(r.counts().leadOnlyLines).isEqualTo(2);
    }

    @Test
    void replay_sameOddLineRepeated_isLimitedLikeAnyEvent() throws Exception {
        String[] lines = new String[200];
        for (int i = 0; i < lines.length; i++) {
            lines[i] = String.format("Jun 19 04:09:%02d combo syslogd 1.4.1: restart.", i / 10);
        }
        Path log = write("messages", lines);

        Replays.Outcome r = Replays.run(log.toString(), "--date", "2024-06-19");

        assertThat(r.counts().eventLines).isEqualTo(200);
        assertThat(r.counts().suppressedEvents).isPositive();
        assertThat(r.counts().summarizedEvents).isEqualTo(r.counts().suppressedEvents);
    }

    @Test
    void replay_hpcLineWithEpochSecondsNamedInPattern_replays() throws Exception {
        Path log = write("hpc.log",
                "134681 node-246 unix.hw state_change.unavailable 1077804742 1 Component State Change: Component",
                "134682 node-246 unix.hw state_change.unavailable 1077804743 1 Component State Change: Component",
                "134683 node-109 action start 1077804750 1 clusterAddMember (command 1902)");

        Replays.Outcome r = Replays.run(log.toString(), "--pattern",
                "^\\d+ \\S+ \\S+ \\S+ (?<ts>\\d+) \\d+ (?<msg>.*)");

        assertThat(r.counts().eventLines).isEqualTo(3);
        assertThat(r.counts().firstMillis).isEqualTo(1_077_804_742_000L);
        assertThat(r.counts().lastMillis).isEqualTo(1_077_804_750_000L);
    }

    @Test
    void replay_epochLedThunderbirdLines_areDetected() throws Exception {
        Path log = write("tbird.log",
                "- 1131566461 2005.11.09 dn228 Nov 9 12:01:01 dn228/dn228 crond(pam_unix)[2915]: session closed",
                "- 1131566462 2005.11.09 dn228 Nov 9 12:01:02 dn228/dn228 crond(pam_unix)[2916]: session opened",
                "ECC 1131566463 2005.11.09 tbird-sm1 Nov 9 12:01:03 src@tbird-sm1 ib_sm.x[24904]: [ib_sm_sweep.c:1831]");

        Replays.Outcome r = Replays.run(log.toString());

        assertThat(r.replay().format().name()).isEqualTo("epoch");
        assertThat(r.counts().eventLines).isEqualTo(3);
        assertThat(r.counts().firstMillis).isEqualTo(1_131_566_461_000L);
    }

    @Test
    void replay_logMixingLayouts_readsBothAndSaysSo() throws Exception {
        String[] lines = new String[40];
        for (int i = 0; i < 40; i += 2) {
            lines[i] = String.format("10:00:%02d.000 [main] WARN  a.Pool - Connection to db-%d failed", i, i % 3);
            lines[i + 1] = String.format("May  1 10:00:%02d web01 sshd[42]: Accepted key for deploy", i + 1);
        }
        Path log = write("mixed.log", lines);

        Cli.Result result = Cli.run("replay", log.toString(), "--date", "2024-05-01", "--quiet");
        Replays.Outcome r = Replays.run(log.toString(), "--date", "2024-05-01");

        assertThat(result.status()).isZero();
        assertThat(result.out()).contains("format   a log mixing layouts: logback (20 of the first 40 lines), "
                + "syslog (20) (detected); 0 lines it could not parse");
        assertThat(r.counts().eventLines).isEqualTo(40);
        assertThat(r.counts().continuationLines + r.counts().unparsedLines).isZero();
    }

    @Test
    void replay_report_namesTheFormatAndTheLinesItCouldNotParse() throws Exception {
        Path log = write("app.log",
                "garbage before the first event",
                "10:00:00.000 [main] INFO  a.B - started",
                "10:00:00.500 [main] INFO  a.B - going on",
                "10:00:01.000 something without the layout",
                "\tat a.B.c(B.java:1)",
                "25:00:00.000 [main] INFO  a.B - impossible time");

        Cli.Result result = Cli.run("replay", log.toString(), "--format", "logback", "--date", "2024-05-01", "--quiet");

        assertThat(result.out()).contains("format   logback; 3 lines it could not parse");
        assertThat(result.out()).containsPattern("not in the layout +1 ");
    }

    @Test
    void replay_formatDetected_isSaidToBe() throws Exception {
        Path log = write("app.log", "10:00:00.000 [main] INFO  a.B - started");

        Cli.Result result = Cli.run("replay", log.toString(), "--quiet");

        assertThat(result.out()).contains("format   logback (detected); 0 lines it could not parse");
    }

    @Test
    void formatList_showsEveryPresetWithASampleLine() {
        Cli.Result result = Cli.run("replay", "--format", "list");

        assertThat(result.status()).isZero();
        for (LogFormat f : LogFormat.PRESETS) {
            assertThat(result.out()).contains("  " + f.name() + " ", "e.g. " + f.sample());
        }
    }

    private Path write(String name, String... lines) throws Exception {
        Path file = dir.resolve(name);
        Files.writeString(file, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
        return file;
    }
}
