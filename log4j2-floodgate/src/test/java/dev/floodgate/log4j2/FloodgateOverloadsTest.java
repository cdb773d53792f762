package dev.floodgate.log4j2;

import static org.assertj.core.api.Assertions.assertThat;

import dev.floodgate.core.FloodEngine;
import java.lang.management.ManagementFactory;
import java.util.stream.Stream;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.core.Filter.Result;
import org.apache.logging.log4j.core.Logger;
import org.apache.logging.log4j.core.impl.Log4jLogEvent;
import org.apache.logging.log4j.message.ParameterizedMessage;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every {@code filter} overload, and the allocation of the context-wide path. */
@Tag("compatibility")
class FloodgateOverloadsTest {

    private static final Object A = "a";

    /** One overload, called with a template of its own. */
    @FunctionalInterface
    interface Call {
        Result call(FloodgateFilter f, Logger log, String template);
    }

    static Stream<Arguments> overloads() {
        return Stream.of(
                Arguments.of("string", false, (Call) (f, l, t) -> f.filter(l, Level.ERROR, null, t)),
                Arguments.of("varargs", true, (Call) (f, l, t) -> f.filter(l, Level.ERROR, null, t, A, A, A, A, A,
                        A, A, A, A, A, A)),
                Arguments.of("one", true, (Call) (f, l, t) -> f.filter(l, Level.ERROR, null, t, A)),
                Arguments.of("two", true, (Call) (f, l, t) -> f.filter(l, Level.ERROR, null, t, A, A)),
                Arguments.of("three", true, (Call) (f, l, t) -> f.filter(l, Level.ERROR, null, t, A, A, A)),
                Arguments.of("four", true, (Call) (f, l, t) -> f.filter(l, Level.ERROR, null, t, A, A, A, A)),
                Arguments.of("five", true, (Call) (f, l, t) -> f.filter(l, Level.ERROR, null, t, A, A, A, A, A)),
                Arguments.of("six", true, (Call) (f, l, t) -> f.filter(l, Level.ERROR, null, t, A, A, A, A, A, A)),
                Arguments.of("seven", true, (Call) (f, l, t) -> f.filter(l, Level.ERROR, null, t, A, A, A, A, A, A,
                        A)),
                Arguments.of("eight", true, (Call) (f, l, t) -> f.filter(l, Level.ERROR, null, t, A, A, A, A, A, A,
                        A, A)),
                Arguments.of("nine", true, (Call) (f, l, t) -> f.filter(l, Level.ERROR, null, t, A, A, A, A, A, A,
                        A, A, A)),
                Arguments.of("ten", true, (Call) (f, l, t) -> f.filter(l, Level.ERROR, null, t, A, A, A, A, A, A,
                        A, A, A, A)),
                Arguments.of("object", false, (Call) (f, l, t) -> f.filter(l, Level.ERROR, null, (Object) t, null)),
                Arguments.of("charSequence", false, (Call) (f, l, t) -> f.filter(l, Level.ERROR, null,
                        (Object) new StringBuilder(t), null)),
                Arguments.of("message", true, (Call) (f, l, t) -> f.filter(l, Level.ERROR, null,
                        new ParameterizedMessage(t, A), null)),
                Arguments.of("event", true, (Call) (f, l, t) -> f.filter(Log4jLogEvent.newBuilder()
                        .setLoggerName(l.getName()).setLevel(Level.ERROR)
                        .setMessage(new ParameterizedMessage(t, A)).build())));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("overloads")
    void overload_flood_deniesWhatTheEngineSuppresses(String name, boolean hasArguments, Call call) {
        try (Log4jHarness h = Log4jHarness.start(getClass(), "contextWide")) {
            FloodgateFilter filter = h.contextFilter();
            FloodEngine ref = new FloodEngine(filter.config(), h.clock);
            Logger log = h.logger("app.Db");
            String template = "Overload " + name + " failed: {}";
            int denied = 0;
            int expected = 0;
            for (int i = 0; i < 200; i++) {
                if (call.call(filter, log, template) == Result.DENY) {
                    denied++;
                }
                if (ref.suppress(template, hasArguments, "app.Db", Level.ERROR, null)) {
                    expected++;
                }
            }

            assertThat(denied).isEqualTo(expected).isPositive();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("overloads")
    void overload_levelBelowTheLogger_neutralAndNotCounted(String name, boolean hasArguments, Call ignored) {
        try (Log4jHarness h = Log4jHarness.start(getClass(), "contextWide")) {
            FloodgateFilter filter = h.contextFilter();
            Logger log = h.logger("app.Db");
            for (int i = 0; i < 200; i++) {
                assertThat(filter.filter(log, Level.DEBUG, null, "Overload " + name + " {}", A)).isEqualTo(
                        Result.NEUTRAL);
            }

            assertThat(filter.trackedFingerprints()).isZero();
        }
    }

    @Test
    void overload_nullMessage_isAProbe() {
        try (Log4jHarness h = Log4jHarness.start(getClass(), "contextWide")) {
            FloodgateFilter filter = h.contextFilter();
            Logger log = h.logger("app.Db");

            assertThat(filter.filter(log, Level.ERROR, null, (Object) null, null)).isEqualTo(Result.NEUTRAL);
            assertThat(filter.filter(log, Level.ERROR, null, (org.apache.logging.log4j.message.Message) null, null))
                    .isEqualTo(Result.NEUTRAL);
            assertThat(filter.filter(log, Level.ERROR, null, (String) null, A)).isEqualTo(Result.NEUTRAL);
            assertThat(filter.trackedFingerprints()).isZero();
        }
    }

    @Test
    void allocation_suppressedAndDisabledCalls_allocateNothing() {
        try (Log4jHarness h = Log4jHarness.start(getClass(), "contextWide")) {
            Logger log = h.logger("app.Db");
            Object host = "db-1";
            Object port = Integer.valueOf(5432);
            for (int i = 0; i < 100_000; i++) {
                log.error("Connection to {} failed: {}", host, port);
                log.debug("Connection to {} failed: {}", host, port);
            }
            int written = h.list("list").events().size();
            com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
            long thread = Thread.currentThread().getId();

            long before = mx.getThreadAllocatedBytes(thread);
            for (int i = 0; i < 100_000; i++) {
                log.error("Connection to {} failed: {}", host, port);
                log.debug("Connection to {} failed: {}", host, port);
            }
            long allocated = mx.getThreadAllocatedBytes(thread) - before;

            assertThat(h.list("list").events()).hasSize(written);
            assertThat(allocated).as("bytes allocated by 200,000 calls").isLessThan(16_384);
        }
    }
}
