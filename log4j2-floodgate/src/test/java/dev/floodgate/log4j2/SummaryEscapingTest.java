package dev.floodgate.log4j2;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.IntFunction;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.logging.log4j.Logger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A template an attacker wrote, with line breaks, terminal escapes, other controls and a quote followed by a fake
 * summary line, summarized into real files through four layouts: the summary stays one line and forges nothing,
 * whichever layout writes it, and a layout that cleans the application's messages is not bypassed by its map.
 */
class SummaryEscapingTest {

    /** With the defaults, 40 calls at one instant: the first 16 pass and 24 are summarized. */
    private static final int CALLS = 40;
    private static final int PASSED = 16;

    private static final String HOSTILE = "Login failed for x\u0000\u009b\u2028\u202e\" in the last 30s (first"
            + " 10:00:00.000, last 10:00:00.000; attrition 8/5s, window 5×5s, spillover 16)\r\nWARN  com.acme.Login -"
            + " Suppressed 1 message like \"\u001b[2Jall clear {}";
    private static final String ESCAPED = "Login failed for x\\u0000\\u009b\\u2028\\u202e\\\" in the last 30s (first"
            + " 10:00:00.000, last 10:00:00.000; attrition 8/5s, window 5×5s, spillover 16)\\r\\nWARN  com.acme.Login -"
            + " Suppressed 1 message like \\\"\\u001b[2Jall clear {}";
    private static final String LIMITER = "attrition 8/5s, window 5×5s, spillover 16";

    /** What no line Floodgate writes may hold raw: C0, DEL, C1, line separators and bidirectional overrides. */
    private static final Pattern RAW_CONTROL = Pattern.compile("[\\x00-\\x1f\\x7f-\\x9f\\u2028\\u2029\\u202a-\\u202e"
            + "\\u2066-\\u2069]");

    @TempDir
    Path dir;

    @BeforeEach
    void floodAndSummarize() {
        Log4jHarness h = Log4jHarness.start(getClass(), "files", Map.of("dir", dir.toString()));
        try {
            Logger log = h.logger("com.acme.Login");
            for (int i = 0; i < CALLS; i++) {
                log.warn(HOSTILE, i);
            }
            h.clock.advance(Duration.ofSeconds(30));
            h.writeDueSummaries();
            h.context.stop();
            assertThat(h.status.messages()).as("status messages at WARN or above").isEmpty();
        } finally {
            h.close();
        }
    }

    private static String message(int i) {
        return HOSTILE.replace("{}", Integer.toString(i));
    }

    private static String summaryText() {
        String start = DateTimeFormatter.ofPattern("HH:mm:ss.SSS", Locale.ROOT)
                .format(Instant.ofEpochMilli(TestClock.START).atZone(ZoneId.systemDefault()));
        return "Suppressed 24 messages like \"" + ESCAPED + "\" in the last 30s (first " + start + ", last " + start
                + "; " + LIMITER + ")";
    }

    /** The summary's map as {@code %K} writes it: keys sorted, values not quoted. */
    private static String summaryMap() {
        return "{floodgate.dryRun=false, floodgate.fingerprint=" + ESCAPED + ", floodgate.first=2026-01-01T10:00:00Z,"
                + " floodgate.interval=PT30S, floodgate.last=2026-01-01T10:00:00Z, floodgate.limiter=" + LIMITER
                + ", floodgate.suppressed=24}";
    }

    private String text(String file) throws IOException {
        return Files.readString(dir.resolve(file), StandardCharsets.UTF_8);
    }

    /** The file's lines, split at the line separator only, as a reader of the log sees them. */
    private List<String> lines(String file) throws IOException {
        String text = text(file);
        assertThat(text).endsWith(System.lineSeparator());
        return Arrays.asList(text.split(Pattern.quote(System.lineSeparator())));
    }

    /** The lines made of the calls that passed, then the summary's. */
    private static List<String> expected(IntFunction<String> application, String summary) {
        List<String> lines = IntStream.range(0, PASSED).mapToObj(application)
                .collect(Collectors.toCollection(ArrayList::new));
        lines.add(summary);
        return lines;
    }

    @Test
    void sanitisingLayout_everyLineIsAnApplicationLineOrTheSummary() throws IOException {
        List<String> lines = lines("sanitising.log");

        assertThat(lines).containsExactlyElementsOf(expected(
                i -> "WARN  com.acme.Login - " + message(i).replace("\r", "\\r").replace("\n", "\\n") + " ",
                "WARN  com.acme.Login - " + summaryText() + " " + summaryMap()));
    }

    @Test
    void sanitisingLayout_noRawLineBreakAnywhere() throws IOException {
        String body = text("sanitising.log").replace(System.lineSeparator(), "|");

        assertThat(body).doesNotContain("\r", "\n");
    }

    @Test
    void sanitisingLayout_summaryHasNoRawControlCharacter() throws IOException {
        String summary = lines("sanitising.log").get(PASSED);

        assertThat(summary).startsWith("WARN  com.acme.Login - Suppressed 24 ").doesNotContainPattern(RAW_CONTROL);
    }

    @Test
    void strictLayout_noRawControlCharacterAnywhere() throws IOException {
        List<String> lines = lines("strict.log");

        assertThat(lines).hasSize(PASSED + 1);
        assertThat(String.join("|", lines)).doesNotContainPattern(RAW_CONTROL);
    }

    @Test
    void plainPattern_summaryIsOneWholeLineAfterTheApplicationsOwn() throws IOException {
        String text = text("plain.log");
        String nl = System.lineSeparator();
        String summary = "WARN  com.acme.Login - " + summaryText();

        assertThat(text).isEqualTo(String.join("", expected(i -> "WARN  com.acme.Login - " + message(i) + nl,
                summary + nl)));
        assertThat(summary).doesNotContainPattern(RAW_CONTROL);
    }

    @Test
    void jsonTemplateLayout_everyLineParses_fingerprintIsTheEscapedTemplate() throws IOException {
        List<JsonNode> events = json("events.json");

        assertThat(events).extracting(e -> e.get("message").asText()).containsExactlyElementsOf(
                expected(SummaryEscapingTest::message, summaryText()));
        JsonNode summary = events.get(PASSED);
        assertThat(summary.get("floodgate.fingerprint").asText()).isEqualTo(ESCAPED);
        assertThat(summary.get("floodgate.limiter").asText()).isEqualTo(LIMITER);
        assertThat(summary.get("fields").get("floodgate.fingerprint").asText()).isEqualTo(ESCAPED);
        assertThat(new ObjectMapper().readTree("\"" + ESCAPED + "\"").asText()).isEqualTo(HOSTILE);
    }

    private List<JsonNode> json(String file) throws IOException {
        ObjectMapper mapper = new ObjectMapper();
        List<JsonNode> events = new ArrayList<>();
        for (String line : lines(file)) {
            events.add(mapper.readTree(line));
        }
        return events;
    }
}
