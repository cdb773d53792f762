package dev.floodgate.core.fingerprint;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.ref.WeakReference;
import org.junit.jupiter.api.Test;

class FrameMemoTest {

    private final Fingerprinter frames = new Fingerprinter(false, false, false, true, true);

    @Test
    void probe_sameThrowableLoggedAgain_copiesItsStackTraceOnce() {
        CountingThrowable shared = new CountingThrowable();
        Object first = frames.freeze(frames.probe("x {}", true, "a", "ERROR", shared));
        for (int i = 0; i < 100; i++) {
            assertThat(frames.probe("x {}", true, "a", "ERROR", shared)).isEqualTo(first);
        }
        assertThat(shared.copies).isEqualTo(1);
        assertThat(frames.describe(first)).endsWith("at " + shared.getStackTrace()[0]);
    }

    @Test
    void probe_throwablesInTurn_eachGetsItsOwnFrame() {
        IOException a = new IOException("a");
        IOException b = new IOException("b");
        Object keyOfA = frames.freeze(frames.probe("x {}", true, "a", "ERROR", a));
        Object keyOfB = frames.freeze(frames.probe("x {}", true, "a", "ERROR", b));
        assertThat(keyOfA).isNotEqualTo(keyOfB);
        for (int i = 0; i < 3; i++) {
            assertThat(frames.probe("x {}", true, "a", "ERROR", a)).isEqualTo(keyOfA).isNotEqualTo(keyOfB);
            assertThat(frames.probe("x {}", true, "a", "ERROR", b)).isEqualTo(keyOfB).isNotEqualTo(keyOfA);
        }
    }

    @Test
    void probe_onAThreadThatKeepsNoProbe_readsEachThrowablesOwnFrame() {
        Fingerprinter virtual = new Fingerprinter(false, false, false, true, true, true);
        IOException a = new IOException("a");
        IOException b = new IOException("b");
        Object keyOfA = virtual.freeze(virtual.probe("x {}", true, "a", "ERROR", a));
        assertThat(virtual.probe("x {}", true, "a", "ERROR", b)).isNotEqualTo(keyOfA);
        assertThat(virtual.probe("x {}", true, "a", "ERROR", a)).isEqualTo(keyOfA);
    }

    @Test
    void firstFrame_doesNotKeepTheThrowableAlive() {
        FrameMemo memo = new FrameMemo();
        WeakReference<Throwable> gone = rememberOne(memo);
        for (int i = 0; i < 20 && gone.get() != null; i++) {
            System.gc();
        }
        assertThat(gone.get()).isNull();
    }

    @Test
    void firstFrame_throwableWithoutFrames_isNull() {
        assertThat(new FrameMemo().firstFrame(new IOException("stackless", null) {
            @Override
            public synchronized Throwable fillInStackTrace() {
                return this;
            }
        })).isNull();
    }

    private static WeakReference<Throwable> rememberOne(FrameMemo memo) {
        Throwable thrown = new IOException("soon unreachable");
        assertThat(memo.firstFrame(thrown)).isEqualTo(thrown.getStackTrace()[0]);
        return new WeakReference<>(thrown);
    }

    /** A throwable that counts the copies of its stack trace made for others. */
    private static final class CountingThrowable extends IOException {
        private static final long serialVersionUID = 1L;
        int copies;

        @Override
        public StackTraceElement[] getStackTrace() {
            copies++;
            return super.getStackTrace();
        }
    }
}
