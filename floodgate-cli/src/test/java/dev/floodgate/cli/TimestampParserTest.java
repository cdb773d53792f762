package dev.floodgate.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class TimestampParserTest {

    private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");
    private static final LocalDate DAY = LocalDate.of(2024, 5, 1);

    @ParameterizedTest
    @CsvSource({
        "2024-05-01T10:00:00.123Z, 2024-05-01T10:00:00.123Z",
        "2024-05-01T10:00:00Z, 2024-05-01T10:00:00Z",
        "2024-05-01T12:00:00.123+02:00, 2024-05-01T10:00:00.123Z",
        "2024-05-01T12:00:00.123+0200, 2024-05-01T10:00:00.123Z",
        "2024-05-01T12:00:00.123+02, 2024-05-01T10:00:00.123Z",
        "2024-05-01T05:30:00.000-04:30, 2024-05-01T10:00:00Z",
        "2024-05-01 12:00:00.123, 2024-05-01T10:00:00.123Z",
        "'2024-05-01 12:00:00,123', 2024-05-01T10:00:00.123Z",
        "2024-05-01 12:00:00.123456789, 2024-05-01T10:00:00.123Z",
        "2024-01-15 12:00:00, 2024-01-15T11:00:00Z",
        "12:00:00.123, 2024-05-01T10:00:00.123Z",
        "'12:00:00,5', 2024-05-01T10:00:00.500Z",
        "2024-02-29 00:00:00.000, 2024-02-28T23:00:00Z",
    })
    void parse_isoShapes_readInstant(String text, String expected) {
        TimestampParser p = new TimestampParser(BERLIN, DAY, null);

        assertThat(p.parse(text, 0, text.length())).isEqualTo(Instant.parse(expected).toEpochMilli());
    }

    @ParameterizedTest
    @ValueSource(strings = {"2024-02-30 10:00:00", "2023-02-29 10:00:00", "2024-13-01 10:00:00", "25:00:00",
        "10:60:00", "10:00:61", "2024-05-01X10:00:00", "10:00:00.", "10:00:00Z0", "10:00:00+25:00", "May 32 10:00:00",
        "Foo  1 10:00:00", "", "10:00", "-"})
    void parse_impossibleOrMalformed_isInvalid(String text) {
        TimestampParser p = new TimestampParser(BERLIN, DAY, null);

        assertThat(p.parse(text, 0, text.length())).isEqualTo(TimestampParser.INVALID);
    }

    @Test
    void parse_timeOfDayJumpingBackOverMidnight_movesToTheNextDay() {
        TimestampParser p = new TimestampParser(ZoneOffset.UTC, DAY, null);

        long before = p.parse("23:59:59.999", 0, 12);
        long after = p.parse("00:00:00.001", 0, 12);

        assertThat(after - before).isEqualTo(2);
        assertThat(Instant.ofEpochMilli(after)).isEqualTo(Instant.parse("2024-05-02T00:00:00.001Z"));
    }

    @Test
    void parse_timeOfDaySlightlyBack_staysOnTheSameDay() {
        TimestampParser p = new TimestampParser(ZoneOffset.UTC, DAY, null);

        long first = p.parse("10:00:01.000", 0, 12);
        long second = p.parse("10:00:00.500", 0, 12);

        assertThat(first - second).isEqualTo(500);
    }

    @Test
    void parse_syslogStamp_usesTheStartYearAndRollsOverAtNewYear() {
        TimestampParser p = new TimestampParser(ZoneOffset.UTC, LocalDate.of(2023, 12, 31), null);

        long dec = p.parse("Dec 31 23:59:59", 0, 15);
        long jan = p.parse("Jan  1 00:00:01", 0, 15);

        assertThat(Instant.ofEpochMilli(dec)).isEqualTo(Instant.parse("2023-12-31T23:59:59Z"));
        assertThat(Instant.ofEpochMilli(jan)).isEqualTo(Instant.parse("2024-01-01T00:00:01Z"));
    }

    @Test
    void parse_customPattern_readsItsFields() {
        String text = "01/May/2024:12:00:00 +0200";
        TimestampParser p = new TimestampParser(BERLIN, DAY, "dd/MMM/yyyy:HH:mm:ss Z");

        assertThat(p.parse(text, 0, text.length())).isEqualTo(Instant.parse("2024-05-01T10:00:00Z").toEpochMilli());
    }

    @Test
    void parse_customPatternWithoutYear_takesTheStartYear() {
        String text = "May 01 12:00:00";
        TimestampParser p = new TimestampParser(ZoneOffset.UTC, DAY, "MMM dd HH:mm:ss");

        assertThat(p.parse(text, 0, text.length())).isEqualTo(Instant.parse("2024-05-01T12:00:00Z").toEpochMilli());
    }

    @Test
    void parse_customPatternTimeOnly_rollsOverAtMidnight() {
        TimestampParser p = new TimestampParser(ZoneOffset.UTC, DAY, "HH:mm:ss");

        p.parse("23:59:59", 0, 8);
        long after = p.parse("00:00:01", 0, 8);

        assertThat(Instant.ofEpochMilli(after)).isEqualTo(Instant.parse("2024-05-02T00:00:01Z"));
    }

    @Test
    void parse_customPatternMismatch_isInvalid() {
        TimestampParser p = new TimestampParser(BERLIN, DAY, "yyyy/MM/dd");

        assertThat(p.parse("2024-05-01", 0, 10)).isEqualTo(TimestampParser.INVALID);
    }

    @Test
    void constructor_badPattern_throws() {
        assertThatThrownBy(() -> new TimestampParser(BERLIN, DAY, "yyyy {")).isInstanceOf(
                IllegalArgumentException.class);
    }

    @Test
    void parse_daylightSavingChange_usesTheOffsetOfEachSide() {
        TimestampParser p = new TimestampParser(BERLIN, DAY, null);

        long before = p.parse("2024-03-31 01:59:59.000", 0, 23);
        long after = p.parse("2024-03-31 03:00:00.000", 0, 23);

        assertThat(after - before).isEqualTo(1_000);
    }

    @ParameterizedTest
    @ValueSource(strings = {"2024-05-01T10:00:00.123Z", "2024-05-01 12:00:00,123", "12:00:00.123",
        "2024-05-01T12:00:00.123000+02:00", "2024-05-01T12:00:00+0200", "May  1 12:00:00", "2024-05-01T12:00:00.1+02"})
    void format_afterParsing_writesTheSameShape(String text) {
        TimestampParser p = new TimestampParser(BERLIN, DAY, null);
        long millis = p.parse(text, 0, text.length());

        assertThat(p.format(millis)).isEqualTo(text);
    }

    @Test
    void format_customPattern_writesThatPattern() {
        TimestampParser p = new TimestampParser(ZoneOffset.UTC, DAY, "dd/MMM/yyyy:HH:mm:ss");

        assertThat(p.format(Instant.parse("2024-05-01T10:00:00Z").toEpochMilli())).isEqualTo("01/May/2024:10:00:00");
    }

    @ParameterizedTest
    @CsvSource({
        "1131566461, 2005-11-09T20:01:01Z",
        "1131566461.5, 2005-11-09T20:01:01.500Z",
        "1131566461.123456, 2005-11-09T20:01:01.123Z",
        "999999999, 2001-09-09T01:46:39Z",
        "1714557600123, 2024-05-01T10:00:00.123Z",
        "1714557600123.456, 2024-05-01T10:00:00.123Z",
        "1714557600123456, 2024-05-01T10:00:00.123Z",
        "1714557600123456789, 2024-05-01T10:00:00.123Z",
    })
    void parse_epochSecondsMillisMicrosNanos_readInstantWhateverTheZone(String text, String expected) {
        TimestampParser p = new TimestampParser(BERLIN, DAY, null);

        assertThat(p.parse(text, 0, text.length())).isEqualTo(Instant.parse(expected).toEpochMilli());
    }

    @ParameterizedTest
    @ValueSource(strings = {"12345678", "12345678901", "12345678901234", "1131566461.", "1131566461.x",
        "12345678901234567890"})
    void parse_digitsOfNoEpochUnit_isInvalid(String text) {
        TimestampParser p = new TimestampParser(BERLIN, DAY, null);

        assertThat(p.parse(text, 0, text.length())).isEqualTo(TimestampParser.INVALID);
    }

    /** The two-part dates of real logs, in the JVM zone (Berlin here), the year from --date if absent. */
    @ParameterizedTest
    @CsvSource({
        "2005.11.09 12:34:56, 2005-11-09T11:34:56Z",
        "081109 203615, 2008-11-09T19:36:15Z",
        "10.30 16:49:06, 2024-10-30T15:49:06Z",
        "Jun 14 15:16:01, 2024-06-14T13:16:01Z",
        "'2015-07-29 17:41:44,747', 2015-07-29T15:41:44.747Z",
        "17/06/09 20:10:40, 2017-06-09T18:10:40Z",
        "03-17 16:13:38.811, 2024-03-17T15:13:38.811Z",
        "20171223-22:15:29:606, 2017-12-23T21:15:29.606Z",
        "2024/05/01 12:00:00, 2024-05-01T10:00:00Z",
        "10/Oct/2000:13:55:36 -0700, 2000-10-10T20:55:36Z",
        "Sun Dec 04 04:47:44 2005, 2005-12-04T03:47:44Z",
        "Wed Oct 11 14:32:52.123456 2000, 2000-10-11T12:32:52.123Z",
    })
    void parse_twoPartDatesOfRealLogs_readInstant(String text, String expected) {
        TimestampParser p = new TimestampParser(BERLIN, DAY, null);

        assertThat(p.parse(text, 0, text.length())).isEqualTo(Instant.parse(expected).toEpochMilli());
    }

    @ParameterizedTest
    @ValueSource(strings = {"2005.13.09 12:34:56", "081131 203615", "081109 246015", "02.30 16:49:06",
        "17/02/29 20:10:40", "20171223-25:15:29:606", "2024/05-01 12:00:00", "32/Oct/2000:13:55:36 -0700",
        "10/Oct/2000:13:55:36 +3000", "Sun Foo 04 04:47:44 2005", "Sun Feb 30 04:47:44 2005"})
    void parse_impossibleTwoPartDates_areInvalid(String text) {
        TimestampParser p = new TimestampParser(BERLIN, DAY, null);

        assertThat(p.parse(text, 0, text.length())).isEqualTo(TimestampParser.INVALID);
    }

    @Test
    void parse_monthDayWithoutYear_rollsOverAtNewYear() {
        TimestampParser p = new TimestampParser(ZoneOffset.UTC, LocalDate.of(2023, 12, 31), null);

        long dec = p.parse("12-31 23:59:59.000", 0, 18);
        long jan = p.parse("01-01 00:00:01.000", 0, 18);

        assertThat(jan - dec).isEqualTo(2_000);
    }

    @ParameterizedTest
    @ValueSource(strings = {"2005.11.09 12:34:56", "2024/05/01 12:00:00.123", "081109 203615", "10.30 16:49:06",
        "17/06/09 20:10:40", "03-17 16:13:38.811", "20171223-22:15:29:606", "10/Oct/2000:13:55:36 -0700",
        "Sun Dec 04 04:47:44 2005", "Wed Oct 11 14:32:52.123000 2000", "1131566461", "1131566461.123",
        "1714557600123", "1714557600123000"})
    void format_afterParsingATwoPartDateOrEpoch_writesTheSameShape(String text) {
        TimestampParser p = new TimestampParser(BERLIN, DAY, null);
        long millis = p.parse(text, 0, text.length());

        assertThat(p.format(millis)).isEqualTo(text);
    }

    @Test
    void epochDay_matchesJavaTime() {
        for (LocalDate d = LocalDate.of(1899, 12, 25); d.isBefore(LocalDate.of(2101, 1, 5)); d = d.plusDays(13)) {
            assertThat(TimestampParser.epochDay(d.getYear(), d.getMonthValue(), d.getDayOfMonth()))
                    .isEqualTo(d.toEpochDay());
        }
        assertThat(LocalDateTime.of(1970, 1, 1, 0, 0).toLocalDate().toEpochDay()).isZero();
    }
}
