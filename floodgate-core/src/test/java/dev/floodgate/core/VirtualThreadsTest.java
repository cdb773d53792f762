package dev.floodgate.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.floodgate.core.summary.SuppressionSummary;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledForJreRange;
import org.junit.jupiter.api.condition.JRE;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A flood logged from a new virtual thread per call, as a server that runs each request on its own virtual thread
 * does (Java 21 and later; CI's Java 25 run): every call passes or is counted in exactly one summary, and the flood is
 * one fingerprint, with the fingerprints that keep a probe per platform thread (masked text, logger and level).
 * What such a call allocates is measured by {@code VirtualThreadCalls} in the benchmarks.
 */
@EnabledForJreRange(min = JRE.JAVA_21)
@Timeout(120)
class VirtualThreadsTest {

    private static final int CALLS = 50_000;

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "maskTokens    | false | Failed for order <n>",
        "includeLogger | true  | Connection to {} failed",
    })
    void floodFromAVirtualThreadPerCall_everyCallPassedOrInOneSummary_oneFingerprint(String option,
            boolean hasArguments, String fingerprint) throws Exception {
        FloodEngine filter = new FloodEngine(FloodgateConfig.parse(Map.of(option, "true")),
                new ManualClock(1_700_000_000_000L));
        AtomicLong passed = new AtomicLong();
        ExecutorService executor = (ExecutorService) Executors.class.getMethod("newVirtualThreadPerTaskExecutor")
                .invoke(null);
        for (int i = 0; i < CALLS; i++) {
            String message = hasArguments ? "Connection to {} failed" : "Failed for order " + (100_000 + i);
            executor.execute(() -> {
                if (!filter.suppress(message, hasArguments, "com.acme.Db", "ERROR", null)) {
                    passed.incrementAndGet();
                }
            });
        }
        executor.shutdown();
        assertThat(executor.awaitTermination(60, TimeUnit.SECONDS)).isTrue();

        assertThat(filter.trackedFingerprints()).isEqualTo(1);
        List<SuppressionSummary> summaries = filter.close();
        assertThat(summaries).singleElement().extracting(SuppressionSummary::fingerprint).isEqualTo(fingerprint);
        assertThat(passed.get() + summaries.get(0).suppressed()).isEqualTo(CALLS);
        assertThat(passed.get()).isPositive().isLessThan(100);
    }
}
