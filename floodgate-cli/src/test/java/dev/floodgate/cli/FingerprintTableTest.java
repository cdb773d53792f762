package dev.floodgate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.floodgate.core.Fingerprint;
import dev.floodgate.core.FloodEngine;
import dev.floodgate.core.FloodgateConfig;
import dev.floodgate.core.ManualClock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FingerprintTableTest {

    private final FloodEngine filter = new FloodEngine(FloodgateConfig.defaults(), new ManualClock(0));

    @Test
    void count_maskedRepeats_shareOneEntryWithTheFirstLineAsExample() {
        FingerprintTable table = new FingerprintTable(100);

        count(table, "Order 1 failed", true);
        count(table, "Order 2 failed", true);
        count(table, "Order 3 failed", false);

        FingerprintTable.Entry e = table.top(1).get(0);
        assertThat(e.text).isEqualTo("Order <n> failed");
        assertThat(e.example).isEqualTo("line: Order 1 failed");
        assertThat(e.events).isEqualTo(3);
        assertThat(e.suppressed).isEqualTo(2);
    }

    @Test
    void top_ordersBySuppressedAndLeavesOutTheNeverSuppressed() {
        FingerprintTable table = new FingerprintTable(100);
        count(table, "a", true);
        count(table, "b", true);
        count(table, "b", true);
        count(table, "c", false);

        assertThat(table.top(10)).extracting(e -> e.text).containsExactly("b", "a");
    }

    @Test
    void count_beyondCapacity_staysBoundedAndKeepsTheFloods() {
        FingerprintTable table = new FingerprintTable(10);
        for (int i = 0; i < 100; i++) {
            count(table, "Flood", true);
        }

        for (int i = 0; i < 1_000; i++) {
            count(table, "unique " + Integer.toString(i, 26).replaceAll("[0-9]", "x") + " event", false);
            assertThat(table.size()).isLessThanOrEqualTo(10);
        }

        assertThat(table.top(1).get(0).text).isEqualTo("Flood");
        assertThat(table.top(1).get(0).suppressed).isEqualTo(100);
        assertThat(table.forgotten()).isPositive();
        assertThat(table.maxForgottenSuppressed()).isZero();
    }

    @Test
    void count_longLine_keepsAShortExample() {
        FingerprintTable table = new FingerprintTable(10);

        table.count(filter.fingerprint("x", false, "", null, null), "y".repeat(10_000), "", null, true);

        assertThat(table.top(1).get(0).example).hasSize(FingerprintTable.MAX_EXAMPLE_CHARS + 1).endsWith("…");
    }

    @Test
    void count_beyondCapacity_entriesAndOthersAddUpToEveryEvent() {
        FingerprintTable table = new FingerprintTable(10);
        for (int i = 0; i < 1_000; i++) {
            count(table, "event " + Integer.toString(i % 97, 26).replaceAll("[0-9]", "x") + " seen", i >= 97);
        }

        long events = table.otherEvents();
        long suppressed = table.otherSuppressed();
        for (FingerprintTable.Entry e : table.top(Integer.MAX_VALUE)) {
            events += e.events;
            suppressed += e.suppressed;
        }
        assertThat(table.forgotten()).isPositive();
        assertThat(table.size()).isLessThanOrEqualTo(10).isEqualTo(table.top(Integer.MAX_VALUE).size());
        assertThat(events).isEqualTo(1_000);
        assertThat(suppressed).isEqualTo(903);
    }

    @Test
    void count_longFingerprint_keepsTheKeysSample() {
        FingerprintTable table = new FingerprintTable(10);

        count(table, "word ".repeat(300), true);

        String text = table.top(1).get(0).text;
        assertThat(text).hasSizeLessThanOrEqualTo(Fingerprint.MAX_SAMPLE_CHARS + 1).endsWith("…")
                .startsWith("word word ");
    }

    @Test
    void count_fingerprintsAlikeInTheirSample_areCountedApart() {
        FingerprintTable table = new FingerprintTable(10);
        String start = "word ".repeat(100);

        count(table, start + "alpha", true);
        count(table, start + "beta", true);
        count(table, start + "beta", true);

        List<FingerprintTable.Entry> top = table.top(2);
        assertThat(table.size()).isEqualTo(2);
        assertThat(top).extracting(e -> e.suppressed).containsExactly(2L, 1L);
        assertThat(top.get(0).text).isEqualTo(top.get(1).text).endsWith("…");
    }

    @Test
    void count_loggerInTheFingerprint_separatesLoggers() {
        FloodEngine withLogger = new FloodEngine(FloodgateConfig.parse(Map.of("includeLogger", "true")),
                new ManualClock(0));
        FingerprintTable table = new FingerprintTable(10);

        for (String logger : List.of("a.A", "b.B", "a.A")) {
            table.count(withLogger.fingerprint("Order 1 failed", false, logger, null, null), "line", logger, null, true);
        }

        assertThat(table.top(5)).extracting(e -> e.logger + "=" + e.suppressed).containsExactly("a.A=2", "b.B=1");
    }

    @Test
    void count_loggerNotInTheFingerprint_countsLoggersTogether() {
        FingerprintTable table = new FingerprintTable(10);

        for (String logger : List.of("a.A", "b.B")) {
            table.count(filter.fingerprint("Order 1 failed", false, logger, null, null), "line", logger, null, true);
        }

        assertThat(table.size()).isEqualTo(1);
        assertThat(table.top(1).get(0).suppressed).isEqualTo(2);
    }

    private void count(FingerprintTable table, String message, boolean suppressed) {
        table.count(filter.fingerprint(message, false, "", null, null), "line: " + message, "", null, suppressed);
    }
}
