package dev.floodgate.core.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

class CappedReportsTest {

    private final List<String> reported = new CopyOnWriteArrayList<>();
    private final FilterStatus status = new FilterStatus() {
        @Override
        public void info(String message) {
            reported.add("INFO " + message);
        }

        @Override
        public void warn(String message, Throwable cause) {
            reported.add("WARN " + message);
        }

        @Override
        public void error(String message, Throwable cause) {
            reported.add("ERROR " + message);
        }
    };

    @Test
    void warn_moreThanMax_reportsMaxTheLastSayingFurtherOnesAreSuppressed() {
        CappedReports reports = new CappedReports(status, 3);

        for (int i = 1; i <= 5; i++) {
            reports.warn("failure " + i, null);
        }

        assertThat(reported).containsExactly("WARN failure 1", "WARN failure 2",
                "WARN failure 3" + CappedReports.SUPPRESSED);
    }

    @Test
    void error_belowMax_reportsEachInFull() {
        CappedReports reports = new CappedReports(status, 3);

        reports.error("a", null);
        reports.error("b", null);

        assertThat(reported).containsExactly("ERROR a", "ERROR b");
    }

    @Test
    void warnAndError_shareOneBudget() {
        CappedReports reports = new CappedReports(status, 2);

        reports.warn("a", null);
        reports.error("b", null);
        reports.warn("c", null);

        assertThat(reported).containsExactly("WARN a", "ERROR b" + CappedReports.SUPPRESSED);
    }

    @Test
    void constructor_zeroMax_throwsNamingTheValue() {
        assertThatThrownBy(() -> new CappedReports(status, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("max must be > 0, was 0");
    }
}
