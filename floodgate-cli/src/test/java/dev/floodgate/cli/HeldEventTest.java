package dev.floodgate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class HeldEventTest {

    private static final String LINE = "2026-11-27 10:00:00.000 ERROR com.acme.Pay - Payment 7 failed";

    private static byte[] raw(String text) {
        return (text + "\n").getBytes(StandardCharsets.UTF_8);
    }

    private static HeldEvent holding(boolean frameInKey) {
        HeldEvent e = new HeldEvent(frameInKey);
        e.hold("Payment <n> failed", "com.acme.Pay", "ERROR", LINE, raw(LINE));
        return e;
    }

    @Test
    void add_exceptionLine_completesWithItsClass() {
        HeldEvent e = holding(false);

        assertThat(e.add("java.lang.IllegalStateException: card declined", raw("x"))).isTrue();

        assertThat(e.template()).isEqualTo("Payment <n> failed with java.lang.IllegalStateException");
        assertThat(e.logger()).isEqualTo("com.acme.Pay");
        assertThat(e.level()).isEqualTo("ERROR");
        assertThat(e.line()).isEqualTo(LINE);
        assertThat(e.lines()).hasSize(2);
    }

    @Test
    void add_frameInKey_waitsForTheFirstFrame() {
        HeldEvent e = holding(true);

        assertThat(e.add("Exception in thread \"main\" java.io.IOException: reset", raw("x"))).isFalse();
        assertThat(e.add("\tat com.acme.Pay.charge(Pay.java:42)", raw("y"))).isTrue();

        assertThat(e.template())
                .isEqualTo("Payment <n> failed with java.io.IOException at com.acme.Pay.charge(Pay.java:42)");
    }

    @Test
    void add_frameNotInKey_leavesTheFrameOut() {
        HeldEvent e = holding(false);

        e.add("java.io.IOException", raw("x"));
        e.add("\tat com.acme.Pay.charge(Pay.java:42)", raw("y"));

        assertThat(e.template()).isEqualTo("Payment <n> failed with java.io.IOException");
    }

    @Test
    void add_noExceptionLine_keepsTheMessageAsTemplate() {
        HeldEvent e = holding(true);

        assertThat(e.add("  a wrapped line of the message", raw("x"))).isFalse();

        assertThat(e.template()).isEqualTo("Payment <n> failed");
    }

    @Test
    void hasRoom_atTheLimit_isFalse() {
        HeldEvent e = holding(false);

        for (int i = 1; i < HeldEvent.MAX_LINES; i++) {
            assertThat(e.hasRoom()).isTrue();
            e.add("  line " + i, raw("line " + i));
        }

        assertThat(e.hasRoom()).isFalse();
        assertThat(e.lines()).hasSize(HeldEvent.MAX_LINES);
    }

    @Test
    void release_afterHolding_keepsNothing() {
        HeldEvent e = holding(true);
        e.add("java.io.IOException", raw("x"));

        e.release();

        assertThat(e.isHeld()).isFalse();
        assertThat(e.lines()).isEmpty();
        e.hold("Other", "com.acme.Other", "WARN", "other", raw("other"));
        assertThat(e.template()).isEqualTo("Other");
        assertThat(e.lines()).hasSize(1);
    }
}
