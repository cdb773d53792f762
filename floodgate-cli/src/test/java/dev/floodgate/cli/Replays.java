package dev.floodgate.cli;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Runs a replay in this JVM and hands back its counts, table and timeline. */
final class Replays {

    /** The outcome of one replay. */
    record Outcome(ReplayCounts counts, Replay replay, String err) {
        FingerprintTable.Entry top() {
            List<FingerprintTable.Entry> top = replay.table().top(1);
            return top.isEmpty() ? null : top.get(0);
        }
    }

    private Replays() {
    }

    /** Replays with the given command-line arguments (after {@code replay}); progress is off. */
    static Outcome run(String... args) throws Exception {
        List<String> all = new ArrayList<>(Arrays.asList(args));
        all.add("--quiet");
        Replay.Settings settings = Main.replaySettings(Main.commandLine("replay", all), false);
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Replay replay = new Replay(settings, new ByteArrayInputStream(new byte[0]), new ByteArrayOutputStream());
        ReplayCounts counts = replay.run(new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Outcome(counts, replay, err.toString(StandardCharsets.UTF_8));
    }
}
