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
    void message_fingerprint_namesCountTemplatePeriodTimesAndLimits() {
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
    void message_fleetRefusals_sayWhichLimitDroppedWhat() {
        SuppressionSummary s = flood().suppressed(345, 0).fleet(12_000, "10/1s, burst 9", false).build();

        assertThat(s.message()).isEqualTo("Suppressed 12,345 messages like \"Connection to {} failed: {}\" in the last "
                + "30s (first 10:00:01.120, last 10:00:30.998; 345 by attrition 8/5s, window 5×5s, spillover 16, "
                + "12,000 by the fleet limit 10/1s, burst 9)");
        assertThat(s.fields()).containsEntry(SuppressionSummary.FIELD_SUPPRESSED_BY_FLEET, 12_000L)
                .doesNotContainKey(SuppressionSummary.FIELD_FLEET_UNAVAILABLE);
    }

    @Test
    void message_fleetUnavailable_saysLocalLimitsAloneDecided() {
        SuppressionSummary s = flood().fleet(0, "10/1s, burst 9", true).build();

        assertThat(s.message()).endsWith("; attrition 8/5s, window 5×5s, spillover 16; fleet limit 10/1s, burst 9; the "
                + "fleet limit was unavailable, local limits alone decided)");
        assertThat(s.fields()).containsEntry(SuppressionSummary.FIELD_FLEET_UNAVAILABLE, true);
    }

    @Test
    void carriedInto_fleetRefusals_areCarriedWithTheOtherCounts() {
        SuppressionSummary failed = flood().suppressed(5, 0).fleet(7, "10/1s, burst 9", true).build();
        SuppressionSummary later = flood().suppressed(1, 0).fleet(2, "10/1s, burst 9", false).build();

        SuppressionSummary carried = failed.carriedInto(later);

        assertThat(carried.suppressedByFleet()).isEqualTo(9);
        assertThat(carried.suppressed()).isEqualTo(15);
        assertThat(carried.fleetUnavailable()).isTrue();
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

    /** A template that tries to end the line, clear the screen and close the quotes to write a summary of its own. */
    private static final String HOSTILE = "Login failed for x\r\n\u001b[2J\u0000\u0085\u2028\u202e\" in the last 30s"
            + " (first 10:00:00.000, last 10:00:00.000; attrition 8/5s)\nSuppressed 1 message like \"y {}";
    private static final String HOSTILE_ESCAPED = "Login failed for x\\r\\n\\u001b[2J\\u0000\\u0085\\u2028\\u202e\\\""
            + " in the last 30s (first 10:00:00.000, last 10:00:00.000; attrition 8/5s)\\nSuppressed 1 message like"
            + " \\\"y {}";

    @Test
    void message_hostileTemplate_isOneLineOnlyTheClosingQuoteEnds() {
        SuppressionSummary s = flood().fingerprint(HOSTILE, "com.acme.Login", "WARN").build();

        assertThat(s.message()).isEqualTo("Suppressed 12,345 messages like \"" + HOSTILE_ESCAPED + "\" in the last"
                + " 30s (first 10:00:01.120, last 10:00:30.998; attrition 8/5s, window 5×5s, spillover 16)");
    }

    @Test
    void fields_hostileTemplate_isEscapedAsInTheLine() {
        SuppressionSummary s = flood().fingerprint(HOSTILE, "com.acme.Login", "WARN").build();

        assertThat(s.fields()).containsEntry(SuppressionSummary.FIELD_FINGERPRINT, HOSTILE_ESCAPED);
        assertThat(s.fingerprint()).isEqualTo(HOSTILE);
    }

    @Test
    void message_hostileLimitDescriptions_areEscaped() {
        SuppressionSummary s = flood().suppressed(1, 2).limits("attrition\n8/5s", "cap \"x\"", 10)
                .fleet(3, "10/1s\u001b", false).build();

        assertThat(s.message()).endsWith("; 1 by attrition\\n8/5s, 2 by the global cap cap \\\"x\\\", 3 by the fleet"
                + " limit 10/1s\\u001b)");
        assertThat(s.fields()).containsEntry(SuppressionSummary.FIELD_LIMITER,
                "attrition\\n8/5s; cap cap \\\"x\\\"; fleet 10/1s\\u001b");
    }

    @Test
    void message_longTemplateOfQuotes_isCutBeforeEscaping() {
        SuppressionSummary s = flood().fingerprint("\"".repeat(5_000), "l", "ERROR").build();

        assertThat(s.message()).contains("like \"" + "\\\"".repeat(200) + "…\" in the last 30s");
        assertThat(s.fields().get(SuppressionSummary.FIELD_FINGERPRINT)).isEqualTo("\\\"".repeat(5_000));
    }

    @Test
    void message_longTemplate_isNotCutInsideASurrogatePair() {
        SuppressionSummary s = flood().fingerprint("x".repeat(199) + "\uD83D\uDE00" + "y".repeat(10), "l", "ERROR")
                .build();

        assertThat(s.message()).contains("like \"" + "x".repeat(199) + "…\" in the last 30s");
    }

    @Test
    void message_cleanTemplate_fieldIsTheSameString() {
        String template = "Connection to {} failed: {}";
        SuppressionSummary s = flood().fingerprint(template, "l", "ERROR").build();

        assertThat(s.fields().get(SuppressionSummary.FIELD_FINGERPRINT)).isSameAs(template);
    }
}
