package dev.floodgate.core.summary;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.LocalDateTime;
import java.time.ZoneId;
import org.junit.jupiter.api.Test;

class SuppressionSummaryTest {

    private static long at(int h, int m, int s, int ms) {
        return LocalDateTime.of(2026, 11, 21, h, m, s, ms * 1_000_000).atZone(ZoneId.systemDefault()).toInstant()
                .toEpochMilli();
    }

    private static SuppressionSummary.Builder flood() {
        return SuppressionSummary.builder().fingerprint("Connection to {} failed: {}", "com.acme.Db", "ERROR")
                .suppressed(12_345, 0).between(at(10, 0, 1, 120), at(10, 0, 30, 998)).periodMillis(30_000)
                .limits("attrition 8/5s, window 5×5s, spillover 16", null, 10_000);
    }

    @Test
    void message_fingerprint_readsLikeTheIssueExample() {
        assertThat(flood().build().message()).isEqualTo("Suppressed 12,345 messages like \"Connection to {} failed:"
                + " {}\" in the last 30s (first 10:00:01.120, last 10:00:30.998; attrition 8/5s, window 5×5s, spillover 16)");
    }

    @Test
    void message_oneMessage_isSingular() {
        assertThat(flood().suppressed(1, 0).build().message()).startsWith("Suppressed 1 message like \"");
    }

    @Test
    void message_dryRun_saysWouldHave() {
        assertThat(flood().dryRun(true).build().message()).isEqualTo("Would have suppressed 12,345 messages like"
                + " \"Connection to {} failed: {}\" in the last 30s (dry run; first 10:00:01.120, last 10:00:30.998;"
                + " attrition 8/5s, window 5×5s, spillover 16)");
    }

    @Test
    void message_overflow_namesTheBound() {
        SuppressionSummary s = flood().fingerprint(null, null, null).scope(SuppressionSummary.Scope.OVERFLOW).build();
        assertThat(s.message()).isEqualTo("Suppressed 12,345 other messages in the last 30s (more than 10,000"
                + " fingerprints at once; first 10:00:01.120, last 10:00:30.998; attrition 8/5s, window 5×5s, spillover 16)");
    }

    @Test
    void message_forgotten_saysSo() {
        SuppressionSummary s = flood().fingerprint(null, null, null).scope(SuppressionSummary.Scope.FORGOTTEN).build();
        assertThat(s.message()).startsWith("Suppressed 12,345 messages of fingerprints forgotten while idle in the"
                + " last 30s");
        assertThat(s.fields()).containsEntry("floodgate.fingerprint", "<forgotten>");
    }

    @Test
    void message_longTemplate_isCut() {
        String text = "x".repeat(5_000);
        assertThat(flood().fingerprint(text, "l", "ERROR").build().message())
                .contains("x".repeat(200) + "…\"").hasSizeLessThan(400);
    }

    @Test
    void message_capSuppressedSome_saysWhichLimitDroppedHowMany() {
        SuppressionSummary s = flood().suppressed(100, 23).limits("attrition 8/5s", "window 500/1s", 10).build();
        assertThat(s.message()).endsWith("(first 10:00:01.120, last 10:00:30.998; 100 by attrition 8/5s, 23 by the"
                + " global cap window 500/1s)");
        assertThat(s.fields()).containsEntry("floodgate.suppressed", 123L)
                .containsEntry("floodgate.suppressedByCap", 23L)
                .containsEntry("floodgate.limiter", "attrition 8/5s; cap window 500/1s");
    }

    @Test
    void fields_carryCountFingerprintAndInterval() {
        assertThat(flood().build().fields()).containsEntry("floodgate.suppressed", 12_345L)
                .containsEntry("floodgate.fingerprint", "Connection to {} failed: {}")
                .containsEntry("floodgate.interval", "PT30S")
                .containsEntry("floodgate.dryRun", false)
                .containsKeys("floodgate.first", "floodgate.last", "floodgate.limiter")
                .doesNotContainKey("floodgate.suppressedByCap");
    }

    @Test
    void build_nothingSuppressed_isRejected() {
        assertThatThrownBy(() -> flood().suppressed(0, 0).build()).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void build_fingerprintScopeWithoutFingerprint_isRejected() {
        assertThatThrownBy(() -> flood().fingerprint(null, null, null).build())
                .hasMessage("a fingerprint summary needs its fingerprint");
    }

    @Test
    void build_carriedAboveTheCount_isRejected() {
        assertThatThrownBy(() -> flood().carried(12_346).build()).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("carried must be between 0 and the suppressed count 12345, was 12346");
    }

    @Test
    void build_moreScopeWithoutMembers_isRejected() {
        assertThatThrownBy(() -> flood().fingerprint(null, null, null).scope(SuppressionSummary.Scope.MORE).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a summary has members exactly when its scope is MORE, was MORE with 0");
    }

    @Test
    void carriedInto_summaryOfAnotherFingerprint_isRejected() {
        SuppressionSummary other = flood().fingerprint("Other {}", "com.acme.Db", "ERROR").build();
        assertThatThrownBy(() -> flood().build().carriedInto(other)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("cannot carry Suppressed 12,345 messages like");
    }

    @Test
    void message_dryRunMoreLine_saysWouldHave() {
        SuppressionSummary a = flood().dryRun(true).build();
        SuppressionSummary more = SuppressionSummary.more(java.util.List.of(a), null, "ERROR");
        assertThat(more.message()).startsWith("… and 1 more template: 12,345 messages would have been suppressed in"
                + " the last 30s (dry run; too many templates for one line each; first 10:00:01.120");
    }
}
