package dev.floodgate.core;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SubjectsTest {

    private final Subjects subjects = new Subjects();

    @Test
    void of_sameLoggerAndLevel_sharesOneSubject() {
        Subject first = subjects.of("com.acme.Db", "ERROR");
        assertThat(subjects.of("com.acme.Db", "ERROR")).isSameAs(first);
        assertThat(subjects.of("com.acme.Db", new String("ERROR"))).isSameAs(first);
        assertThat(first.loggerName).isEqualTo("com.acme.Db");
        assertThat(first.level).isEqualTo("ERROR");
        assertThat(first.lease).isNull();
    }

    @Test
    void of_anotherLevel_namesItAndIsSharedFromThenOn() {
        Subject error = subjects.of("com.acme.Db", "ERROR");
        Subject warn = subjects.of("com.acme.Db", "WARN");
        assertThat(warn).isNotSameAs(error);
        assertThat(warn.level).isEqualTo("WARN");
        assertThat(subjects.of("com.acme.Db", "WARN")).isSameAs(warn);
        Subject errorAgain = subjects.of("com.acme.Db", "ERROR");
        assertThat(errorAgain.level).isEqualTo("ERROR");
        assertThat(errorAgain.loggerName).isEqualTo("com.acme.Db");
    }

    @Test
    void of_noLoggerName_orNullLevel_namesWhatItWasGiven() {
        Subject unnamed = subjects.of(null, "INFO");
        assertThat(unnamed.loggerName).isNull();
        assertThat(unnamed.level).isEqualTo("INFO");
        Subject noLevel = subjects.of("com.acme.Db", null);
        assertThat(noLevel.level).isNull();
        assertThat(subjects.of("com.acme.Db", null)).isSameAs(noLevel);
    }

    @Test
    void of_moreLoggersThanKept_givesTheRestTheirOwnSubjects() {
        for (int i = 0; i < Subjects.MAX_LOGGERS; i++) {
            String logger = "com.acme.L" + i;
            assertThat(subjects.of(logger, "ERROR")).isSameAs(subjects.of(logger, "ERROR"));
        }
        Subject beyond = subjects.of("com.acme.Beyond", "ERROR");
        Subject again = subjects.of("com.acme.Beyond", "ERROR");
        assertThat(again).isNotSameAs(beyond);
        assertThat(again.loggerName).isEqualTo("com.acme.Beyond");
        assertThat(again.level).isEqualTo("ERROR");
        String kept = "com.acme.L0";
        assertThat(subjects.of(kept, "WARN")).isSameAs(subjects.of(kept, "WARN"));
    }
}
