package dev.floodgate.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class LineReaderTest {

    @Test
    void next_lines_returnsEachWithoutItsTerminator() throws Exception {
        LineReader r = reader("one\ntwo\r\nthree", 100);

        assertThat(texts(r)).containsExactly("one", "two", "three");
    }

    @Test
    void next_emptyInput_returnsNoLine() throws Exception {
        assertThat(reader("", 100).next()).isFalse();
    }

    @Test
    void next_emptyLines_areLines() throws Exception {
        assertThat(texts(reader("\n\n", 100))).containsExactly("", "");
    }

    @Test
    void text_lineLongerThanKept_isCutAndTheNextLineIsIntact() throws Exception {
        LineReader r = reader("x".repeat(1_000) + "\nnext\n", 10);

        assertThat(r.next()).isTrue();
        assertThat(r.text()).isEqualTo("x".repeat(10));
        assertThat(r.isCut()).isTrue();
        assertThat(r.next()).isTrue();
        assertThat(r.text()).isEqualTo("next");
        assertThat(r.isCut()).isFalse();
        assertThat(r.cutLines()).isEqualTo(1);
    }

    @Test
    void text_lineOfExactlyTheKeptLength_isNotCut() throws Exception {
        LineReader r = reader("0123456789\n", 10);

        r.next();

        assertThat(r.text()).isEqualTo("0123456789");
        assertThat(r.isCut()).isFalse();
    }

    @Test
    void writeTo_cutLine_copiesTheWholeLineWithItsTerminator() throws Exception {
        String line = "y".repeat(300_000) + "\r\n";
        LineReader r = new LineReader(new TrickleInputStream(bytes(line + "after\n"), 777), 16);
        ByteArrayOutputStream out = new ByteArrayOutputStream();

        r.next();
        r.writeTo(out);
        r.next();

        assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo(line);
        assertThat(r.text()).isEqualTo("after");
    }

    @Test
    void writeTo_line_copiesTheOriginalBytes() throws Exception {
        byte[] raw = {'a', (byte) 0xff, 'b', '\r', '\n'};
        LineReader r = new LineReader(new ByteArrayInputStream(raw), 100);
        ByteArrayOutputStream out = new ByteArrayOutputStream();

        r.next();
        r.writeTo(out);

        assertThat(out.toByteArray()).isEqualTo(raw);
        assertThat(r.text()).isEqualTo("a\uFFFDb");
        assertThat(r.isCrlf()).isTrue();
    }

    @Test
    void copy_cutLine_isNull() throws Exception {
        LineReader r = reader("z".repeat(100) + "\n", 10);

        r.next();

        assertThat(r.copy()).isNull();
    }

    @Test
    void next_inputArrivingInSmallPieces_findsTheSameLines() throws Exception {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 5_000; i++) {
            sb.append("line ").append(i).append('\n');
        }
        LineReader r = new LineReader(new TrickleInputStream(bytes(sb.toString()), 3), 64);

        List<String> lines = texts(r);

        assertThat(lines).hasSize(5_000);
        assertThat(lines.get(4_999)).isEqualTo("line 4999");
    }

    private static List<String> texts(LineReader r) throws IOException {
        List<String> out = new ArrayList<>();
        while (r.next()) {
            out.add(r.text());
        }
        return out;
    }

    private static LineReader reader(String s, int kept) {
        return new LineReader(new ByteArrayInputStream(bytes(s)), kept);
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** Hands out at most {@code chunk} bytes per read, like a pipe. */
    private static final class TrickleInputStream extends InputStream {
        private final byte[] data;
        private final int chunk;
        private int pos;

        TrickleInputStream(byte[] data, int chunk) {
            this.data = data;
            this.chunk = chunk;
        }

        @Override
        public int read() {
            return pos < data.length ? data[pos++] & 0xff : -1;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (pos >= data.length) {
                return -1;
            }
            int n = Math.min(Math.min(len, chunk), data.length - pos);
            System.arraycopy(data, pos, b, off, n);
            pos += n;
            return n;
        }
    }
}
