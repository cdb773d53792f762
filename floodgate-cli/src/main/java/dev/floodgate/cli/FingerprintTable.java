package dev.floodgate.cli;

import dev.floodgate.core.fingerprint.Fingerprinter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Counts events and suppressed events per fingerprint over a whole replay, for the "top fingerprints" table.
 *
 * <p>Not thread-safe. Memory: at most {@code capacity} entries, each holding the fingerprint's text (at most
 * {@link Fingerprinter#MAX_TEMPLATE_CHARS} characters) and one example line (at most {@link #MAX_EXAMPLE_CHARS}).
 * When full it forgets every fingerprint that was never suppressed and, if that is not enough, the least suppressed
 * half; a forgotten fingerprint seen again starts from zero, so its counts are low by at most
 * {@link #maxForgottenSuppressed()}. Counts are exact while that is 0.
 */
final class FingerprintTable {

    /** The longest example line kept, in characters. */
    static final int MAX_EXAMPLE_CHARS = 300;

    private final int capacity;
    private final Fingerprinter fingerprinter;
    private final Map<Object, Entry> entries = new HashMap<>();
    private long maxForgottenSuppressed;
    private long forgotten;

    FingerprintTable(Fingerprinter fingerprinter, int capacity) {
        this.fingerprinter = fingerprinter;
        this.capacity = capacity;
    }

    /**
     * Counts one event of the fingerprint {@code probe} (from {@link Fingerprinter#probe}) and returns its entry.
     *
     * @param line the event's first line, kept as the example of a new fingerprint
     */
    Entry count(Object probe, String line, String logger, String level, boolean suppressed) {
        Entry e = entries.get(probe);
        if (e == null) {
            if (entries.size() >= capacity) {
                shrink();
            }
            Object key = fingerprinter.freeze(probe);
            String example = line.length() <= MAX_EXAMPLE_CHARS ? line : line.substring(0, MAX_EXAMPLE_CHARS) + "…";
            e = new Entry(fingerprinter.describe(key), example, logger, level);
            entries.put(key, e);
        }
        e.events++;
        if (suppressed) {
            e.suppressed++;
        }
        return e;
    }

    private void shrink() {
        Iterator<Entry> it = entries.values().iterator();
        while (it.hasNext()) {
            if (it.next().suppressed == 0) {
                it.remove();
                forgotten++;
            }
        }
        if (entries.size() <= capacity / 2) {
            return;
        }
        List<Map.Entry<Object, Entry>> all = new ArrayList<>(entries.entrySet());
        all.sort(Comparator.comparingLong(me -> me.getValue().suppressed));
        int excess = all.size() - capacity / 2;
        for (int i = 0; i < excess; i++) {
            Map.Entry<Object, Entry> me = all.get(i);
            maxForgottenSuppressed = Math.max(maxForgottenSuppressed, me.getValue().suppressed);
            forgotten++;
            entries.remove(me.getKey());
        }
    }

    /** Returns the {@code n} most suppressed fingerprints, most first; ties by more events, then by text. */
    List<Entry> top(int n) {
        List<Entry> all = new ArrayList<>();
        for (Entry e : entries.values()) {
            if (e.suppressed > 0) {
                all.add(e);
            }
        }
        all.sort(Comparator.comparingLong((Entry e) -> e.suppressed).reversed()
                .thenComparing(Comparator.comparingLong((Entry e) -> e.events).reversed())
                .thenComparing(e -> e.text));
        return all.size() <= n ? all : new ArrayList<>(all.subList(0, n));
    }

    /** Returns the number of fingerprints tracked now. */
    int size() {
        return entries.size();
    }

    /** Returns how many times a fingerprint was forgotten to make room; 0 means every count is exact. */
    long forgotten() {
        return forgotten;
    }

    /** Returns the most suppressed events a forgotten fingerprint had. */
    long maxForgottenSuppressed() {
        return maxForgottenSuppressed;
    }

    /** One fingerprint's counts. */
    static final class Entry {
        final String text;
        final String example;
        final String logger;
        final String level;
        long events;
        long suppressed;

        Entry(String text, String example, String logger, String level) {
            this.text = text;
            this.example = example;
            this.logger = logger;
            this.level = level;
        }
    }
}
