package dev.floodgate.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.junit.jupiter.api.Test;

/**
 * Keeps the README's option table equal to {@link Option}: every option, its type, its default and its meaning with
 * its range. On a mismatch the message shows the table to paste between the markers; or run this test with
 * {@code -Dfloodgate.regenerate=true} to write it there.
 */
class ReadmeOptionsTest {

    private static final String START = "<!-- options:start -->";
    private static final String END = "<!-- options:end -->";

    static String table() {
        StringBuilder sb = new StringBuilder();
        sb.append("| Option | Type | Default | Meaning |\n|---|---|---|---|\n");
        for (Option o : Option.values()) {
            String def = o.defaultValue().isEmpty() ? "(unset)" : "`" + o.defaultValue() + "`";
            sb.append("| `").append(o.key()).append("` | ").append(o.type().label()).append(" | ").append(def)
                    .append(" | ").append(o.meaning())
                    .append(" |\n");
        }
        return sb.toString();
    }

    @Test
    void readme_optionTable_matchesTheOptions() throws IOException {
        Path readme = Paths.get("..", "README.md");
        String text = Files.readString(readme, StandardCharsets.UTF_8);
        int start = text.indexOf(START);
        int end = text.indexOf(END);
        assertThat(start).as("README has the %s marker", START).isNotNegative();
        assertThat(end).as("README has the %s marker", END).isGreaterThan(start);
        if (Boolean.getBoolean("floodgate.regenerate")) {
            text = text.substring(0, start + START.length()) + "\n" + table() + text.substring(end);
            Files.writeString(readme, text, StandardCharsets.UTF_8);
            end = text.indexOf(END);
        }
        String section = text.substring(start + START.length(), end).trim() + "\n";
        assertThat(section).as("README option table; expected:%n%s", table()).isEqualTo(table());
    }
}
