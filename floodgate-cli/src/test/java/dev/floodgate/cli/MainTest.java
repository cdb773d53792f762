package dev.floodgate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.floodgate.core.Option;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MainTest {

    @TempDir
    Path dir;

    @Test
    void run_noArguments_printsUsageOnStderrAndExits2() {
        Cli.Result r = Cli.run();

        assertThat(r.status()).isEqualTo(Main.USAGE);
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).contains("floodgate: no command").contains("Usage: ");
    }

    @Test
    void run_help_printsUsageOnStdoutAndExits0() {
        Cli.Result r = Cli.run("--help");

        assertThat(r.status()).isZero();
        assertThat(r.err()).isEmpty();
        assertThat(r.out()).contains("Usage: ").contains("replay").contains("pipe").contains("Exit status");
    }

    @Test
    void run_replayHelp_listsEveryFilterOptionWithItsDefault() {
        Cli.Result r = Cli.run("replay", "--help");

        assertThat(r.status()).isZero();
        for (Option o : Option.values()) {
            assertThat(r.out()).contains("--" + o.key());
        }
        assertThat(r.out()).contains("Formats").contains("logback").contains("syslog").contains("rfc5424");
    }

    @Test
    void run_helpCommand_showsTheCommandsHelp() {
        Cli.Result r = Cli.run("help", "pipe");

        assertThat(r.status()).isZero();
        assertThat(r.out()).contains("pipe [options]").contains("none");
    }

    @Test
    void run_version_printsIt() {
        Cli.Result r = Cli.run("--version");

        assertThat(r.status()).isZero();
        assertThat(r.out()).startsWith("floodgate-cli ");
    }

    @Test
    void run_unknownCommand_exits2() {
        Cli.Result r = Cli.run("replayy", "app.log");

        assertThat(r.status()).isEqualTo(Main.USAGE);
        assertThat(r.err()).contains("unknown command \"replayy\"").contains("Usage: ");
    }

    @Test
    void run_unknownOption_exits2WithUsageOnStderr() throws Exception {
        Cli.Result r = Cli.run("replay", log().toString(), "--frobnicate");

        assertThat(r.status()).isEqualTo(Main.USAGE);
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).contains("floodgate: unknown option --frobnicate").contains("Usage: ");
    }

    @Test
    void run_badFilterValue_exits2NamingTheOptionAndTheValue() throws Exception {
        Cli.Result r = Cli.run("replay", log().toString(), "--timeframe=soon", "--maxKeys", "-3");

        assertThat(r.status()).isEqualTo(Main.USAGE);
        assertThat(r.err()).contains("timeframe").contains("\"soon\"").contains("maxKeys").contains("-3");
    }

    @Test
    void run_badLevel_exits2() throws Exception {
        Cli.Result r = Cli.run("replay", log().toString(), "--minLevel=LOUD");

        assertThat(r.status()).isEqualTo(Main.USAGE);
        assertThat(r.err()).contains("minLevel: \"LOUD\" is not a level");
    }

    @Test
    void run_missingValue_exits2() {
        Cli.Result r = Cli.run("replay", "--out");

        assertThat(r.status()).isEqualTo(Main.USAGE);
        assertThat(r.err()).contains("--out needs a value");
    }

    @Test
    void run_replayWithoutFile_exits2() {
        Cli.Result r = Cli.run("replay");

        assertThat(r.status()).isEqualTo(Main.USAGE);
        assertThat(r.err()).contains("replay needs a log file");
    }

    @Test
    void run_dryRunWithReplay_exits2Explaining() throws Exception {
        Cli.Result r = Cli.run("replay", log().toString(), "--dryRun");

        assertThat(r.status()).isEqualTo(Main.USAGE);
        assertThat(r.err()).contains("dryRun: replay never drops anything");
    }

    @Test
    void run_unknownFormat_exits2ListingTheFormats() throws Exception {
        Cli.Result r = Cli.run("replay", log().toString(), "--format", "xml");

        assertThat(r.status()).isEqualTo(Main.USAGE);
        assertThat(r.err()).contains("unknown format \"xml\"").contains("logback").contains("syslog");
    }

    @Test
    void run_patternWithoutMessageGroup_exits2() throws Exception {
        Cli.Result r = Cli.run("replay", log().toString(), "--pattern", "^(?<ts>\\S+) .*");

        assertThat(r.status()).isEqualTo(Main.USAGE);
        assertThat(r.err()).contains("(?<msg>...)");
    }

    @Test
    void run_patternThatDoesNotCompile_exits2() throws Exception {
        Cli.Result r = Cli.run("replay", log().toString(), "--pattern", "(?<ts>[");

        assertThat(r.status()).isEqualTo(Main.USAGE);
        assertThat(r.err()).contains("--pattern: not a regular expression");
    }

    @Test
    void run_badDate_exits2() throws Exception {
        Cli.Result r = Cli.run("replay", log().toString(), "--date", "yesterday");

        assertThat(r.status()).isEqualTo(Main.USAGE);
        assertThat(r.err()).contains("--date: \"yesterday\" is not a date");
    }

    @Test
    void run_badTimestampFormat_exits2() throws Exception {
        Cli.Result r = Cli.run("replay", log().toString(), "--ts-format", "yyyy-MM-dd {");

        assertThat(r.status()).isEqualTo(Main.USAGE);
        assertThat(r.err()).contains("--ts-format");
    }

    @Test
    void run_badTop_exits2() throws Exception {
        Cli.Result r = Cli.run("replay", log().toString(), "--top", "0");

        assertThat(r.status()).isEqualTo(Main.USAGE);
        assertThat(r.err()).contains("--top");
    }

    @Test
    void run_missingFile_exits1WithAMessage() {
        Cli.Result r = Cli.run("replay", dir.resolve("nope.log").toString(), "--quiet");

        assertThat(r.status()).isEqualTo(Main.FAILED);
        assertThat(r.err()).contains("nope.log: no such file").doesNotContain("Exception");
    }

    @Test
    void run_oneOfSeveralFilesMissing_exits1BeforeWritingAnything() throws Exception {
        Path out = dir.resolve("out.log");

        Cli.Result r = Cli.run("replay", log().toString(), dir.resolve("gone.log").toString(), "--out",
                out.toString(), "--quiet");

        assertThat(r.status()).isEqualTo(Main.FAILED);
        assertThat(r.err()).contains("gone.log: no such file");
        assertThat(out).doesNotExist();
    }

    @Test
    void run_outIsTheInput_exits2() throws Exception {
        Cli.Result r = Cli.run("replay", log().toString(), "--out", log().toString());

        assertThat(r.status()).isEqualTo(Main.USAGE);
        assertThat(r.err()).contains("--out: ").contains("is an input");
        assertThat(Files.readString(log())).contains("Started");
    }

    @Test
    void run_unwritableOut_exits1WithAMessage() throws Exception {
        Cli.Result r = Cli.run("replay", log().toString(), "--out", dir.resolve("no/such/dir/out.log").toString(),
                "--quiet");

        assertThat(r.status()).isEqualTo(Main.FAILED);
        assertThat(r.err()).contains("out.log");
    }

    @Test
    void run_everyOptionByNameWithItsDefault_reachesTheCoresParser() throws Exception {
        for (Option o : Option.values()) {
            if (o.key().startsWith("fleet")) {
                continue; // the fleet limit is not for replay (one process); without floodgate-redis it is an error
            }
            Cli.Result r = Cli.run("replay", log().toString(), "--quiet", "--" + o.key() + "=" + o.defaultValue());

            assertAccepted(o, r);
        }
    }

    @Test
    void run_everyOptionInKebabCaseWithItsDefault_reachesTheCoresParser() throws Exception {
        for (Option o : Option.values()) {
            if (o.key().startsWith("fleet")) {
                continue; // the fleet limit is not for replay (one process); without floodgate-redis it is an error
            }
            Cli.Result r = Cli.run("replay", log().toString(), "--quiet", "--" + CommandLine.kebabCase(o.key()),
                    o.defaultValue());

            assertAccepted(o, r);
        }
    }

    @Test
    void run_switchesAndDurationsTogether_replay() throws Exception {
        Cli.Result r = Cli.run("replay", log().toString(), "--quiet", "--includeLogger", "--include-level", "true",
                "--timeframe", "10s", "--summary-interval=1m", "--maxKeys", "500", "--minLevel=DEBUG");

        assertThat(r.err()).isEmpty();
        assertThat(r.status()).isZero();
        assertThat(r.out()).contains("fingerprint masked message + logger + level").contains("summaryInterval 1m")
                .contains("options  includeLogger=true, includeLevel=true, timeframe=10s, summaryInterval=1m");
    }

    @Test
    void run_outDash_writesTheLogToStdoutAndTheReportToStderr() throws Exception {
        Cli.Result r = Cli.run("replay", log().toString(), "--out", "-", "--quiet");

        assertThat(r.status()).isZero();
        assertThat(r.out()).isEqualTo(Files.readString(log()));
        assertThat(r.err()).contains("Lines in");
    }

    /**
     * Asserts that an option given alone was not refused by name: it ran, or the core refused it for a reason of
     * its own (some options only apply with others, e.g. to another limiter), naming it.
     */
    private static void assertAccepted(Option o, Cli.Result r) {
        assertThat(r.err()).as(o.key()).doesNotContain("unknown option");
        if (r.status() != Main.OK) {
            assertThat(r.status()).as(o.key()).isEqualTo(Main.USAGE);
            assertThat(r.err()).as(o.key()).contains(o.key());
        }
    }

    private Path log() throws Exception {
        Path p = dir.resolve("app.log");
        if (!Files.exists(p)) {
            Files.writeString(p, "10:00:00.000 [main] INFO  com.example.App - Started\n", StandardCharsets.UTF_8);
        }
        return p;
    }
}
