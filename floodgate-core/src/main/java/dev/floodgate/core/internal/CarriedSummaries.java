package dev.floodgate.core.internal;

import dev.floodgate.core.FloodEngine;
import dev.floodgate.core.summary.SuppressionSummary;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * The summaries of one engine that could not be written yet and wait to be merged into its next ones. They belong to
 * the engine, not to the publisher that failed to write them, so that a filter that continues the engine after a
 * reload (with a publisher of its own) also continues them, and a late failure of the replaced filter's writer
 * still lands here. {@link #of(FloodEngine)} finds them by the engine's identity, and they go when the engine goes.
 *
 * <p>Thread-safe: every method holds this object's lock and calls nothing else. Invariant: once {@link #seal()} has
 * returned, {@link #add} refuses, so nothing is added after the engine's last summaries took what was here.
 */
final class CarriedSummaries {

    /** Each engine's carried summaries; an engine (which does not override {@code equals}) is its own key. */
    private static final Map<FloodEngine, CarriedSummaries> BY_ENGINE =
            Collections.synchronizedMap(new WeakHashMap<>());

    private List<SuppressionSummary> items = new ArrayList<>();
    private boolean sealed;

    /** Returns the carried summaries of {@code engine}, the same object for every publisher that writes for it. */
    static CarriedSummaries of(FloodEngine engine) {
        return BY_ENGINE.computeIfAbsent(engine, e -> new CarriedSummaries());
    }

    /**
     * Carries {@code summary} into the next batch.
     *
     * @return false, carrying nothing, if the engine's last summaries were already taken ({@link #seal()})
     */
    synchronized boolean add(SuppressionSummary summary) {
        if (sealed) {
            return false;
        }
        items.add(summary);
        return true;
    }

    /** Returns whether nothing is carried. */
    synchronized boolean isEmpty() {
        return items.isEmpty();
    }

    /** Returns what is carried and empties it. */
    synchronized List<SuppressionSummary> takeAll() {
        List<SuppressionSummary> out = items;
        items = new ArrayList<>();
        return out;
    }

    /** Returns what is carried, empties it, and refuses every later {@link #add}. */
    synchronized List<SuppressionSummary> seal() {
        sealed = true;
        return takeAll();
    }
}
