package dev.floodgate.examples.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LogFileTest {

    private static final String TEMPLATE = "Payment gateway timed out after {} ms for order {}";

    @Test
    void read_linesAndSummaries_countsEach(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("service.log");
        Files.write(file, String.join("\n",
                "10:00:00.000 ERROR shop.Payments - Payment gateway timed out after 3000 ms for order 1",
                "10:00:00.001 INFO  shop.Web - GET /orders/1 200 in 21 ms",
                "10:00:01.000 ERROR shop.Payments - Suppressed 1,234 messages like \"" + TEMPLATE
                        + "\" in the last 1s (first 10:00:00.002, last 10:00:00.999; attrition 8/200ms)",
                "10:00:02.000 WARN  dev.floodgate.Floodgate - Suppressed 7 other messages in the last 1s (…)",
                "").getBytes(StandardCharsets.UTF_8));

        LogFile log = LogFile.read(file);

        assertThat(log.lines()).hasSize(4);
        assertThat(log.linesWith("Payment gateway")).hasSize(1);
        assertThat(log.summaries()).hasSize(2);
        assertThat(log.summariesOf(TEMPLATE)).hasSize(1);
        assertThat(log.suppressed(TEMPLATE)).isEqualTo(1_234);
    }

    @Test
    void read_missingFile_hasNoLines(@TempDir Path dir) {
        assertThat(LogFile.read(dir.resolve("absent.log")).lines()).isEmpty();
    }

    @Test
    void suppressedIn_notASummary_throws() {
        assertThatThrownBy(() -> LogFile.suppressedIn("GET /orders/1 200")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not a summary line");
    }
}
