package dev.floodgate.core.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floodgate.core.summary.SuppressionSummary;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SummaryLinesTest {

    private static final long T = 1_700_000_000_000L;

    private static SuppressionSummary summary(String template, String logger, Object level, long count, long first,
            long last) {
        return SuppressionSummary.builder().fingerprint(template, logger, level).suppressed(count, 0)
                .between(first, last).periodMillis(30_000).limits("attrition 8/5s", null, 10_000).build();
    }

    private static SuppressionSummary shared(SuppressionSummary.Scope scope, long count) {
        return SuppressionSummary.builder().scope(scope).suppressed(count, 0).between(T, T).periodMillis(30_000)
                .limits("attrition 8/5s", null, 10_000).build();
    }

    private static int severity(Object level) {
        return List.of("DEBUG", "INFO", "WARN", "ERROR").indexOf(level);
    }

    @Test
    void merge_carriedAndFreshOfOneFingerprint_addsThemIntoOneSummaryThatSaysSo() {
        SuppressionSummary failed = summary("A {}", "l", "ERROR", 40, T, T + 10_000);
        SuppressionSummary fresh = summary("A {}", "l", "ERROR", 7, T + 31_000, T + 50_000);

        List<SuppressionSummary> merged = SummaryLines.merge(List.of(failed), List.of(fresh));

        assertThat(merged).singleElement().satisfies(s -> {
            assertThat(s.suppressed()).isEqualTo(47);
            assertThat(s.carried()).isEqualTo(40);
            assertThat(s.firstAt()).isEqualTo(T);
            assertThat(s.lastAt()).isEqualTo(T + 50_000);
            assertThat(s.period().toMillis()).isEqualTo(60_000);
            assertThat(s.fields()).containsEntry(SuppressionSummary.FIELD_CARRIED, 40L);
            assertThat(s.message()).contains("in the last 1m (40 carried over from summaries that could not be"
                    + " written; first ");
        });
    }

    @Test
    void merge_carriedWithoutFresh_isWrittenAgainAsWhollyCarried() {
        SuppressionSummary failed = summary("A {}", "l", "ERROR", 40, T, T);

        List<SuppressionSummary> merged = SummaryLines.merge(List.of(failed), List.of());

        assertThat(merged).singleElement().satisfies(s -> {
            assertThat(s.suppressed()).isEqualTo(40);
            assertThat(s.carried()).isEqualTo(40);
            assertThat(s.message()).contains("(all carried over from summaries that could not be written; ");
        });
    }

    @Test
    void merge_sameTemplateOfAnotherLogger_staysApart() {
        List<SuppressionSummary> merged = SummaryLines.merge(List.of(summary("A {}", "l1", "ERROR", 4, T, T)),
                List.of(summary("A {}", "l2", "ERROR", 5, T, T)));

        assertThat(merged).extracting(SuppressionSummary::suppressed).containsExactly(5L, 4L);
    }

    @Test
    void merge_carriedMoreLine_isCarriedAsItsMembers() {
        SuppressionSummary a = summary("A {}", "l", "ERROR", 4, T, T);
        SuppressionSummary b = summary("B {}", "l", "WARN", 5, T, T);
        SuppressionSummary more = SuppressionSummary.more(List.of(b, a), "l", "ERROR");

        List<SuppressionSummary> merged = SummaryLines.merge(List.of(more), List.of(summary("A {}", "l", "ERROR", 1,
                T, T)));

        assertThat(merged).extracting(SuppressionSummary::fingerprint, SuppressionSummary::suppressed,
                SuppressionSummary::carried).containsExactly(
                        org.assertj.core.groups.Tuple.tuple("A {}", 5L, 4L),
                        org.assertj.core.groups.Tuple.tuple("B {}", 5L, 5L));
    }

    @Test
    void capped_atMostMaxLines_returnsThemAsTheyAre() {
        List<SuppressionSummary> three = List.of(summary("A {}", "l", "ERROR", 1, T, T),
                summary("B {}", "l", "ERROR", 2, T, T), shared(SuppressionSummary.Scope.OVERFLOW, 3));

        assertThat(SummaryLines.capped(three, 3, SummaryLinesTest::severity)).isSameAs(three);
    }

    @Test
    void capped_moreThanMaxLines_listsTheLargestAndSharedLinesAndAddsTheRestTogether() {
        List<SuppressionSummary> all = new ArrayList<>();
        for (int k = 0; k < 10; k++) {
            all.add(summary("T" + k + " {}", "l", k == 2 ? "ERROR" : "INFO", 100 + k, T + k, T + 100 + k));
        }
        all.add(shared(SuppressionSummary.Scope.OVERFLOW, 1));

        List<SuppressionSummary> lines = SummaryLines.capped(all, 5, SummaryLinesTest::severity);

        assertThat(lines).hasSize(5);
        assertThat(lines.subList(0, 3)).extracting(SuppressionSummary::fingerprint)
                .containsExactly("T9 {}", "T8 {}", "T7 {}");
        assertThat(lines.get(3).scope()).isEqualTo(SuppressionSummary.Scope.OVERFLOW);
        SuppressionSummary more = lines.get(4);
        assertThat(more.scope()).isEqualTo(SuppressionSummary.Scope.MORE);
        assertThat(more.members()).hasSize(7);
        assertThat(more.suppressed()).isEqualTo(100 + 101 + 102 + 103 + 104 + 105 + 106);
        assertThat(more.firstAt()).isEqualTo(T);
        assertThat(more.lastAt()).isEqualTo(T + 106);
        assertThat(more.level()).isEqualTo("ERROR");
        assertThat(more.loggerName()).isEqualTo("l");
        assertThat(more.message()).startsWith("… and 7 more templates: 721 messages suppressed in the last 30s (too"
                + " many templates for one line each; first ");
        assertThat(more.fields()).containsEntry(SuppressionSummary.FIELD_TEMPLATES, 7L)
                .containsEntry(SuppressionSummary.FIELD_SUPPRESSED, 721L)
                .containsEntry(SuppressionSummary.FIELD_FINGERPRINT, "<more>");
        assertThat(lines.stream().mapToLong(SuppressionSummary::suppressed).sum())
                .isEqualTo(all.stream().mapToLong(SuppressionSummary::suppressed).sum());
    }

    @Test
    void capped_membersOfSeveralLoggers_goThroughNoneOfThem() {
        List<SuppressionSummary> all = List.of(summary("A {}", "l1", "INFO", 9, T, T),
                summary("B {}", "l1", "INFO", 8, T, T), summary("C {}", "l2", "INFO", 2, T, T),
                summary("D {}", "l3", "INFO", 1, T, T));

        SuppressionSummary more = SummaryLines.capped(all, 3, SummaryLinesTest::severity).get(2);

        assertThat(more.loggerName()).isNull();
        assertThat(more.members()).extracting(SuppressionSummary::fingerprint).containsExactly("C {}", "D {}");
    }

    @Test
    void capped_belowThree_isRejected() {
        assertThatThrownBy(() -> SummaryLines.capped(List.of(), 2, SummaryLinesTest::severity))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("maxLines must be >= 3, was 2");
    }

    @Test
    void bounded_moreThanMaxEntries_addsTheSmallestIntoOneForgottenSummary() {
        List<SuppressionSummary> all = new ArrayList<>();
        for (int k = 0; k < 6; k++) {
            all.add(summary("T" + k + " {}", "l", "ERROR", 10 + k, T + k, T + k));
        }
        all.add(shared(SuppressionSummary.Scope.FORGOTTEN, 100));
        all.add(shared(SuppressionSummary.Scope.OVERFLOW, 1));

        List<SuppressionSummary> bounded = SummaryLines.bounded(all, 4);

        assertThat(bounded).extracting(SuppressionSummary::scope).containsExactly(SuppressionSummary.Scope.FINGERPRINT,
                SuppressionSummary.Scope.FINGERPRINT, SuppressionSummary.Scope.OVERFLOW,
                SuppressionSummary.Scope.FORGOTTEN);
        assertThat(bounded.get(0).fingerprint()).isEqualTo("T5 {}");
        assertThat(bounded.get(3).suppressed()).isEqualTo(100 + 10 + 11 + 12 + 13);
        assertThat(bounded.stream().mapToLong(SuppressionSummary::suppressed).sum())
                .isEqualTo(all.stream().mapToLong(SuppressionSummary::suppressed).sum());
    }

    @Test
    void bounded_atMostMaxEntries_returnsThemAsTheyAre() {
        List<SuppressionSummary> two = List.of(summary("A {}", "l", "ERROR", 1, T, T),
                summary("B {}", "l", "ERROR", 2, T, T));

        assertThat(SummaryLines.bounded(two, 3)).isSameAs(two);
    }
}
