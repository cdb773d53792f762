package dev.floodgate.examples.common;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every file the README shows as an example's is that example's file, byte for byte, and every part of a file it
 * shows (a pom's dependencies, a properties file's lines) is in that file. (Each example module's own tests run the
 * application with those files, and the README's quick starts.)
 */
class ReadmeExamplesTest {

    private static final String QUICKSTART_LOGBACK = "examples/quickstart-logback/src/main/resources/logback.xml";
    private static final String QUICKSTART_LOG4J2 = "examples/quickstart-log4j2/src/main/resources/log4j2.xml";

    @Test
    void readme_everyExampleBlock_isTheFileItNames() throws IOException {
        Readme readme = Readme.load();

        for (Map.Entry<String, String> block : readme.examples().entrySet()) {
            String file = new String(Files.readAllBytes(readme.root().resolve(block.getKey())),
                    StandardCharsets.UTF_8);
            assertThat(block.getValue()).as("README block <!-- example: %s -->", block.getKey()).isEqualTo(file);
        }
    }

    @Test
    void readme_everyExcerptBlock_isPartOfTheFileItNames() throws IOException {
        Readme readme = Readme.load();

        assertThat(readme.excerpts()).isNotEmpty();
        for (Map.Entry<String, String> block : readme.excerpts().entrySet()) {
            String file = new String(Files.readAllBytes(readme.root().resolve(block.getKey())),
                    StandardCharsets.UTF_8);
            assertThat(Readme.isExcerptOf(block.getValue(), file))
                    .as("README block <!-- excerpt: %s -->:%n%s", block.getKey(), block.getValue()).isTrue();
        }
    }

    @Test
    void isExcerptOf_linesShiftedLeftTogether_isAnExcerpt() {
        String file = "<a>\n  <b>\n    <c/>\n\n  </b>\n</a>\n";

        assertThat(Readme.isExcerptOf("<b>\n  <c/>\n\n</b>\n", file)).isTrue();
        assertThat(Readme.isExcerptOf("<b>\n<c/>\n</b>\n", file)).isFalse();
        assertThat(Readme.isExcerptOf("<c/>\n</a>\n", file)).isFalse();
    }

    @Test
    void readme_quickStartConfigurations_areTheQuickStartProjectsFiles() throws IOException {
        Readme readme = Readme.load();

        assertThat(readme.block("quickstart: logback.xml"))
                .isEqualTo(Files.readString(readme.root().resolve(QUICKSTART_LOGBACK)));
        assertThat(readme.block("quickstart: log4j2.xml"))
                .isEqualTo(Files.readString(readme.root().resolve(QUICKSTART_LOG4J2)));
    }

    @Test
    void readme_examples_showEachExampleConfiguration() {
        assertThat(Readme.load().examples()).containsOnlyKeys(
                "examples/quickstart-logback/src/main/java/com/example/QuickStart.java",
                "examples/logback-app/src/main/resources/logback.xml",
                "examples/log4j2-app/src/main/resources/log4j2.xml",
                "examples/spring-boot-app/src/main/resources/logback-spring.xml");
        assertThat(Readme.load().excerpts()).containsOnlyKeys(
                "examples/quickstart-logback/pom.xml",
                "examples/quickstart-log4j2/pom.xml",
                "examples/checkout-service/pom.xml",
                "examples/checkout-service/src/main/resources/application.properties");
    }
}
