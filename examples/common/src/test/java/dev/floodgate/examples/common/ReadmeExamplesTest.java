package dev.floodgate.examples.common;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every configuration file the README shows as an example's is that example's file, byte for byte. (Each example
 * module's own tests run the application with that file, and its README quick start.)
 */
class ReadmeExamplesTest {

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
    void readme_examples_showEachExampleConfiguration() {
        assertThat(Readme.load().examples()).containsOnlyKeys(
                "examples/logback-app/src/main/resources/logback.xml",
                "examples/log4j2-app/src/main/resources/log4j2.xml",
                "examples/spring-boot-app/src/main/resources/logback-spring.xml");
    }
}
