package dev.floodgate.log4j2;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.time.Instant;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.core.impl.Log4jLogEvent;
import org.apache.logging.log4j.message.SimpleMessage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** {@code %fgEx} in real Log4j pattern and JSON template layouts, with events stamped by the test. */
class FloodgateThrowablePatternConverterTest {

    private static final long T0 = Instant.parse("2026-03-02T10:00:01.120Z").toEpochMilli();
    private static final String NL = System.lineSeparator();
    private static final Pattern HEADER = Pattern.compile("\\[trace ([0-9a-f]{8})] java\\.lang\\.");

    private Log4jHarness h;

    @AfterEach
    void close() {
        if (h != null) {
            h.close();
        }
    }

    static RuntimeException thrownHere(String message) {
        return new RuntimeException(message);
    }

    static RuntimeException thrownThere(String message) {
        return new RuntimeException(message);
    }

    /** Logs {@code thrown} at ERROR through the root logger's appenders, stamped {@code millis}. */
    private void log(String message, Throwable thrown, long millis) {
        h.configuration().getRootLogger().log(Log4jLogEvent.newBuilder().setLoggerName("com.acme.Checkout")
                .setLevel(Level.ERROR).setMessage(new SimpleMessage(message)).setThrown(thrown)
                .setTimeMillis(millis).build());
    }

    private List<String> out(String appender) {
        return h.list(appender).texts();
    }

    private static String id(String text) {
        Matcher m = HEADER.matcher(text);
        assertThat(m.find()).as("a full trace headed by its id: %s", text).isTrue();
        return m.group(1);
    }

    private static int lines(String text) {
        return text.split(NL, -1).length - 1;
    }

    private List<String> problems() {
        return h.status.messages().stream().filter(m -> m.startsWith("WARN") || m.startsWith("ERROR"))
                .collect(java.util.stream.Collectors.toList());
    }

    @Test
    void flood_sameTraceWithinTheInterval_printsInFullOnceThenOneLineEach() {
        h = Log4jHarness.start(getClass(), "pattern");
        RuntimeException first = thrownHere("order 0 failed");

        for (int i = 0; i < 100; i++) {
            log("checkout failed", thrownHere("order " + i + " failed"), T0 + i * 250);
        }

        List<String> out = out("DEFAULT");
        String id = id(out.get(0));
        assertThat(out.get(0)).startsWith("ERROR com.acme.Checkout - checkout failed" + NL + "[trace " + id
                + "] java.lang.RuntimeException: order 0 failed" + NL + "\tat ");
        assertThat(out.get(0)).contains("\tat " + first.getStackTrace()[0].toString());
        for (int i = 1; i < 100; i++) {
            assertThat(out.get(i)).isEqualTo("ERROR com.acme.Checkout - checkout failed" + NL + "[trace " + id + ", "
                    + first.getStackTrace().length + " frames, in full at 2026-03-02T10:00:01.120Z] "
                    + "java.lang.RuntimeException: order " + i + " failed" + NL);
        }
        assertThat(problems()).isEmpty();
    }

    @Test
    void flood_differentCause_printsInFull() {
        h = Log4jHarness.start(getClass(), "pattern");
        log("checkout failed", new IllegalStateException("x", new IOException("disk")), T0);

        log("checkout failed", new IllegalStateException("x", new IllegalArgumentException("disk")), T0 + 1);

        List<String> out = out("DEFAULT");
        assertThat(id(out.get(1))).isNotEqualTo(id(out.get(0)));
        assertThat(out.get(1)).contains("Caused by: java.lang.IllegalArgumentException: disk");
    }

    @Test
    void flood_differentFirstFrame_printsInFull() {
        h = Log4jHarness.start(getClass(), "pattern");
        log("checkout failed", thrownHere("x"), T0);

        log("checkout failed", thrownThere("x"), T0 + 1);

        assertThat(id(out("DEFAULT").get(1))).isNotEqualTo(id(out("DEFAULT").get(0)));
    }

