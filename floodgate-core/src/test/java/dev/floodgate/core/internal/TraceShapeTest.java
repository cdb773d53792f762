package dev.floodgate.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import org.junit.jupiter.api.Test;

class TraceShapeTest {

    static RuntimeException thrownHere(String message) {
        return new RuntimeException(message);
    }

    static RuntimeException thrownThere(String message) {
        return new RuntimeException(message);
    }

    static RuntimeException wrapped(String message, Throwable cause) {
        return new RuntimeException(message, cause);
    }

    private static TraceShape shape(Throwable t) {
        return TraceShape.of(t, TraceShape.THROWABLE);
    }

    @Test
    void of_sameSiteDifferentMessages_isOneShape() {
        TraceShape a = shape(thrownHere("user 1 not found"));
        TraceShape b = shape(thrownHere("user 2 not found; DROP TABLE"));

        assertThat(a).isEqualTo(b).hasSameHashCodeAs(b);
        assertThat(a.id()).isEqualTo(b.id()).matches("[0-9a-f]{8}");
    }

    @Test
    void of_differentFirstFrame_isAnotherShape() {
        assertThat(shape(thrownHere("x"))).isNotEqualTo(shape(thrownThere("x")));
    }

    @Test
    void of_differentClass_isAnotherShape() {
        assertThat(shape(new IllegalStateException("x"))).isNotEqualTo(shape(new IllegalArgumentException("x")));
    }

    @Test
    void of_differentCause_isAnotherShape() {
        TraceShape io = shape(wrapped("x", new IOException("disk")));
        TraceShape state = shape(wrapped("x", new IllegalStateException("disk")));

        assertThat(io).isNotEqualTo(state);
        assertThat(io.id()).isNotEqualTo(state.id());
    }

    @Test
    void of_differentSuppressed_isAnotherShape() {
        RuntimeException plain = thrownHere("x");
        RuntimeException withSuppressed = thrownHere("x");
        withSuppressed.addSuppressed(new IOException("close failed"));

        assertThat(shape(plain)).isNotEqualTo(shape(withSuppressed));
        assertThat(shape(withSuppressed).throwables()).isEqualTo(2);
    }

    @Test
    void of_cyclicChain_recordsTheCycleOnceAndStops() {
        RuntimeException a = new RuntimeException("a");
        IllegalStateException b = new IllegalStateException("b");
        a.initCause(b);
        b.initCause(a);

        TraceShape shape = shape(a);

        assertThat(shape.throwables()).isEqualTo(3);
        assertThat(shape.isCut()).isFalse();
        assertThat(shape.toString()).contains("[CIRCULAR REFERENCE] java.lang.RuntimeException");
    }

    @Test
    void of_suppressedCycle_stops() {
        RuntimeException a = new RuntimeException("a");
        RuntimeException b = new RuntimeException("b");
        a.addSuppressed(b);
        b.addSuppressed(a);

        assertThat(shape(a).throwables()).isEqualTo(3);
    }

    @Test
    void of_chainOfTenThousandCauses_isCutAtTheBound() {
        Throwable t = new RuntimeException("root");
        for (int i = 0; i < 10_000; i++) {
            t = new RuntimeException("level " + i, t);
        }

        TraceShape shape = shape(t);

        assertThat(shape.throwables()).isEqualTo(TraceShape.MAX_THROWABLES);
        assertThat(shape.isCut()).isTrue();
    }

    @Test
    void of_cutChains_differingOnlyBeyondTheBound_areOneShape() {
        Throwable io = new IOException("root");
        Throwable state = new IllegalStateException("root");
        for (int i = 0; i < 40; i++) {
            io = wrapped("level", io);
            state = wrapped("level", state);
        }

        assertThat(shape(io)).isEqualTo(shape(state));
    }

    @Test
    void of_noFrames_isAShapeOfClassesOnly() {
        RuntimeException a = new RuntimeException("a");
        a.setStackTrace(new StackTraceElement[0]);
        RuntimeException b = new RuntimeException("b");
        b.setStackTrace(new StackTraceElement[0]);

        assertThat(shape(a)).isEqualTo(shape(b));
        assertThat(shape(a).frames()).isZero();
    }

    @Test
    void frames_areTheOutermostThrowablesOwn() {
        RuntimeException e = thrownHere("x");

        assertThat(shape(e).frames()).isEqualTo(e.getStackTrace().length);
    }
}
