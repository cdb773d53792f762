package dev.floodgate.core.fingerprint;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Checks every row of the table of examples in {@code src/docs/masking.md}: the message masks to the text the row
 * gives, by the string form and by a probe of the filters' fingerprinter.
 */
class MaskingTableTest {

    private static final String START = "<!-- masking-table:start -->";
    private static final String END = "<!-- masking-table:end -->";

    static Stream<Arguments> rows() throws IOException {
        List<Arguments> rows = new ArrayList<>();
        for (String[] cells : table()) {
            rows.add(Arguments.of(cells[0], unquote(cells[2]), unquote(cells[3])));
        }
        return rows.stream();
    }

    private static List<String[]> table() throws IOException {
        String doc = Files.readString(Paths.get("..", "src", "docs", "masking.md"), StandardCharsets.UTF_8);
        int start = doc.indexOf(START);
        int end = doc.indexOf(END);
        List<String[]> rows = new ArrayList<>();
        for (String line : doc.substring(start + START.length(), end).split("\n")) {
            if (line.startsWith("| ") && !line.startsWith("| Class ")) {
                rows.add(line.substring(2, line.length() - 2).split(" \\| "));
            }
        }
        return rows;
    }

    private static String unquote(String cell) {
        assertThat(cell).startsWith("`").endsWith("`");
        return cell.substring(1, cell.length() - 1);
    }

    @Test
    void table_isThere_andCoversEveryPlaceholder() throws IOException {
        String all = String.join("\n", table().stream().map(r -> r[3]).toArray(String[]::new));
        assertThat(table()).hasSizeGreaterThan(20);
        for (String placeholder : new String[] {TokenMasker.NUMBER, TokenMasker.HEX, TokenMasker.UUID,
            TokenMasker.IP, TokenMasker.STRING, TokenMasker.DATE, TokenMasker.TIME, TokenMasker.TIMESTAMP,
            TokenMasker.DURATION}) {
            assertThat(all).as("an example masks to %s", placeholder).contains(placeholder);
        }
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("rows")
    void mask_tableRow_givesTheDocumentedText(String kind, String message, String masked) {
        assertThat(TokenMasker.mask(message)).isEqualTo(masked);
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("rows")
    void probe_tableRow_findsTheKeyOfTheDocumentedText(String kind, String message, String masked) {
        Fingerprinter fingerprinter = new Fingerprinter(false, false, false, false, true);
        Object key = fingerprinter.freeze(fingerprinter.probe(message, false, "a.B", "INFO", null));
        assertThat(fingerprinter.describe(key)).isEqualTo(masked);
        assertThat(fingerprinter.probe(message, false, "a.B", "INFO", null)).isEqualTo(key);
    }
}
