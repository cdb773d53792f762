package dev.floodgate.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A suppressed call allocates nothing: the real call, warmed up until the JIT compiled it, run in rounds of
 * {@value #CALLS} calls on this thread while the thread's allocation counter
 * ({@code com.sun.management.ThreadMXBean#getThreadAllocatedBytes}) is read around each round. The least of the rounds
 * may hold a fixed few bytes (the counter's own reads); an allocation per call would show as at least
 * {@value #CALLS} × 16 bytes. Checked for a template logged with arguments, for concatenated messages that masking
 * groups (a host name with digits, an IPv4 address), and for a message without a token, with the fleet off (no
 * fleet configured). The messages are made before the rounds, so that only the filter's own allocation counts;
 * benchmarks/run.sh measures the frameworks' call sites with JMH's allocation profiler.
 */
class SuppressedCallAllocationTest {

    private static final int CALLS = 100_000;
    private static final int WARM_UP_CALLS = 400_000;
    private static final int ROUNDS = 8;
    /** What a round of {@value #CALLS} calls may allocate: fewer bytes than calls. */
    private static final long MOST_BYTES_PER_ROUND = 1_024;

    private final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    @Test
    void suppress_templateWithArguments_allocatesNothing() {
        String[] messages = {"Connection to {} failed: {}"};
        assertThat(leastBytesPerRound(filter(), messages, true)).isLessThan(MOST_BYTES_PER_ROUND);
    }

    @Test
    void suppress_maskedMessagesWithAHostName_allocatesNothing() {
        String[] messages = new String[65_536];
        for (int i = 0; i < messages.length; i++) {
            messages[i] = "Connection to " + "db-01.internal:5432" + " failed: " + i;
        }
        assertThat(leastBytesPerRound(filter(), messages, false)).isLessThan(MOST_BYTES_PER_ROUND);
    }

    @Test
    void suppress_maskedMessagesWithAnAddress_allocatesNothing() {
        String[] messages = new String[65_536];
        for (int i = 0; i < messages.length; i++) {
            messages[i] = "Connection to 10.20.30." + (100 + (i & 15) * 7) + ":5432 failed: " + (1_000_000 + i);
        }
        assertThat(leastBytesPerRound(filter(), messages, false)).isLessThan(MOST_BYTES_PER_ROUND);
    }

    @Test
    void suppress_messageWithoutAToken_allocatesNothing() {
        String[] messages = {"Connection refused by the payment service"};
        assertThat(leastBytesPerRound(filter(), messages, false)).isLessThan(MOST_BYTES_PER_ROUND);
    }

    /** A filter with the default settings (masking on, no fleet) and a clock that stands still. */
    private static FloodEngine filter() {
        Map<String, String> options = new HashMap<>();
        FloodEngine filter = new FloodEngine(FloodgateConfig.parse(options), new ManualClock(1_700_000_000_000L));
        assertThat(filter.config().fleet()).isNull();
        return filter;
    }

    /**
     * Floods {@code filter} with {@code messages}, cycling, until it suppresses them and the call is compiled, then
     * returns the fewest bytes this thread allocated in a round of {@value #CALLS} calls, each of them suppressed.
     */
    private long leastBytesPerRound(FloodEngine filter, String[] messages, boolean hasArguments) {
        long id = Thread.currentThread().getId();
        int suppressed = 0;
        for (int i = 0; i < WARM_UP_CALLS; i++) {
            suppressed += call(filter, messages[i % messages.length], hasArguments) ? 1 : 0;
        }
        assertThat(suppressed).as("suppressed calls of the warm-up").isGreaterThan(WARM_UP_CALLS - 1_000);
        long least = Long.MAX_VALUE;
        for (int round = 0; round < ROUNDS; round++) {
            int dropped = 0;
            long before = threads.getThreadAllocatedBytes(id);
            for (int i = 0; i < CALLS; i++) {
                dropped += call(filter, messages[i % messages.length], hasArguments) ? 1 : 0;
            }
            long bytes = threads.getThreadAllocatedBytes(id) - before;
            assertThat(dropped).as("suppressed calls of round %d", round).isEqualTo(CALLS);
            least = Math.min(least, bytes);
        }
        return least;
    }

    private static boolean call(FloodEngine filter, String message, boolean hasArguments) {
        return filter.suppress(message, hasArguments, "com.acme.Db", "ERROR", null);
    }
}
