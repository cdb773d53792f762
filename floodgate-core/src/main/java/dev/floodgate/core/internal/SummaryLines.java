package dev.floodgate.core.internal;

import dev.floodgate.core.FloodgateConfig;
import dev.floodgate.core.base.Checks;
import dev.floodgate.core.summary.SuppressionSummary;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.ToIntFunction;

/**
 * The lines of one summary batch: carried summaries added into the fresh ones of the same fingerprint, and at most
 * {@code maxLines} lines, the largest counts one by one and the rest added together in one
 * {@link SuppressionSummary.Scope#MORE} line.
 *
 * <p>Stateless; every method is a pure function of its arguments. The counts of the lines returned always add up to
 * the counts given: nothing is dropped, only folded.
 */
final class SummaryLines {

    private static final Comparator<SuppressionSummary> LARGEST_FIRST =
            Comparator.comparingLong(SuppressionSummary::suppressed).reversed();

    private SummaryLines() {
    }

    /**
     * Returns {@code fresh} with each of {@code carried} added into the fresh summary of the same identity, or, if
     * there is none, appended as wholly carried. A {@link SuppressionSummary.Scope#MORE} summary is carried as its
     * members.
     */
    static List<SuppressionSummary> merge(Collection<SuppressionSummary> carried, List<SuppressionSummary> fresh) {
        Map<Object, SuppressionSummary> byIdentity = new LinkedHashMap<>();
        for (SuppressionSummary s : fresh) {
            add(byIdentity, s, false);
        }
        for (SuppressionSummary s : carried) {
            add(byIdentity, s, true);
        }
        return new ArrayList<>(byIdentity.values());
    }

    private static void add(Map<Object, SuppressionSummary> byIdentity, SuppressionSummary s, boolean carried) {
        if (s.scope() == SuppressionSummary.Scope.MORE) {
            for (SuppressionSummary member : s.members()) {
                add(byIdentity, member, carried);
            }
            return;
        }
        SuppressionSummary present = byIdentity.get(s.identity());
        if (present != null) {
            byIdentity.put(s.identity(), carried ? s.carriedInto(present) : present.carriedInto(s));
        } else {
            byIdentity.put(s.identity(), carried ? s.asCarried() : s);
        }
    }

    /**
     * Returns {@code summaries} if there are at most {@code maxEntries}; otherwise the largest fingerprint summaries
     * and the "other messages" one as they are, and the rest added into one "forgotten" summary, {@code maxEntries}
     * in all. Keeps what a writer that keeps failing carries bounded while fingerprints come and go.
     *
     * @throws IllegalArgumentException if {@code maxEntries} is below 3
     */
    static List<SuppressionSummary> bounded(List<SuppressionSummary> summaries, int maxEntries) {
        Checks.atLeast("maxEntries", maxEntries, 3);
        if (summaries.size() <= maxEntries) {
            return summaries;
        }
        List<SuppressionSummary> kept = new ArrayList<>();
        List<SuppressionSummary> fingerprints = new ArrayList<>();
        List<SuppressionSummary> folded = new ArrayList<>();
        for (SuppressionSummary s : summaries) {
            switch (s.scope()) {
                case FINGERPRINT:
                    fingerprints.add(s);
                    break;
                case FORGOTTEN:
                    folded.add(s);
                    break;
                default:
                    kept.add(s);
            }
        }
        fingerprints.sort(LARGEST_FIRST);
        int listed = maxEntries - 1 - kept.size();
        List<SuppressionSummary> out = new ArrayList<>(fingerprints.subList(0, listed));
        out.addAll(kept);
        folded.addAll(fingerprints.subList(listed, fingerprints.size()));
        out.add(SuppressionSummary.forgotten(folded));
        return out;
    }

    /**
     * Returns {@code summaries} if there are at most {@code maxLines}; otherwise the shared-gate summaries ("other
     * messages", "forgotten"), the largest fingerprint summaries and one line adding the rest together, in all
     * {@code maxLines} lines. The added line goes through the logger its members share (else null) at the most
     * severe of their levels by {@code severity} (larger is more severe).
     *
     * @throws IllegalArgumentException if {@code maxLines} is below {@link FloodgateConfig#MIN_MAX_SUMMARY_LINES}
     */
    static List<SuppressionSummary> capped(List<SuppressionSummary> summaries, int maxLines,
            ToIntFunction<Object> severity) {
        Checks.atLeast("maxLines", maxLines, FloodgateConfig.MIN_MAX_SUMMARY_LINES);
        if (summaries.size() <= maxLines) {
            return summaries;
        }
        List<SuppressionSummary> shared = new ArrayList<>();
        List<SuppressionSummary> fingerprints = new ArrayList<>();
        for (SuppressionSummary s : summaries) {
            (s.scope() == SuppressionSummary.Scope.FINGERPRINT ? fingerprints : shared).add(s);
        }
        fingerprints.sort(LARGEST_FIRST);
        int listed = maxLines - 1 - shared.size();
        List<SuppressionSummary> out = new ArrayList<>(fingerprints.subList(0, listed));
        out.addAll(shared);
        List<SuppressionSummary> rest = fingerprints.subList(listed, fingerprints.size());
        out.add(SuppressionSummary.more(rest, sharedLogger(rest), mostSevereLevel(rest, severity)));
        return out;
    }

    private static String sharedLogger(List<SuppressionSummary> rest) {
        String logger = rest.get(0).loggerName();
        for (SuppressionSummary s : rest) {
            if (!Objects.equals(logger, s.loggerName())) {
                return null;
            }
        }
        return logger;
    }

    private static Object mostSevereLevel(List<SuppressionSummary> rest, ToIntFunction<Object> severity) {
        Object level = null;
        int most = Integer.MIN_VALUE;
        for (SuppressionSummary s : rest) {
            if (s.level() != null) {
                int v = severity.applyAsInt(s.level());
                if (level == null || v > most) {
                    level = s.level();
                    most = v;
                }
            }
        }
        return level;
    }
}
