package dev.floodgate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.floodgate.core.fingerprint.Fingerprinter;
import org.junit.jupiter.api.Test;

class FingerprintTableTest {

    private final Fingerprinter fingerprinter = new Fingerprinter(false, false, false, false, true);

    @Test
    void count_maskedRepeats_shareOneEntryWithTheFirstLineAsExample() {
        FingerprintTable table = new FingerprintTable(fingerprinter, 100);

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
        FingerprintTable table = new FingerprintTable(fingerprinter, 100);
        count(table, "a", true);
        count(table, "b", true);
        count(table, "b", true);
        count(table, "c", false);

        assertThat(table.top(10)).extracting(e -> e.text).containsExactly("b", "a");
    }

    @Test
    void count_beyondCapacity_staysBoundedAndKeepsTheFloods() {
        FingerprintTable table = new FingerprintTable(fingerprinter, 10);
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
        FingerprintTable table = new FingerprintTable(fingerprinter, 10);

        table.count(fingerprinter.probe("x", false, "", null, null), "y".repeat(10_000), "", null, true);

        assertThat(table.top(1).get(0).example).hasSize(FingerprintTable.MAX_EXAMPLE_CHARS + 1).endsWith("…");
    }

    private void count(FingerprintTable table, String message, boolean suppressed) {
        table.count(fingerprinter.probe(message, false, "", null, null), "line: " + message, "", null, suppressed);
    }
}
