package dev.floodgate.spring;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** {@link DocumentationLinks} tells a link to an existing file and heading from one to a file or heading not there. */
class DocumentationLinksTest {

    private static final String DOCS = "https://github.com/floodgate-dev/floodgate/blob/main/src/docs/";

    @Test
    void broken_existingFileAndHeading_isNotBroken() {
        String text = "see " + DOCS + "metrics.md#spring-boot-floodgate-spring-boot-starter, or " + DOCS + "fleet.md";

        assertThat(DocumentationLinks.count(text)).isEqualTo(2);
        assertThat(DocumentationLinks.broken(text)).isEmpty();
    }

    @Test
    void broken_missingHeadingOrFile_isBroken() {
        String text = "(" + DOCS + "metrics.md#no-such-heading) and " + DOCS + "nothing.md";

        assertThat(DocumentationLinks.broken(text)).containsExactly(DOCS + "metrics.md#no-such-heading",
                DOCS + "nothing.md");
    }
}
