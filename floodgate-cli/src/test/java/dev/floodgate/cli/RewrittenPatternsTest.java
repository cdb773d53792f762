package dev.floodgate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The expressions rewritten to match in linear time read every line shorter than the header window as the
 * expressions they replaced did: the same lines match, with the same parts. The references are the presets with
 * their possessive quantifiers made greedy again, and, where a part was restructured, the expression it replaced.
 * Lines are the preset's sample line with random edits.
 */
class RewrittenPatternsTest {

    /* seed= */ private static final long SEED = Long.getLong("flood.test.seed", 20240611L);
    private static final int LINES = 3_000;
    private static final String[] GROUPS = {"ts", "level", "logger", "thread", "pri", "status", "msg"};
    private static final String EDITS = " :[]\"\\()-.aZ1@#*/<>\t\r\u2028\uFEFFINFO";

    /** The restructured parts' former expressions, for their presets. */
    private static final String ANDROID = "^(?<ts>\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}\\.\\d{3}) +\\d+ +\\d+ "
            + "(?<level>[VDIWEFA]) (?<logger>.*?) *: (?<msg>)";
    private static final String RFC5424 = "^<(?<pri>\\d{1,3})>1 (?<ts>\\S+) \\S+ (?<logger>\\S+) \\S+ \\S+ "
            + "(?:-|(?:\\[(?:[^\\]\\\\\"]|\\\\.|\"(?:[^\"\\\\]|\\\\.)*\")*\\])+)(?: \\uFEFF?(?<msg>.*))?$";
    private static final String ACCESS_MESSAGE = "\"(?<msg>(?:[^\"\\\\]|\\\\.)*)\"";
    private static final String KAFKA_MESSAGE = "(?<msg>.*?)(?: \\((?<logger>[\\w$.]+)\\))?$";
    private static final String EXCEPTION_LINE =
            "^(?:Exception in thread \"[^\"]*\" )?([\\p{L}_$][\\w$]*(?:\\.[\\p{L}_$][\\w$]*)+)(?::|\\s*$)";
    private static final Pattern FRAME_LINE = Pattern.compile("^\\s+at (\\S+\\([^)]*\\))");

    static Stream<LogFormat> formats() {
        List<LogFormat> all = new ArrayList<>();
        for (LogFormat f : LogFormat.PRESETS) {
            if (!f.isJson()) {
                all.add(f);
            }
        }
        all.add(LogFormat.NONE);
        return all.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("formats")
    void match_editedSampleLines_sameAsTheFormerExpression(LogFormat format) {
        Pattern reference = Pattern.compile(reference(format));
        Random random = new Random(SEED ^ format.name().hashCode());
        int matched = 0;
        for (int i = 0; i < LINES; i++) {
            String line = edit(format.sample(), random);
            Matcher expected = reference.matcher(line);
            Matcher actual = RegexLineMatcher.fullMatcher(format, line);

            boolean found = expected.find();
            assertThat(RegexLineMatcher.matchWhole(format, actual)).as("seed %d: %s", SEED, line).isEqualTo(found);
            if (found) {
                matched++;
                for (String group : GROUPS) {
                    assertThat(span(actual, group)).as("seed %d: %s in %s", SEED, group, line)
                            .isEqualTo(span(expected, group));
                }
            }
        }
        assertThat(matched).as("lines matched").isBetween(LINES / 20, LINES - 1);
    }

    @Test
    void exceptionLine_editedStackLines_sameAsTheFormerExpression() {
        Pattern reference = Pattern.compile(EXCEPTION_LINE);
        Random random = new Random(SEED);
        int matched = 0;
        for (int i = 0; i < LINES; i++) {
            String line = edit(random.nextBoolean() ? "java.lang.IllegalStateException: card declined"
                    : "Exception in thread \"main\" com.acme.PayError", random);
            Matcher expected = reference.matcher(line);
            Matcher actual = HeldEvent.EXCEPTION_LINE.matcher(line);

            boolean found = expected.find();
            assertThat(actual.find()).as("seed %d: %s", SEED, line).isEqualTo(found);
            if (found) {
                matched++;
                assertThat(actual.group(1)).as("seed %d: %s", SEED, line).isEqualTo(expected.group(1));
            }
        }
        assertThat(matched).isBetween(LINES / 20, LINES - LINES / 20);
    }

    @Test
    void frameOf_editedFrameLines_sameAsTheFormerExpression() {
        Random random = new Random(SEED);
        int found = 0;
        for (int i = 0; i < LINES; i++) {
            String line = edit("\tat com.acme.Pay.lambda$charge$0(Pay.java:42)", random);
            Matcher expected = FRAME_LINE.matcher(line);
            String frame = expected.find() ? expected.group(1) : null;

            assertThat(HeldEvent.frameOf(line)).as("seed %d: %s", SEED, line).isEqualTo(frame);
            found += frame == null ? 0 : 1;
        }
        assertThat(found).isBetween(LINES / 20, LINES - LINES / 20);
    }

    /** Returns the expression a preset's rewritten one must agree with. */
    private static String reference(LogFormat format) {
        switch (format.name()) {
            case "android":
                return ANDROID;
            case "rfc5424":
                return RFC5424;
            case "kafka":
                String pattern = format.pattern().pattern();
                return pattern.substring(0, pattern.indexOf("(?<msg>")) + KAFKA_MESSAGE;
            case "access":
                String rewritten = greedy(format);
                String former = rewritten.replace("\"(?<msg>[^\"\\\\]*(?:\\\\.[^\"\\\\]*)*)\"", ACCESS_MESSAGE);
                assertThat(former).isNotEqualTo(rewritten);
                return former;
            default:
                return greedy(format);
        }
    }

    /** Returns the preset's expression with its possessive quantifiers made greedy. */
    private static String greedy(LogFormat format) {
        return format.pattern().pattern().replace("++", "+").replace("*+", "*");
    }

    /** Returns {@code line} with one to four random edits: a character or a short run put in, taken out or changed. */
    private static String edit(String line, Random random) {
        StringBuilder sb = new StringBuilder(line);
        int edits = 1 + random.nextInt(4);
        for (int e = 0; e < edits; e++) {
            int at = random.nextInt(sb.length() + 1);
            String c = String.valueOf(EDITS.charAt(random.nextInt(EDITS.length()))).repeat(1 + random.nextInt(3));
            switch (random.nextInt(3)) {
                case 0:
                    sb.insert(at, c);
                    break;
                case 1:
                    if (at < sb.length()) {
                        sb.deleteCharAt(at);
                    }
                    break;
                default:
                    sb.replace(at, Math.min(sb.length(), at + c.length()), c);
            }
        }
        return sb.toString();
    }

    private static List<Integer> span(Matcher m, String group) {
        try {
            return List.of(m.start(group), group.equals("msg") ? m.start(group) : m.end(group));
        } catch (IllegalArgumentException e) {
            return List.of();
        }
    }
}
