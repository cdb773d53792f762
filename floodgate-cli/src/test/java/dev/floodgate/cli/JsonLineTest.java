package dev.floodgate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class JsonLineTest {

    @Test
    void parse_nestedObject_isReadByDottedPathLikeADottedName() {
        JsonLine json = new JsonLine();

        assertThat(json.parse("{\"log\":{\"level\":\"WARN\",\"logger\":\"a.B\"},\"log.origin\":1}")).isTrue();

        assertThat(json.string("log.level")).isEqualTo("WARN");
        assertThat(json.string("log.logger")).isEqualTo("a.B");
        assertThat(json.value(json.find("log.origin"))).isEqualTo("1");
    }

    @Test
    void parse_escapedString_isDecoded() {
        JsonLine json = new JsonLine();

        json.parse("{\"message\":\"say \\\"hi\\\"\\n\\tat x \\u00e9\\\\\"}");

        assertThat(json.string("message")).isEqualTo("say \"hi\"\n\tat x é\\");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "[]", "{", "{\"a\":}", "{\"a\":1,}", "{\"a\":\"x}", "{\"a\":1} trailing", "plain text",
        "{\"a\" 1}"})
    void parse_notOneJsonObject_isFalse(String line) {
        assertThat(new JsonLine().parse(line)).isFalse();
    }

    @Test
    void escape_thenUnescape_isTheSameText() {
        String text = "Suppressed 3 messages like \"a\\b\"\r\n\t\u0001";

        assertThat(JsonLine.unescape(JsonLine.escape(text))).isEqualTo(text);
    }

    @Test
    void find_lineOfManyMembers_findsTheFirstAtANotedPath() {
        String line = "{" + "\"a\":1,".repeat(10_000) + "\"message\":\"first\",\"message\":\"second\"}";
        JsonLine noted = new JsonLine(List.of("message"));
        JsonLine scanning = new JsonLine();

        assertThat(noted.parse(line)).isTrue();
        assertThat(scanning.parse(line)).isTrue();

        assertThat(noted.string("message")).isEqualTo("first");
        assertThat(noted.find("message")).isEqualTo(scanning.find("message")).isEqualTo(10_000);
        assertThat(noted.find("a")).isZero();
    }

    @Test
    void parse_pathLongerThanTheLimit_parsesButHasNoPath() {
        String key = "k".repeat(JsonLine.MAX_PATH_CHARS);
        JsonLine json = new JsonLine(List.of("message"));

        assertThat(json.parse("{\"" + key + "\":{\"message\":\"inner\"},\"message\":\"outer\"}")).isTrue();

        assertThat(json.string("message")).isEqualTo("outer");
        assertThat(json.find(key + ".message")).isEqualTo(-1);
    }

    @Test
    void escape_controlsSeparatorsAndBidi_areUnicodeEscapes() {
        assertThat(JsonLine.escape("a\u001bb\u007fc\u0085d\u2028e\u202ef"))
                .isEqualTo("a\\u001bb\\u007fc\\u0085d\\u2028e\\u202ef");
    }

    @Test
    void template_json_replacesValuesAndLeavesOutDroppedMembersAsValidJson() {
        JsonLineMatcher m = new JsonLineMatcher(LogFormat.named("json"));
        String line = "{\"stack_trace\":\"x\",\"@timestamp\":\"2024-05-01T10:00:00.000Z\",\"level\":\"ERROR\","
                + "\"message\":\"boom\",\"arguments\":[1,{\"a\":2}],\"logger_name\":\"a.B\",\"error\":{\"type\":\"E\"}}";
        assertThat(m.match(line)).isTrue();

        String rendered = m.template().render("2024-05-01T10:00:30.000Z", "WARN", "c.D", "floodgate",
                "Suppressed 2 messages like \"boom\"");

        assertThat(rendered).isEqualTo("{\"@timestamp\":\"2024-05-01T10:00:30.000Z\",\"level\":\"WARN\","
                + "\"message\":\"Suppressed 2 messages like \\\"boom\\\"\",\"logger_name\":\"c.D\"}");
        assertThat(new JsonLine().parse(rendered)).isTrue();
    }

    @Test
    void template_jsonLayoutInstant_writesEpochSecondAndNanos() {
        JsonLineMatcher m = new JsonLineMatcher(LogFormat.named("json"));
        m.match("{\"instant\":{\"epochSecond\":1714557600,\"nanoOfSecond\":5000000},\"message\":\"x\"}");
        TimestampParser p = new TimestampParser(java.time.ZoneOffset.UTC, java.time.LocalDate.of(2024, 5, 1), null);
        long millis = m.timestamp(p);

        String rendered = m.template().render(p.format(millis + 30_000), null, null, null, "y");

        assertThat(millis).isEqualTo(1_714_557_600_005L);
        assertThat(rendered).isEqualTo("{\"instant\":{\"epochSecond\":1714557630,\"nanoOfSecond\":5000000},"
                + "\"message\":\"y\"}");
        assertThat(List.of(rendered)).allMatch(new JsonLine()::parse);
    }
}
