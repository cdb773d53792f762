package dev.floodgate.core.summary;

import dev.floodgate.core.base.Durations;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * What one fingerprint (or one shared gate) had suppressed during one summary period: the "Suppressed N messages
 * like …" line and the same facts as structured fields.
 *
 * <p>Immutable. The line is built on demand; its times are printed in the JVM's default time zone. Every text in the
 * line and in the fields (the template, with an exception's class and frame when they are part of the fingerprint,
 * and the descriptions of the limits) is escaped: control characters, line and paragraph separators, bidirectional
 * overrides and the quote that delimits the template are written as visible escapes such as {@code \n},
 * {@code \"} and {@code \}{@code u001b}, and a backslash as {@code \\}, so a summary is always one line that no
 * template can forge or end early. Escaping allocates only for a text that needs it.
 */
public final class SuppressionSummary {

    /** Field: total suppressed events (a number). */
    public static final String FIELD_SUPPRESSED = "floodgate.suppressed";
    /** Field: events the global cap suppressed (a number), present only when the cap suppressed any. */
    public static final String FIELD_SUPPRESSED_BY_CAP = "floodgate.suppressedByCap";
    /** Field: events the fleet limit suppressed (a number), present only when it suppressed any. */
    public static final String FIELD_SUPPRESSED_BY_FLEET = "floodgate.suppressedByFleet";
    /** Field: true when the fleet limit was unavailable during the period and local limits alone decided. */
    public static final String FIELD_FLEET_UNAVAILABLE = "floodgate.fleetUnavailable";
    /**
     * Field: the fingerprint's template, escaped as in the line but not cut, or {@code <other>} / {@code <forgotten>}
     * / {@code <more>} for shared gates.
     */
    public static final String FIELD_FINGERPRINT = "floodgate.fingerprint";
    /** Field: the length of the period, ISO-8601 ({@code PT30S}). */
    public static final String FIELD_INTERVAL = "floodgate.interval";
    /** Field: the first suppressed event, ISO-8601 instant. */
    public static final String FIELD_FIRST = "floodgate.first";
    /** Field: the last suppressed event, ISO-8601 instant. */
    public static final String FIELD_LAST = "floodgate.last";
    /** Field: the limiter and its settings, with the global cap's and the fleet limit's when they are set. */
    public static final String FIELD_LIMITER = "floodgate.limiter";
    /** Field: true when nothing was dropped (dry run) and the counts say what would have been. */
    public static final String FIELD_DRY_RUN = "floodgate.dryRun";
    /**
     * Field: of the suppressed events, those carried over from earlier summaries that could not be written (a
     * number), present only when there are any.
     */
    public static final String FIELD_CARRIED = "floodgate.carried";
    /** Field: how many summaries a {@link Scope#MORE} line stands for (a number), present only on such lines. */
    public static final String FIELD_TEMPLATES = "floodgate.templates";

    /**
     * The most characters of a template a line shows, counted before escaping; longer ones are cut with an ellipsis.
     */
    public static final int MAX_SHOWN_CHARS = 200;

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss.SSS", Locale.ROOT);

    /** What the summary is about. */
    public enum Scope {
        /** One fingerprint. */
        FINGERPRINT,
        /** New fingerprints that found the key bound reached and shared one limiter. */
        OVERFLOW,
        /** Fingerprints forgotten while idle whose own summaries no longer fitted in the backlog. */
        FORGOTTEN,
        /** The fingerprints beyond the line cap of one interval, added together ({@link #members()}). */
        MORE
    }

    private final Scope scope;
    private final String fingerprint;
    private final String loggerName;
    private final Object level;
    private final long suppressedByKey;
    private final long suppressedByCap;
    private final long suppressedByFleet;
    private final long firstAt;
    private final long lastAt;
    private final long periodMillis;
    private final String limiter;
    private final String cap;
    private final String fleet;
    private final boolean fleetUnavailable;
    private final int maxKeys;
    private final boolean dryRun;
    private final long carried;
    private final List<SuppressionSummary> members;

    private SuppressionSummary(Builder b) {
        this.scope = Objects.requireNonNull(b.scope, "scope");
        this.fingerprint = b.fingerprint;
        this.loggerName = b.loggerName;
        this.level = b.level;
        this.suppressedByKey = b.suppressedByKey;
        this.suppressedByCap = b.suppressedByCap;
        this.suppressedByFleet = b.suppressedByFleet;
        this.firstAt = b.firstAt;
        this.lastAt = b.lastAt;
        this.periodMillis = b.periodMillis;
        this.limiter = Objects.requireNonNull(b.limiter, "limiter");
        this.cap = b.cap;
        this.fleet = b.fleet;
        this.fleetUnavailable = b.fleetUnavailable;
        this.maxKeys = b.maxKeys;
        this.dryRun = b.dryRun;
        this.carried = b.carried;
        this.members = b.members;
        if (suppressedByKey < 0 || suppressedByCap < 0 || suppressedByFleet < 0 || suppressed() == 0) {
            throw new IllegalArgumentException("a summary needs suppressed events, was " + suppressedByKey + " + "
                    + suppressedByCap + " + " + suppressedByFleet);
        }
        if (suppressedByFleet > 0 && fleet == null) {
            throw new IllegalArgumentException("a summary of events the fleet limit suppressed needs its description");
        }
        if (scope == Scope.FINGERPRINT && fingerprint == null) {
            throw new IllegalArgumentException("a fingerprint summary needs its fingerprint");
        }
        if (carried < 0 || carried > suppressed()) {
            throw new IllegalArgumentException("carried must be between 0 and the suppressed count " + suppressed()
                    + ", was " + carried);
        }
        if ((scope == Scope.MORE) != !members.isEmpty()) {
            throw new IllegalArgumentException("a summary has members exactly when its scope is MORE, was " + scope
                    + " with " + members.size());
        }
        if (firstAt > lastAt || periodMillis < 0) {
            throw new IllegalArgumentException("first must be <= last and the period >= 0, was " + firstAt + ", "
                    + lastAt + ", " + periodMillis);
        }
    }

    /** {@return a builder} */
    public static Builder builder() {
        return new Builder();
    }

    /** {@return what the summary is about} */
    public Scope scope() {
        return scope;
    }

    /**
     * {@return the fingerprint's template as given to the builder, not escaped ({@link #message()} and
     * {@link #fields()} escape it), or null for a shared gate}
     */
    public String fingerprint() {
        return fingerprint;
    }

    /** {@return the logger of the suppressed messages, or null for a shared gate} */
    public String loggerName() {
        return loggerName;
    }

    /** {@return the framework's level of the suppressed messages, or null for a shared gate} */
    public Object level() {
        return level;
    }

    /** {@return all suppressed events} */
    public long suppressed() {
        return suppressedByKey + suppressedByCap + suppressedByFleet;
    }

    /** {@return the events the fingerprint's own limiter suppressed} */
    public long suppressedByKey() {
        return suppressedByKey;
    }

    /** {@return the events the global cap suppressed} */
    public long suppressedByCap() {
        return suppressedByCap;
    }

    /** {@return the events the fleet limit suppressed} */
    public long suppressedByFleet() {
        return suppressedByFleet;
    }

    /** {@return whether the fleet limit was unavailable during the period, so that local limits alone decided} */
    public boolean fleetUnavailable() {
        return fleetUnavailable;
    }

    /** {@return the time of the first suppressed event, epoch milliseconds} */
    public long firstAt() {
        return firstAt;
    }

    /** {@return the time of the last suppressed event, epoch milliseconds} */
    public long lastAt() {
        return lastAt;
    }

    /** {@return the length of the period this summary covers} */
    public Duration period() {
        return Duration.ofMillis(periodMillis);
    }

    /** {@return whether this is a dry run's "would have suppressed"} */
    public boolean dryRun() {
        return dryRun;
    }

    /**
     * {@return how many of the suppressed events were carried over from earlier summaries that could not be
     * written}
     */
    public long carried() {
        return carried;
    }

    /** {@return the summaries a {@link Scope#MORE} line adds together, largest first; empty for other scopes} */
    public List<SuppressionSummary> members() {
        return members;
    }

    /**
     * {@return the identity of what this summary is about (scope, fingerprint, logger and level): two summaries of
     * the same identity from one filter describe the same fingerprint and may be added together}
     */
    public Object identity() {
        return Arrays.asList(scope, fingerprint, loggerName, level);
    }

    /**
     * {@return {@code later} with this summary's counts carried into it: the counts and {@link #carried()} grow by
     * this summary's count, the times span both, and the period is the sum of both (consecutive periods)}
     *
     * @param later a later summary of the same fingerprint
     * @throws IllegalArgumentException if {@code later} is about something else ({@link #identity()})
     */
    public SuppressionSummary carriedInto(SuppressionSummary later) {
        if (!identity().equals(later.identity())) {
            throw new IllegalArgumentException("cannot carry " + this + " into a summary of something else: " + later);
        }
        Builder b = later.toBuilder();
        b.suppressedByKey = Math.addExact(later.suppressedByKey, suppressedByKey);
        b.suppressedByCap = Math.addExact(later.suppressedByCap, suppressedByCap);
        b.suppressedByFleet = Math.addExact(later.suppressedByFleet, suppressedByFleet);
        b.fleet = later.fleet != null ? later.fleet : fleet;
        b.fleetUnavailable = later.fleetUnavailable || fleetUnavailable;
        b.carried = Math.addExact(later.carried, suppressed());
        b.firstAt = Math.min(firstAt, later.firstAt);
        b.lastAt = Math.max(lastAt, later.lastAt);
        b.periodMillis = later.periodMillis + periodMillis;
        return b.build();
    }

    /** {@return this summary as wholly carried over: the same facts, with {@link #carried()} equal to the count} */
    public SuppressionSummary asCarried() {
        Builder b = toBuilder();
        b.carried = suppressed();
        return b.build();
    }

    /**
     * {@return one {@link Scope#MORE} summary adding {@code rest} together: the counts, the carried counts and the
     * time span of all, the longest period, the limits of the first; logged through {@code loggerName} (null for
     * {@code dev.floodgate.Floodgate}) at {@code levelObject}}
     *
     * @param rest the fingerprint summaries to add together
     * @param loggerName the logger the summary is written to, or null for {@code dev.floodgate.Floodgate}
     * @param levelObject the framework's level of the summary
     * @throws IllegalArgumentException if {@code rest} is empty or holds anything but fingerprint summaries
     */
    public static SuppressionSummary more(List<SuppressionSummary> rest, String loggerName, Object levelObject) {
        for (SuppressionSummary s : rest) {
            if (s.scope != Scope.FINGERPRINT) {
                throw new IllegalArgumentException("only fingerprint summaries can be added together, was " + s);
            }
        }
        return added(rest, Scope.MORE, loggerName, levelObject);
    }

    /**
     * {@return one {@link Scope#FORGOTTEN} summary adding {@code rest} together (fingerprint and forgotten summaries):
     * the counts, the carried counts and the time span of all, the longest period, the limits of the first}
     *
     * @param rest the summaries to add together
     * @throws IllegalArgumentException if {@code rest} is empty or holds another scope
     */
    public static SuppressionSummary forgotten(List<SuppressionSummary> rest) {
        for (SuppressionSummary s : rest) {
            if (s.scope != Scope.FINGERPRINT && s.scope != Scope.FORGOTTEN) {
                throw new IllegalArgumentException("only fingerprint and forgotten summaries can be added together"
                        + " as forgotten, was " + s);
            }
        }
        return added(rest, Scope.FORGOTTEN, null, null);
    }

    private static SuppressionSummary added(List<SuppressionSummary> rest, Scope scope, String loggerName,
            Object levelObject) {
        if (rest.isEmpty()) {
            throw new IllegalArgumentException("a " + scope + " summary needs members");
        }
        Builder b = rest.get(0).toBuilder();
        b.scope = scope;
        b.fingerprint = null;
        b.loggerName = loggerName;
        b.level = levelObject;
        b.suppressedByKey = 0;
        b.suppressedByCap = 0;
        b.suppressedByFleet = 0;
        b.fleetUnavailable = false;
        b.carried = 0;
        b.firstAt = Long.MAX_VALUE;
        b.lastAt = Long.MIN_VALUE;
        b.periodMillis = 0;
        for (SuppressionSummary s : rest) {
            b.suppressedByKey = Math.addExact(b.suppressedByKey, s.suppressedByKey);
            b.suppressedByCap = Math.addExact(b.suppressedByCap, s.suppressedByCap);
            b.suppressedByFleet = Math.addExact(b.suppressedByFleet, s.suppressedByFleet);
            b.fleet = b.fleet != null ? b.fleet : s.fleet;
            b.fleetUnavailable = b.fleetUnavailable || s.fleetUnavailable;
            b.carried = Math.addExact(b.carried, s.carried);
            b.firstAt = Math.min(b.firstAt, s.firstAt);
            b.lastAt = Math.max(b.lastAt, s.lastAt);
            b.periodMillis = Math.max(b.periodMillis, s.periodMillis);
        }
        b.members = scope == Scope.MORE ? Collections.unmodifiableList(new ArrayList<>(rest))
                : Collections.<SuppressionSummary>emptyList();
        return b.build();
    }

    private Builder toBuilder() {
        Builder b = new Builder();
        b.scope = scope;
        b.fingerprint = fingerprint;
        b.loggerName = loggerName;
        b.level = level;
        b.suppressedByKey = suppressedByKey;
        b.suppressedByCap = suppressedByCap;
        b.firstAt = firstAt;
        b.lastAt = lastAt;
        b.periodMillis = periodMillis;
        b.limiter = limiter;
        b.cap = cap;
        b.suppressedByFleet = suppressedByFleet;
        b.fleet = fleet;
        b.fleetUnavailable = fleetUnavailable;
        b.maxKeys = maxKeys;
        b.dryRun = dryRun;
        b.carried = carried;
        b.members = members;
        return b;
    }

    /**
     * {@return the one-line message, e.g. {@code Suppressed 12,345 messages like "..." in the last 30s (first
     * 10:00:01.120, last 10:00:30.998; attrition 8/5s, window 5×5s, spillover 16)}: the count, the fingerprint, the
     * period, the first and last suppressed event, and the limits in force (with the share of each when a global
     * cap suppressed some)}
     */
    public String message() {
        StringBuilder sb = new StringBuilder(96);
        long n = suppressed();
        if (scope == Scope.MORE) {
            sb.append(String.format(Locale.ROOT, "… and %,d more %s: %,d %s %s", members.size(),
                    members.size() == 1 ? "template" : "templates", n, n == 1 ? "message" : "messages",
                    dryRun ? "would have been suppressed" : "suppressed"));
        } else {
            sb.append(dryRun ? "Would have suppressed " : "Suppressed ");
            sb.append(String.format(Locale.ROOT, "%,d", n));
        }
        switch (scope) {
            case MORE:
                break;
            case FINGERPRINT:
                sb.append(n == 1 ? " message like \"" : " messages like \"");
                appendShown(sb, fingerprint);
                sb.append('"');
                break;
            case OVERFLOW:
                sb.append(n == 1 ? " other message" : " other messages");
                break;
            default:
                sb.append(n == 1 ? " message" : " messages").append(" of fingerprints forgotten while idle");
        }
        sb.append(" in the last ").append(Durations.format(periodMillis)).append(" (");
        if (dryRun) {
            sb.append("dry run; ");
        }
        if (scope == Scope.OVERFLOW) {
            sb.append(String.format(Locale.ROOT, "more than %,d fingerprints at once; ", maxKeys));
        }
        if (scope == Scope.MORE) {
            sb.append("too many templates for one line each; ");
        }
        if (carried > 0) {
            sb.append(carried == n ? "all" : String.format(Locale.ROOT, "%,d", carried))
                    .append(" carried over from summaries that could not be written; ");
        }
        sb.append("first ").append(time(firstAt)).append(", last ").append(time(lastAt)).append("; ");
        String limiterText = TextEscaper.escape(limiter);
        String capText = cap == null ? null : TextEscaper.escape(cap);
        String fleetText = fleet == null ? null : TextEscaper.escape(fleet);
        if (suppressedByCap > 0 || suppressedByFleet > 0) {
            sb.append(String.format(Locale.ROOT, "%,d by %s", suppressedByKey, limiterText));
            if (suppressedByCap > 0 || cap != null) {
                sb.append(String.format(Locale.ROOT, ", %,d by the global cap %s", suppressedByCap, capText));
            }
            if (suppressedByFleet > 0 || fleet != null) {
                sb.append(String.format(Locale.ROOT, ", %,d by the fleet limit %s", suppressedByFleet, fleetText));
            }
        } else {
            sb.append(limiterText);
            if (cap != null) {
                sb.append("; global cap ").append(capText);
            }
            if (fleet != null) {
                sb.append("; fleet limit ").append(fleetText);
            }
        }
        if (fleetUnavailable) {
            sb.append("; the fleet limit was unavailable, local limits alone decided");
        }
        return sb.append(')').toString();
    }

    /**
     * {@return the structured fields, in a stable order, their texts escaped as in the line; see the {@code FIELD_}
     * constants}
     */
    public Map<String, Object> fields() {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put(FIELD_SUPPRESSED, suppressed());
        if (suppressedByCap > 0) {
            fields.put(FIELD_SUPPRESSED_BY_CAP, suppressedByCap);
        }
        if (suppressedByFleet > 0) {
            fields.put(FIELD_SUPPRESSED_BY_FLEET, suppressedByFleet);
        }
        fields.put(FIELD_FINGERPRINT, scope == Scope.FINGERPRINT ? TextEscaper.escape(fingerprint)
                : scope == Scope.OVERFLOW ? "<other>" : scope == Scope.MORE ? "<more>" : "<forgotten>");
        if (scope == Scope.MORE) {
            fields.put(FIELD_TEMPLATES, (long) members.size());
        }
        if (carried > 0) {
            fields.put(FIELD_CARRIED, carried);
        }
        fields.put(FIELD_INTERVAL, Duration.ofMillis(periodMillis).toString());
        fields.put(FIELD_FIRST, Instant.ofEpochMilli(firstAt).toString());
        fields.put(FIELD_LAST, Instant.ofEpochMilli(lastAt).toString());
        fields.put(FIELD_LIMITER, TextEscaper.escape(limiter + (cap == null ? "" : "; cap " + cap)
                + (fleet == null ? "" : "; fleet " + fleet)));
        if (fleetUnavailable) {
            fields.put(FIELD_FLEET_UNAVAILABLE, true);
        }
        fields.put(FIELD_DRY_RUN, dryRun);
        return Collections.unmodifiableMap(fields);
    }

    /**
     * Appends the first {@link #MAX_SHOWN_CHARS} characters of {@code text} (one fewer rather than split a surrogate
     * pair), escaped, and an ellipsis if that cut it.
     */
    private static void appendShown(StringBuilder sb, String text) {
        int end = Math.min(text.length(), MAX_SHOWN_CHARS);
        if (end < text.length() && Character.isHighSurrogate(text.charAt(end - 1))
                && Character.isLowSurrogate(text.charAt(end))) {
            end--;
        }
        TextEscaper.append(sb, text, 0, end);
        if (end < text.length()) {
            sb.append('…');
        }
    }

    private static String time(long epochMillis) {
        return TIME.format(Instant.ofEpochMilli(epochMillis).atZone(ZoneId.systemDefault()));
    }

    @Override
    public String toString() {
        return message();
    }

    /**
     * Builds a {@link SuppressionSummary}.
     *
     * <p>Not thread-safe.
     */
    public static final class Builder {
        private Scope scope = Scope.FINGERPRINT;
        private String fingerprint;
        private String loggerName;
        private Object level;
        private long suppressedByKey;
        private long suppressedByCap;
        private long suppressedByFleet;
        private long firstAt;
        private long lastAt;
        private long periodMillis;
        private String limiter;
        private String cap;
        private String fleet;
        private boolean fleetUnavailable;
        private int maxKeys;
        private boolean dryRun;
        private long carried;
        private List<SuppressionSummary> members = Collections.emptyList();

        private Builder() {
        }

        /**
         * Sets what the summary is about.
         *
         * @param value what the summary is about
         * @return this builder
         */
        public Builder scope(Scope value) {
            this.scope = value;
            return this;
        }

        /**
         * Sets the fingerprint's template as shown, with its logger and level.
         *
         * @param text the template as shown
         * @param logger the logger name, or null when it is not part of the fingerprint
         * @param levelObject the framework's level, or null when it is not part of the fingerprint
         * @return this builder
         */
        public Builder fingerprint(String text, String logger, Object levelObject) {
            this.fingerprint = text;
            this.loggerName = logger;
            this.level = levelObject;
            return this;
        }

        /**
         * Sets the suppressed counts, by the fingerprint's limiter and by the global cap.
         *
         * @param byKey the events the fingerprint's limiter suppressed
         * @param byCap the events the global cap suppressed
         * @return this builder
         */
        public Builder suppressed(long byKey, long byCap) {
            this.suppressedByKey = byKey;
            this.suppressedByCap = byCap;
            return this;
        }

        /**
         * Sets what the fleet limit suppressed, its description (null without a fleet limit) and whether it was
         * unavailable during the period.
         *
         * @param byFleet the events the fleet limit suppressed
         * @param description the fleet limit's description, or null without a fleet limit
         * @param unavailable whether the store was unavailable during the period
         * @return this builder
         */
        public Builder fleet(long byFleet, String description, boolean unavailable) {
            this.suppressedByFleet = byFleet;
            this.fleet = description;
            this.fleetUnavailable = unavailable;
            return this;
        }

        /**
         * Sets the times of the first and last suppressed event, epoch milliseconds.
         *
         * @param first the time of the first suppressed event, epoch milliseconds
         * @param last the time of the last suppressed event, epoch milliseconds, not before {@code first}
         * @return this builder
         */
        public Builder between(long first, long last) {
            this.firstAt = first;
            this.lastAt = last;
            return this;
        }

        /**
         * Sets the length of the period, in milliseconds.
         *
         * @param value the length of the period, in milliseconds
         * @return this builder
         */
        public Builder periodMillis(long value) {
            this.periodMillis = value;
            return this;
        }

        /**
         * Sets the limiter and cap descriptions (cap may be null) and the key bound.
         *
         * @param limiterDescription the limiter's description, e.g. {@code attrition 8/5s}
         * @param capDescription the cap's description, or null without a cap
         * @param keyBound the most fingerprints tracked at once, {@code maxKeys}
         * @return this builder
         */
        public Builder limits(String limiterDescription, String capDescription, int keyBound) {
            this.limiter = limiterDescription;
            this.cap = capDescription;
            this.maxKeys = keyBound;
            return this;
        }

        /**
         * Sets whether this is a dry run.
         *
         * @param value whether this is a dry run
         * @return this builder
         */
        public Builder dryRun(boolean value) {
            this.dryRun = value;
            return this;
        }

        /**
         * Sets how many of the suppressed events were carried over from summaries that could not be written.
         *
         * @param value how many of the suppressed events were carried over from summaries that could not be written
         * @return this builder
         */
        public Builder carried(long value) {
            this.carried = value;
            return this;
        }

        /**
         * {@return the summary}
         *
         * @throws IllegalArgumentException if nothing was suppressed, the times are reversed, a fingerprint
         *     summary lacks its fingerprint, the carried count is negative or above the count, or the scope is
         *     {@link Scope#MORE} (made only by {@link SuppressionSummary#more})
         * @throws NullPointerException if the limiter description is missing
         */
        public SuppressionSummary build() {
            return new SuppressionSummary(this);
        }
    }
}
