package dev.floodgate.cli;

import dev.floodgate.core.Fingerprint;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Counts events and suppressed events per fingerprint over a whole replay, for the "top fingerprints" table.
 *
 * <p>An entry is found by the event's {@link Fingerprint}, which costs the same whatever the message: the filter's
 * key, a digest and a sample of at most {@value Fingerprint#MAX_SAMPLE_CHARS} characters of its text, which is the
 * entry's text too. Besides the key an entry holds one example line cut to
 * {@value #MAX_EXAMPLE_CHARS} characters, the logger and level as the matchers read them (at most
 * {@value LineMatcher#MAX_LOGGER_CHARS} and {@value LineMatcher#MAX_LEVEL_CHARS} characters) and two counts.
 *
 * <p>When full it forgets every fingerprint that was never suppressed and, if that is not enough, the least
 * suppressed half. The counts of forgotten fingerprints go to the "other" totals, so that the entries and the others
 * add up to every event counted; a forgotten fingerprint seen again starts from zero, so its entry is low by at most
 * {@link #maxForgottenSuppressed()} suppressed events (counted in the others).
 *
 * <p>Not thread-safe. Memory: at most {@code capacity} entries of at most about 1.7 KB each on a 64-bit JVM with
 * compressed references (map node and slot 40 bytes, key 64 and its sample 554, entry 48, example 442, logger 440,
 * level 80, with every string in UTF-16).
 */
final class FingerprintTable {

    /** The longest example line kept, in characters (a longer one ends with an ellipsis). */
    static final int MAX_EXAMPLE_CHARS = 200;

    private final int capacity;
    private final Map<Fingerprint, Entry> entries = new HashMap<>();
    private long maxForgottenSuppressed;
    private long forgotten;
    private long otherEvents;
    private long otherSuppressed;

    FingerprintTable(int capacity) {
        this.capacity = capacity;
    }

    /**
     * Counts one event of {@code fingerprint} and returns its entry.
     *
     * @param line the event's first line, kept as the example of a new fingerprint
     */
    Entry count(Fingerprint fingerprint, String line, String logger, String level, boolean suppressed) {
        Entry e = entries.get(fingerprint);
        if (e == null) {
            if (entries.size() >= capacity) {
                shrink();
            }
            e = new Entry(fingerprint.text(), cut(line, MAX_EXAMPLE_CHARS), logger, level);
            entries.put(fingerprint, e);
        }
        e.events++;
        if (suppressed) {
            e.suppressed++;
        }
        return e;
    }

    /**
     * Returns the first {@code max} characters of {@code s} (not splitting a surrogate pair) and an ellipsis, or
     * {@code s} if it is not longer.
     */
    static String cut(String s, int max) {
        if (s.length() <= max) {
            return s;
        }
        int end = Character.isHighSurrogate(s.charAt(max - 1)) ? max - 1 : max;
        return s.substring(0, end) + "…";
    }

    private void shrink() {
        Iterator<Entry> it = entries.values().iterator();
        while (it.hasNext()) {
            Entry e = it.next();
            if (e.suppressed == 0) {
                forget(e);
                it.remove();
            }
        }
        if (entries.size() <= capacity / 2) {
            return;
        }
        List<Map.Entry<Fingerprint, Entry>> all = new ArrayList<>(entries.entrySet());
        all.sort(Comparator.comparingLong(me -> me.getValue().suppressed));
        int excess = all.size() - capacity / 2;
        for (int i = 0; i < excess; i++) {
            Map.Entry<Fingerprint, Entry> me = all.get(i);
            maxForgottenSuppressed = Math.max(maxForgottenSuppressed, me.getValue().suppressed);
            forget(me.getValue());
            entries.remove(me.getKey());
        }
    }

    private void forget(Entry e) {
        forgotten++;
        otherEvents += e.events;
        otherSuppressed += e.suppressed;
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

    /** Returns the most entries held. */
    int capacity() {
        return capacity;
    }

    /** Returns how many times a fingerprint was forgotten to make room; 0 means every entry's count is complete. */
    long forgotten() {
        return forgotten;
    }

    /** Returns the most suppressed events a forgotten fingerprint had. */
    long maxForgottenSuppressed() {
        return maxForgottenSuppressed;
    }

    /** Returns the events of the fingerprints forgotten, counted when they were forgotten. */
    long otherEvents() {
        return otherEvents;
    }

    /** Returns the suppressed events of the fingerprints forgotten, counted when they were forgotten. */
    long otherSuppressed() {
        return otherSuppressed;
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
