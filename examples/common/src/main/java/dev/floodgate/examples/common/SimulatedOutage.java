package dev.floodgate.examples.common;

import dev.floodgate.core.Decision;
import dev.floodgate.core.FloodEngine;
import dev.floodgate.core.FloodLimiter;
import dev.floodgate.core.FloodgateConfig;
import dev.floodgate.core.ManualClock;
import dev.floodgate.core.summary.SuppressionSummary;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A scripted outage of one message template, decided by a {@link FloodEngine} with the default settings on a
 * {@link ManualClock}: deterministic, and done in milliseconds. It is what the README's plot shows.
 *
 * <p>The script, in 5-second timeframes: a flood of 2,000 messages per timeframe for 40 timeframes (200 s), then
 * one message per timeframe for a minute, a quiet 20 seconds, and a burst of 100 messages in one timeframe; 6
 * minutes in all. Summaries fall due every 30 seconds, as a filter's scheduler would write them.
 *
 * <p>Immutable once run.
 */
public final class SimulatedOutage {

    /** The template of the simulated failure. */
    public static final String TEMPLATE = "Payment gateway timed out after {} ms for order {}";

    /** Start of the script: a multiple of the timeframe, so that timeframe 0 starts at second 0. */
    static final long START_MILLIS = 1_800_000_000_000L;

    private final FloodgateConfig config;
    private final List<Timeframe> timeframes;
    private final List<Summary> summaries;

    private SimulatedOutage(FloodgateConfig config, List<Timeframe> timeframes, List<Summary> summaries) {
        this.config = config;
        this.timeframes = Collections.unmodifiableList(timeframes);
        this.summaries = Collections.unmodifiableList(summaries);
    }

    /** What the script does when, for the plot: timeframes {@code [from, to)} and a description. */
    static final Object[][] PHASES = {
        {0, 40, "outage: 2,000 messages per timeframe (400 a second) for 200 s"},
        {40, 52, "then 1 per timeframe"},
        {56, 57, "a new burst of 100"},
    };

    /** Returns the messages offered in each timeframe of the script. */
    static int[] script() {
        int[] offered = new int[72];
        for (int i = 0; i < 40; i++) {
            offered[i] = 2_000;
        }
        for (int i = 40; i < 52; i++) {
            offered[i] = 1;
        }
        offered[56] = 100;
        return offered;
    }

    /**
     * Runs the script through a filter with the default settings.
     *
     * <p>A plain {@link FloodLimiter} mirrors the filter's fingerprint, to read the attrition and allowance of each
     * timeframe; it is replaced whenever the filter has forgotten the fingerprint.
     *
     * @throws IllegalStateException if the filter and its mirror ever disagree
     */
    public static SimulatedOutage run() {
        FloodgateConfig config = FloodgateConfig.defaults();
        long timeframe = config.attrition().timeframeMillis();
        long interval = config.summaryIntervalMillis();
        ManualClock clock = new ManualClock(START_MILLIS);
        FloodEngine filter = new FloodEngine(config, clock);
        FloodLimiter limiter = new FloodLimiter(config.attrition(), clock);
        List<Timeframe> timeframes = new ArrayList<>();
        List<Summary> summaries = new ArrayList<>();
        long nextSummary = START_MILLIS + interval;
        int[] script = script();
        for (int i = 0; i < script.length; i++) {
            long from = START_MILLIS + i * timeframe;
            int passed = 0;
            long attrition = -1;
            long allowance = -1;
            for (int k = 0; k < script[i]; k++) {
                long at = from + k * timeframe / script[i];
                nextSummary = summarize(filter, clock, nextSummary, at, interval, summaries);
                if (filter.trackedFingerprints() == 0) {
                    // The filter forgot the idle fingerprint at a summary; so does the mirror.
                    limiter = new FloodLimiter(config.attrition(), clock);
                }
                clock.set(at);
                boolean dropped = filter.suppress(TEMPLATE, true, "shop.Checkout", "ERROR", null);
                Decision d = limiter.decide();
                if (d.allowed() == dropped) {
                    throw new IllegalStateException("filter and limiter disagree at " + (at - START_MILLIS) + " ms");
                }
                if (k == 0) {
                    attrition = d.attrition();
                    allowance = d.sendLimit();
                }
                passed += dropped ? 0 : 1;
            }
            timeframes.add(new Timeframe(i * timeframe, script[i], passed, attrition, allowance));
        }
        summarize(filter, clock, nextSummary, START_MILLIS + script.length * timeframe, interval, summaries);
        return new SimulatedOutage(config, timeframes, summaries);
    }

    private static long summarize(FloodEngine filter, ManualClock clock, long next, long until, long interval,
            List<Summary> out) {
        while (next <= until) {
            clock.set(next);
            long suppressed = 0;
            for (SuppressionSummary s : filter.summarizeIfDue()) {
                suppressed += s.suppressed();
            }
            if (suppressed > 0) {
                out.add(new Summary(next - START_MILLIS, suppressed));
            }
            next += interval;
        }
        return next;
    }

    /** Returns the settings the filter ran with (the defaults). */
    public FloodgateConfig config() {
        return config;
    }

    /** Returns each timeframe of the script. */
    public List<Timeframe> timeframes() {
        return timeframes;
    }

    /** Returns each summary written, in order. */
    public List<Summary> summaries() {
        return summaries;
    }

    /** What happened in one timeframe. Immutable. */
    public static final class Timeframe {
        private final long startMillis;
        private final int offered;
        private final int passed;
        private final long attrition;
        private final long allowance;

        Timeframe(long startMillis, int offered, int passed, long attrition, long allowance) {
            this.startMillis = startMillis;
            this.offered = offered;
            this.passed = passed;
            this.attrition = attrition;
            this.allowance = allowance;
        }

        /** Returns the start, in milliseconds since the start of the script. */
        public long startMillis() {
            return startMillis;
        }

        /** Returns the messages logged. */
        public int offered() {
            return offered;
        }

        /** Returns the messages that passed. */
        public int passed() {
            return passed;
        }

        /** Returns the attrition score in force, or -1 if nothing was logged. */
        public long attrition() {
            return attrition;
        }

        /** Returns the per-timeframe allowance in force, or -1 if nothing was logged. */
        public long allowance() {
            return allowance;
        }
    }

    /** One summary line: when it was written, and how many suppressed messages it told of. Immutable. */
    public static final class Summary {
        private final long atMillis;
        private final long suppressed;

        Summary(long atMillis, long suppressed) {
            this.atMillis = atMillis;
            this.suppressed = suppressed;
        }

        /** Returns when it was written, in milliseconds since the start of the script. */
        public long atMillis() {
            return atMillis;
        }

        /** Returns the number of suppressed messages it told of. */
        public long suppressed() {
            return suppressed;
        }
    }
}
