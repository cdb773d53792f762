package dev.floodgate.core.internal;

/** Formats millisecond durations compactly for people: {@code 250ms}, {@code 5s}, {@code 1m30s}, {@code 2h}, {@code 1d}. */
public final class DurationText {

    private DurationText() {
    }

    /** Returns {@code millis} as the shortest exact combination of d, h, m, s and ms units. */
    public static String format(long millis) {
        if (millis == 0) {
            return "0s";
        }
        StringBuilder sb = new StringBuilder();
        long rest = millis;
        if (rest < 0) {
            sb.append('-');
            rest = -rest;
        }
        rest = unit(sb, rest, 86_400_000L, "d");
        rest = unit(sb, rest, 3_600_000L, "h");
        rest = unit(sb, rest, 60_000L, "m");
        rest = unit(sb, rest, 1_000L, "s");
        unit(sb, rest, 1L, "ms");
        return sb.toString();
    }

    private static long unit(StringBuilder sb, long rest, long size, String name) {
        if (rest >= size) {
            sb.append(rest / size).append(name);
        }
        return rest % size;
    }
}
