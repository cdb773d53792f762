package dev.floodgate.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.floodgate.core.ledger.Gate;
import org.junit.jupiter.api.Test;

/**
 * The lock paths are kept out of the framework's compiled call by their size: HotSpot never inlines a method of more
 * than {@code FreqInlineSize} bytes of bytecode (325 by default on x86-64 and AArch64, JDK 11 to 25). A refactoring
 * that brings one under it would let the JIT compile the whole admission path into every logging call, which then no
 * longer fits where the framework's callers inline it (src/docs/performance-decisions.md, "Compiled size"). These
 * checks fail before that can land.
 */
class CompiledSizeTest {

    private static final int FREQ_INLINE_SIZE = 325;

    @Test
    void floodFilterDecide_isTooLargeToInline() {
        assertThat(size(FloodFilter.class,
                "decide(Ljava/lang/String;ZLjava/lang/Object;Ljava/lang/String;Ljava/lang/Object;"
                        + "Ljava/lang/Throwable;J)Z"))
                .isGreaterThan(FREQ_INLINE_SIZE);
    }

    @Test
    void gateDecide_isTooLargeToInline() {
        assertThat(size(Gate.class, "decide(JLdev/floodgate/core/ledger/Gate;Ldev/floodgate/core/ledger/Lease;)I"))
                .isGreaterThan(FREQ_INLINE_SIZE);
    }

    @Test
    void floodFilterSuppress_staysSmall() {
        // The part that is inlined into the framework's call: the probe, the most recent gate, the call of decide.
        assertThat(size(FloodFilter.class,
                "suppress(Ljava/lang/String;ZLjava/lang/String;Ljava/lang/Object;Ljava/lang/Throwable;)Z"))
                .isLessThan(FREQ_INLINE_SIZE / 2);
    }

    /** The bytecode length of one method, named by name and descriptor; fails the test if there is no such method. */
    private static int size(Class<?> type, String method) {
        Integer size = MethodSizes.of(type).get(method);
        assertThat(size).as("%s.%s in its class file", type.getSimpleName(), method).isNotNull();
        return size;
    }
}
