package dev.floodgate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** {@code src/docs/cli.md} shows every format the tool knows, each with a sample line that it reads. */
class CliDocsTest {

    private static String doc() throws Exception {
        Path path = Path.of(System.getProperty("basedir", ".")).resolve("../src/docs/cli.md").normalize();
        return Files.readString(path, StandardCharsets.UTF_8);
    }

    @Test
    void formatsTable_hasEveryPresetWithItsSampleLine() throws Exception {
        String doc = doc();

        for (LogFormat f : LogFormat.PRESETS) {
            assertThat(doc).contains("| `" + f.name() + "` | " + f.description() + " | `" + f.sample() + "` |");
        }
    }
}