    @Test
    void flood_intervalPassed_printsInFullAgain() {
        h = Log4jHarness.start(getClass(), "pattern");
        log("checkout failed", thrownHere("x"), T0);
        log("checkout failed", thrownHere("x"), T0 + 9_999);

        log("checkout failed", thrownHere("x"), T0 + 10_000);

        List<String> ten = out("TEN");
        assertThat(lines(ten.get(1))).isEqualTo(2);
        assertThat(id(ten.get(2))).isEqualTo(id(ten.get(0)));
        assertThat(lines(out("DEFAULT").get(2))).as("30s by default").isEqualTo(2);
    }

    @Test
    void flood_depthOption_limitsTheFullTraceLikeEx() {
        h = Log4jHarness.start(getClass(), "pattern");

        log("checkout failed", thrownHere("x"), T0);

        assertThat(out("SHORT").get(0)).contains("[trace ");
        assertThat(out("SHORT").get(0).split("\tat ", -1)).hasSizeLessThanOrEqualTo(1 + 3);
    }

    @Test
    void flood_noThrowable_printsNothingMore() {
        h = Log4jHarness.start(getClass(), "pattern");

        log("checkout failed", null, T0);

        assertThat(out("DEFAULT")).containsExactly("ERROR com.acme.Checkout - checkout failed" + NL);
    }

    @Test
    void flood_moreDistinctTracesThanRemembered_forgetsTheOldest() {
        h = Log4jHarness.start(getClass(), "pattern");
        for (int i = 0; i <= 1_024; i++) {
            log("generated", generated(i), T0);
        }

        log("generated", generated(0), T0 + 1);
        log("generated", generated(1_024), T0 + 1);

        List<String> out = out("DEFAULT");
        assertThat(out.subList(0, 1_025)).allSatisfy(e -> assertThat(e).contains("[trace ").contains("\tat "));
        assertThat(out.get(1_025)).as("forgotten, so in full again").contains("\tat ");
        assertThat(lines(out.get(1_026))).as("still remembered").isEqualTo(2);
    }

    private static RuntimeException generated(int line) {
        RuntimeException e = new RuntimeException("x");
        e.setStackTrace(new StackTraceElement[] {new StackTraceElement("com.acme.Generated", "m", "G.java", line)});
        return e;
    }

    @Test
    void flood_cyclicCauses_printsInFullOnceThenOneLine() {
        h = Log4jHarness.start(getClass(), "pattern");
        RuntimeException a = new RuntimeException("a");
        IllegalStateException b = new IllegalStateException("b");
        a.initCause(b);
        b.initCause(a);

        log("cyclic", a, T0);
        log("cyclic", a, T0 + 1);

        List<String> out = out("DEFAULT");
        assertThat(out.get(0)).contains("[trace ").contains("java.lang.IllegalStateException: b");
        assertThat(out.get(1)).endsWith("] java.lang.RuntimeException: a; caused by: java.lang.IllegalStateException: b"
                + "; ..." + NL);
    }

    @Test
    void newInstance_badInterval_warnsAndPrintsEveryTraceInFull() {
        h = Log4jHarness.start(getClass(), "badInterval");

        log("checkout failed", thrownHere("x"), T0);
        log("checkout failed", thrownHere("x"), T0 + 1);

        assertThat(problems()).containsExactly("WARN Floodgate %fgEx: interval: \"soon\" is not a duration; write e.g. "
                + "\"5 seconds\", \"500ms\" or \"PT5S\"; every stack trace now prints in full. Set e.g. "
                + "%fgEx{full}{interval=30s}");
        assertThat(out("OUT")).allSatisfy(e -> assertThat(e).contains("\tat ").doesNotContain("[trace "));
    }

    @Test
    void jsonTemplateLayout_patternResolver_printsTheStackTraceFieldInFullOnce() {
        h = Log4jHarness.start(getClass(), "pattern");

        log("checkout failed", thrownHere("order 1"), T0);
        log("checkout failed", thrownHere("order 2"), T0 + 1);

        List<String> out = out("JSON");
        assertThat(out.get(0)).containsPattern("\"stack_trace\":\"\\[trace [0-9a-f]{8}] java.lang.RuntimeException: "
                + "order 1\\\\n\\\\tat ");
        assertThat(out.get(1)).containsPattern("\"stack_trace\":\"\\[trace [0-9a-f]{8}, \\d+ frames, in full at "
                + "2026-03-02T10:00:01.120Z] java.lang.RuntimeException: order 2\\\\n\"");
    }
}
