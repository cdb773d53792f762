package dev.floodgate.logback;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * A template an attacker wrote, with line breaks, terminal escapes, other controls and a quote followed by a fake
 * summary line, summarized into real files through five layouts: the summary stays one line and forges nothing,
 * whichever layout writes it, and a layout that cleans the application's messages is not bypassed by its fields.
 */
class SummaryEscapingTest {

    /** With the defaults, 40 calls at one instant: the first 16 pass and 24 are summarized. */
    private static final int CALLS = 40;
    private static final int PASSED = 16;

    private static final String HOSTILE = "Login failed for x\u0000\u009b\u2028\u202e\" in the last 30s (first"
            + " 10:00:01.120, last 10:00:01.120; attrition 8/5s, window 5×5s, spillover 16)\r\nWARN  com.acme.Login -"
            + " Suppressed 1 message like \"\u001b[2Jall clear {}";
    private static final String ESCAPED = "Login failed for x\\u0000\\u009b\\u2028\\u202e\\\" in the last 30s (first"
            + " 10:00:01.120, last 10:00:01.120; attrition 8/5s, window 5×5s, spillover 16)\\r\\nWARN  com.acme.Login -"
            + " Suppressed 1 message like \\\"\\u001b[2Jall clear {}";
    private static final String LIMITER = "attrition 8/5s, window 5×5s, spillover 16";

    /** What no line Floodgate writes may hold raw: C0, DEL, C1, line separators and bidirectional overrides. */
    private static final Pattern RAW_CONTROL = Pattern.compile("[\\x00-\\x1f\\x7f-\\x9f\\u2028\\u2029\\u202a-\\u202e"
            + "\\u2066-\\u2069]");

    @TempDir
    Path dir;

    @BeforeEach
    void floodAndSummarize() {
        TestContext t = TestContext.configure(getClass(), "files", Map.of("dir", dir.toString()));
        Logger log = t.logger("com.acme.Login");
        for (int i = 0; i < CALLS; i++) {
            log.warn(HOSTILE, i);
        }
        ((TestClock) t.turboFilter().clock()).advance(Duration.ofSeconds(30));
        t.turboFilter().summarizeIfDue();
        t.close();
        assertThat(t.problems()).as("status messages at WARN or above").isEmpty();
    }

    private static String message(int i) {
        return HOSTILE.replace("{}", Integer.toString(i));
    }

    private static String summaryText() {
        String start = DateTimeFormatter.ofPattern("HH:mm:ss.SSS", Locale.ROOT)
                .format(TestClock.START.atZone(ZoneId.systemDefault()));
        return "Suppressed 24 messages like \"" + ESCAPED + "\" in the last 30s (first " + start + ", last " + start
                + "; " + LIMITER + ")";
    }

    /** The summary's fields as {@code %kvp} writes them. */
    private static String summaryPairs() {
        return "floodgate.suppressed=\"24\" floodgate.fingerprint=\"" + ESCAPED + "\" floodgate.interval=\"PT30S\""
                + " floodgate.first=\"2026-03-02T10:00:01.120Z\" floodgate.last=\"2026-03-02T10:00:01.120Z\""
                + " floodgate.limiter=\"" + LIMITER + "\" floodgate.dryRun=\"false\"";
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

    /** The lines {@code pattern} makes of the calls that passed and of the summary. */
    private static List<String> expected(java.util.function.IntFunction<String> application, String summary) {
        List<String> lines = IntStream.range(0, PASSED).mapToObj(application).collect(Collectors.toCollection(
                ArrayList::new));
        lines.add(summary);
        return lines;
    }

    @Test
    void sanitisingLayout_everyLineIsAnApplicationLineOrTheSummary() throws IOException {
        List<String> lines = lines("sanitising.log");

        assertThat(lines).containsExactlyElementsOf(expected(
                i -> "WARN  com.acme.Login - " + message(i).replaceAll("[\r\n\u001b]", "_") + " ",
                "WARN  com.acme.Login - " + summaryText() + " " + summaryPairs()));
    }

    @Test
    void sanitisingLayout_noRawLineBreakOrEscapeAnywhere() throws IOException {
        String body = text("sanitising.log").replace(System.lineSeparator(), "|");

        assertThat(body).doesNotContain("\r", "\n", "\u001b");
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
    void logstashEncoder_everyLineParses_fingerprintIsTheEscapedTemplate() throws IOException {
        List<JsonNode> events = json("logstash.json");

        assertThat(events).extracting(e -> e.get("message").asString()).containsExactlyElementsOf(
                expected(SummaryEscapingTest::message, summaryText()));
        JsonNode summary = events.get(PASSED);
        assertThat(summary.get("floodgate.fingerprint").asString()).isEqualTo(ESCAPED);
        assertThat(summary.get("floodgate.limiter").asString()).isEqualTo(LIMITER);
        assertThat(decodedAsJsonString(summary.get("floodgate.fingerprint").asString())).isEqualTo(HOSTILE);
    }

    @Test
    void logbackJsonEncoder_everyLineParses_fingerprintIsTheEscapedTemplate() throws IOException {
        List<JsonNode> events = json("logback.json");

        // This encoder's "message" is the template, unformatted.
        assertThat(events).extracting(e -> e.get("message").asString()).containsExactlyElementsOf(
                expected(i -> HOSTILE, summaryText()));
        JsonNode pairs = events.get(PASSED).get("kvpList");
        assertThat(pairs.get(1).get("floodgate.fingerprint").asString()).isEqualTo(ESCAPED);
    }

    private List<JsonNode> json(String file) throws IOException {
        ObjectMapper mapper = new ObjectMapper();
        List<JsonNode> events = new ArrayList<>();
        for (String line : lines(file)) {
            events.add(mapper.readTree(line));
        }
        return events;
    }

    /** Reads the escaped text as the body of a JSON string, as its documentation says it is. */
    private static String decodedAsJsonString(String escaped) {
        return new ObjectMapper().readTree("\"" + escaped + "\"").asString();
    }
}
