package dev.floodgate.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class CommandLineTest {

    private static final List<CommandLine.Spec> SPECS = List.of(
            new CommandLine.Spec("out", "o", "FILE", "output"),
            new CommandLine.Spec("quiet", "q", null, "no progress"));

    @Test
    void parse_equalsForm_readsTheValue() throws Exception {
        CommandLine cl = CommandLine.parse("replay", List.of("--timeframe=5s"), SPECS);

        assertThat(cl.filterOptions()).containsEntry("timeframe", "5s");
    }

    @Test
    void parse_separateValue_readsTheNextArgument() throws Exception {
        CommandLine cl = CommandLine.parse("replay", List.of("--timeframe", "5s", "app.log"), SPECS);

        assertThat(cl.filterOptions()).containsEntry("timeframe", "5s");
        assertThat(cl.operands()).containsExactly("app.log");
    }

    @Test
    void parse_negativeSeparateValue_isAValueNotAnOption() throws Exception {
        CommandLine cl = CommandLine.parse("replay", List.of("--inverseAttritionDeltaMin", "-4"), SPECS);

        assertThat(cl.filterOptions()).containsEntry("inverseAttritionDeltaMin", "-4");
    }

    @Test
    void parse_kebabCase_meansTheCamelCaseOption() throws Exception {
        CommandLine cl = CommandLine.parse("replay", List.of("--max-keys=50", "--include-logger"), SPECS);

        assertThat(cl.filterOptions()).containsEntry("maxKeys", "50").containsEntry("includeLogger", "true");
    }

    @Test
    void parse_bareBoolean_isTrue() throws Exception {
        CommandLine cl = CommandLine.parse("replay", List.of("--includeLevel", "app.log"), SPECS);

        assertThat(cl.filterOptions()).containsEntry("includeLevel", "true");
        assertThat(cl.operands()).containsExactly("app.log");
    }

    @Test
    void parse_booleanFollowedByFalse_takesIt() throws Exception {
        CommandLine cl = CommandLine.parse("replay", List.of("--maskTokens", "false"), SPECS);

        assertThat(cl.filterOptions()).containsEntry("maskTokens", "false");
        assertThat(cl.operands()).isEmpty();
    }

    @Test
    void parse_shortAlias_readsTheToolsOption() throws Exception {
        CommandLine cl = CommandLine.parse("replay", List.of("-o", "out.log", "-q"), SPECS);

        assertThat(cl.get("out")).isEqualTo("out.log");
        assertThat(cl.flag("quiet")).isTrue();
    }

    @Test
    void parse_dashAndDoubleDash_areOperands() throws Exception {
        CommandLine cl = CommandLine.parse("replay", List.of("-", "--", "--not-an-option"), SPECS);

        assertThat(cl.operands()).containsExactly("-", "--not-an-option");
    }

    @Test
    void parse_laterOccurrence_wins() throws Exception {
        CommandLine cl = CommandLine.parse("replay", List.of("--maxKeys=5", "--maxKeys=6"), SPECS);

        assertThat(cl.filterOptions()).containsEntry("maxKeys", "6");
    }

    @Test
    void parse_unknownOption_throwsNamingIt() {
        assertThatThrownBy(() -> CommandLine.parse("replay", List.of("--verbose"), SPECS))
                .isInstanceOf(UsageException.class).hasMessage("unknown option --verbose");
    }

    @Test
    void parse_unknownShortOption_throwsNamingIt() {
        assertThatThrownBy(() -> CommandLine.parse("replay", List.of("-x"), SPECS))
                .isInstanceOf(UsageException.class).hasMessage("unknown option -x");
    }

    @Test
    void parse_missingValue_throwsShowingTheForm() {
        assertThatThrownBy(() -> CommandLine.parse("replay", List.of("--timeframe"), SPECS))
                .isInstanceOf(UsageException.class).hasMessageContaining("--timeframe needs a value");
    }

    @Test
    void parse_flagWithOtherValue_throws() {
        assertThatThrownBy(() -> CommandLine.parse("replay", List.of("--quiet=yes"), SPECS))
                .isInstanceOf(UsageException.class).hasMessageContaining("true or false");
    }

    @Test
    void camelCase_kebab_becomesCamel() {
        assertThat(CommandLine.camelCase("include-throwable-frame")).isEqualTo("includeThrowableFrame");
        assertThat(CommandLine.kebabCase("includeThrowableFrame")).isEqualTo("include-throwable-frame");
    }
}
