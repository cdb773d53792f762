package dev.floodgate.core.internal;

import dev.floodgate.core.base.Checks;
import dev.floodgate.core.base.Durations;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Which stack traces a log has shown in full lately: for each {@link TraceShape}, when its full trace was printed.
 * {@link #recall} decides, from the event's own time, whether an event's trace prints in full (the shape was not
 * printed within the interval) or as one reference line naming the full trace (its id, frame count and time), with the
 * class and message of each throwable of its cause chain.
 *
 * <p>Thread-safe. A repeat within the interval only reads a concurrent map from shape to the last full print, without
 * a lock; a full print writes its shape's entry (putIfAbsent or replace, which hold only that map bin's lock).
 * Remembers at most {@code maxTraces} shapes (plus one for each thread inserting at that moment); beyond it the
 * shape remembered first is forgotten, which only means its trace prints in full again. Allocates the shape of each
 * event and a {@link Sighting}; a full print also allocates the map entry.
 */
public final class TraceMemory {

    /** How long after a trace's full print its repeats print as references, unless set: the summary interval's default. */
    public static final Duration DEFAULT_INTERVAL = Duration.ofSeconds(30);

    /**
     * Reads an interval as written in a configuration ({@code 30s}, {@code 2 minutes}, {@code PT30S}).
     *
     * @param setting the setting's name, for the message
     * @param text the value as written; null gives {@link #DEFAULT_INTERVAL}
     * @return the interval
     * @throws IllegalArgumentException naming {@code setting} and {@code text} if it is not a duration
     */
    public static Duration interval(String setting, String text) {
        return text == null ? DEFAULT_INTERVAL : Durations.parse(setting, text);
    }

    /** How many distinct traces a memory remembers, unless set. */
    public static final int DEFAULT_MAX_TRACES = 1_024;

    /** The longest interval accepted: one day. */
    public static final Duration MAX_INTERVAL = Duration.ofDays(1);

    /*
     * Time: only the events' timestamps, in epoch milliseconds. A repeat is a reference iff 0 <= its time minus the
     * full print's time < interval. An event stamped before the full print (threads race to format, or the clock
     * went back) prints in full and becomes the new full print: time that runs backwards costs extra full traces,
     * never hides one.
     *
     * Concurrency: the map's value for a shape changes only by putIfAbsent (first print) or replace(expected, new)
     * (a later full print), so of the threads that see one shape due at once exactly one prints it in full; the others
     * retry, read the winner's entry and print references to it (or, if stamped before it, print in full: see Time).
     *
     * Eviction: each key put into the map is appended once to the queue, after its putIfAbsent; a key leaves the map
     * only when polled from the queue. So the queue holds each remembered shape once, oldest first, and the map is
     * trimmed to maxTraces after each insertion (a concurrent insertion between the two steps can leave it one over
     * until the next).
     */

    private static final DateTimeFormatter TIME = DateTimeFormatter.ISO_INSTANT;

    private final long intervalMillis;
    private final int maxTraces;
    private final ConcurrentHashMap<TraceShape, Sighting> printed = new ConcurrentHashMap<>();
    private final ConcurrentLinkedQueue<TraceShape> oldestFirst = new ConcurrentLinkedQueue<>();

    /** Creates a memory with the {@link #DEFAULT_INTERVAL} and {@value #DEFAULT_MAX_TRACES} traces. */
    public TraceMemory() {
        this(DEFAULT_INTERVAL, DEFAULT_MAX_TRACES);
    }

    /**
     * Creates a memory whose traces print in full at most once per {@code interval}, remembering at most
     * {@code maxTraces} of them.
     *
     * @throws IllegalArgumentException naming the setting if {@code interval} is not a whole number of milliseconds
     *                                  between 1ms and {@link #MAX_INTERVAL}, or {@code maxTraces} is below 1
     * @throws NullPointerException if {@code interval} is null
     */
    public TraceMemory(Duration interval, int maxTraces) {
        this.intervalMillis = Checks.wholeMillis("interval", interval, 1, MAX_INTERVAL.toMillis());
        this.maxTraces = (int) Checks.atLeast("maxTraces", maxTraces, 1);
    }

    /** Returns the interval within which a trace prints in full once. */
    public Duration interval() {
        return Duration.ofMillis(intervalMillis);
    }

    /** Returns how many shapes this memory holds now. */
    public int size() {
        return printed.size();
    }

