package dev.floodgate.cli;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Lines offered and passed per time bucket over a replay, for "when the floods happened" and the plot.
 *
 * <p>Buckets start at one second and widen (1s, 2s, 10s, 30s, 1m, 2m, 10m, 30m, 1h, 2h, 6h, 12h, 1d, then
 * doubling) whenever the time span would need more than {@link #MAX_BUCKETS}; each width is a multiple of the one
 * before, so counts merge exactly. Buckets are aligned to the epoch. Not thread-safe. Memory: at most
 * {@link #MAX_BUCKETS} buckets of two longs.
 */
final class Timeline {

    /** The most buckets kept. */
    static final int MAX_BUCKETS = 2_880;

    private static final long[] WIDTHS_MILLIS = {1_000L, 2_000L, 10_000L, 30_000L, 60_000L, 120_000L, 600_000L,
        1_800_000L, 3_600_000L, 7_200_000L, 21_600_000L, 43_200_000L, 86_400_000L};

    private final Map<Long, long[]> buckets = new HashMap<>();
    private int widthIndex;
    private long widthMillis = WIDTHS_MILLIS[0];
    private long minBucket = Long.MAX_VALUE;
    private long maxBucket = Long.MIN_VALUE;
    private long lastBucket = Long.MIN_VALUE;
    private long[] last;

    /** Counts {@code lines} lines at {@code epochMillis}, of which {@code passed} passed. */
    void add(long epochMillis, long lines, long passed) {
        long bucket = Math.floorDiv(epochMillis, widthMillis);
        if (bucket != lastBucket) {
            long lo = Math.min(minBucket, bucket);
            long hi = Math.max(maxBucket, bucket);
            while (hi - lo >= MAX_BUCKETS) {
                widen();
                bucket = Math.floorDiv(epochMillis, widthMillis);
                lo = Math.min(minBucket, bucket);
                hi = Math.max(maxBucket, bucket);
            }
            minBucket = lo;
            maxBucket = hi;
            last = buckets.computeIfAbsent(bucket, b -> new long[2]);
            lastBucket = bucket;
        }
        last[0] += lines;
        last[1] += passed;
    }

    private void widen() {
        long next = widthIndex + 1 < WIDTHS_MILLIS.length ? WIDTHS_MILLIS[widthIndex + 1] : widthMillis * 2;
        widthIndex++;
        long factor = next / widthMillis;
        Map<Long, long[]> merged = new HashMap<>();
        for (Map.Entry<Long, long[]> e : buckets.entrySet()) {
            long[] into = merged.computeIfAbsent(Math.floorDiv(e.getKey(), factor), b -> new long[2]);
            into[0] += e.getValue()[0];
            into[1] += e.getValue()[1];
        }
        buckets.clear();
        buckets.putAll(merged);
        widthMillis = next;
        if (minBucket != Long.MAX_VALUE) {
            minBucket = Math.floorDiv(minBucket, factor);
            maxBucket = Math.floorDiv(maxBucket, factor);
        }
        lastBucket = Long.MIN_VALUE;
        last = null;
    }

    /** Returns the width of a bucket. */
    long widthMillis() {
        return widthMillis;
    }

    /** Returns whether nothing was counted. */
    boolean isEmpty() {
        return buckets.isEmpty();
    }

    /** Returns every bucket from the first to the last, empty ones included, in time order. */
    List<Bucket> buckets() {
        return buckets(widthMillis);
    }

    /**
     * Returns the buckets merged to {@code width} (a multiple of {@link #widthMillis()}; smaller widths give the
     * native ones), from the first to the last, empty ones included, in time order.
     */
    List<Bucket> buckets(long width) {
        List<Bucket> out = new ArrayList<>();
        if (buckets.isEmpty()) {
            return out;
        }
        long w = Math.max(width, widthMillis);
        long factor = w / widthMillis;
        long first = Math.floorDiv(minBucket, factor);
        long lastIndex = Math.floorDiv(maxBucket, factor);
        long[][] sums = new long[(int) (lastIndex - first + 1)][2];
        for (Map.Entry<Long, long[]> e : buckets.entrySet()) {
            long[] into = sums[(int) (Math.floorDiv(e.getKey(), factor) - first)];
            into[0] += e.getValue()[0];
            into[1] += e.getValue()[1];
        }
        for (int i = 0; i < sums.length; i++) {
            out.add(new Bucket((first + i) * w, w, sums[i][0], sums[i][1]));
        }
        return out;
    }

    /** Lines offered and passed in {@code [startMillis, startMillis + widthMillis)}. */
    record Bucket(long startMillis, long widthMillis, long offered, long passed) {
        long suppressed() {
            return offered - passed;
        }
    }
}