    /**
     * Returns whether the trace of {@code throwable}, logged at {@code eventMillis} (epoch milliseconds, the event's
     * own time), prints in full, and if not, where its full trace was printed.
     *
     * @throws NullPointerException if {@code throwable} or {@code anatomy} is null
     */
    public <T> Sighting recall(T throwable, TraceShape.Anatomy<T> anatomy, long eventMillis) {
        TraceShape shape = TraceShape.of(throwable, anatomy);
        Sighting last = printed.get(shape);
        while (true) {
            if (last == null) {
                Sighting now = new Sighting(true, shape.id(), shape.frames(), eventMillis);
                last = printed.putIfAbsent(shape, now);
                if (last == null) {
                    oldestFirst.add(shape);
                    trim();
                    return now;
                }
            } else {
                long age = eventMillis - last.printedAtMillis;
                if (age >= 0 && age < intervalMillis) {
                    return last.asReference();
                }
                Sighting now = new Sighting(true, shape.id(), shape.frames(), eventMillis);
                if (printed.replace(shape, last, now)) {
                    return now;
                }
                last = printed.get(shape);
            }
        }
    }

    private void trim() {
        while (printed.size() > maxTraces) {
            TraceShape oldest = oldestFirst.poll();
            if (oldest == null) {
                return;
            }
            printed.remove(oldest);
        }
    }

    /**
     * One event's answer from the memory: print the trace in full, headed by its id, or print one reference line.
     * Immutable.
     */
    public static final class Sighting {

        private final boolean full;
        private final String id;
        private final int frames;
        private final long printedAtMillis;

        Sighting(boolean full, String id, int frames, long printedAtMillis) {
            this.full = full;
            this.id = id;
            this.frames = frames;
            this.printedAtMillis = printedAtMillis;
        }

        /** Returns whether this event prints its trace in full. */
        public boolean isFull() {
            return full;
        }

        /** Returns the trace's short id, which the full trace's first line and every reference line carry. */
        public String id() {
            return id;
        }

        /** Returns the number of frames of the outermost throwable of the full trace. */
        public int frames() {
            return frames;
        }

        /** Returns when (epoch milliseconds, the event's time) the full trace was printed. */
        public long printedAtMillis() {
            return printedAtMillis;
        }

        /** Appends what precedes a full trace on its first line: {@code [trace 3f9a1c2e] }. */
        public void appendHeader(StringBuilder sb) {
            sb.append("[trace ").append(id).append("] ");
        }

        /**
         * Appends the reference line, without a line separator: {@code [trace 3f9a1c2e, 53 frames, in full at
         * 2026-03-02T10:00:01.120Z] java.lang.IllegalStateException: message; caused by: java.io.IOException:
         * message}, each message's control characters escaped so that it stays one line.
         */
        public <T> void appendReference(StringBuilder sb, T throwable, TraceShape.Anatomy<T> anatomy) {
            sb.append("[trace ").append(id).append(", ").append(frames).append(frames == 1 ? " frame" : " frames")
                    .append(", in full at ");
            TIME.formatTo(Instant.ofEpochMilli(printedAtMillis), sb);
            sb.append("] ");
            Object[] seen = new Object[TraceShape.MAX_THROWABLES];
            T t = throwable;
            for (int n = 0; t != null; n++) {
                if (n == TraceShape.MAX_THROWABLES || contains(seen, n, t)) {
                    sb.append("; ...");
                    return;
                }
                seen[n] = t;
                if (n > 0) {
                    sb.append("; caused by: ");
                }
                sb.append(anatomy.className(t));
                String message = anatomy.message(t);
                if (message != null) {
                    sb.append(": ");
                    appendEscaped(sb, message);
                }
                t = anatomy.cause(t);
            }
        }

        private static boolean contains(Object[] seen, int n, Object t) {
            for (int i = 0; i < n; i++) {
                if (seen[i] == t) {
                    return true;
                }
            }
            return false;
        }

        private static void appendEscaped(StringBuilder sb, String text) {
            for (int i = 0; i < text.length(); i++) {
                char c = text.charAt(i);
                if (c == '\n') {
                    sb.append("\\n");
                } else if (c == '\r') {
                    sb.append("\\r");
                } else if (c == '\t') {
                    sb.append("\\t");
                } else if (c < 0x20 || c == 0x7f || c == '\u2028' || c == '\u2029' || c == '\u0085') {
                    sb.append("\\u").append(Character.forDigit(c >> 12, 16)).append(Character.forDigit((c >> 8) & 15, 16))
                            .append(Character.forDigit((c >> 4) & 15, 16)).append(Character.forDigit(c & 15, 16));
                } else {
                    sb.append(c);
                }
            }
        }

        /** Returns this full print as a later event sees it: a reference to it. */
        Sighting asReference() {
            return new Sighting(false, id, frames, printedAtMillis);
        }

        @Override
        public String toString() {
            return (full ? "full " : "reference ") + id + " (" + frames + " frames, at " + printedAtMillis + ")";
        }
    }

    @Override
    public String toString() {
        return "TraceMemory[interval " + Durations.format(intervalMillis) + ", " + size() + " of " + maxTraces
                + " traces]";
    }
}
