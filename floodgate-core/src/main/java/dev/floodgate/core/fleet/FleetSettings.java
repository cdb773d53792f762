package dev.floodgate.core.fleet;

import dev.floodgate.core.CellRateSettings;
import dev.floodgate.core.base.Digests;
import dev.floodgate.core.base.Durations;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * The immutable settings of a fleet limit: where the budget is kept ({@code fleet}, a Redis URI), its GCRA
 * ({@code fleetCount} per {@code fleetPeriod} with bursts of {@code fleetBurst + 1}, as the cell limiter), and the
 * key prefix that separates applications.
 *
 * <p>Leases: a process takes at most {@link #maxLease()} events of a fingerprint's budget with one request, so at
 * most {@link #maxHeld()} taken but unused events per process and fingerprint exist at any time; that is the
 * overshoot bound per process (see {@code src/docs/fleet.md}).
 */
public final class FleetSettings {

    /** The URI schemes accepted in {@code fleet}. */
    private static final String[] SCHEMES = {"redis://", "rediss://", "redis-sentinel://", "rediss-sentinel://",
        "redis-socket://"};

    private final String uri;
    private final CellRateSettings cell;
    private final String prefix;

    private FleetSettings(String uri, CellRateSettings cell, String prefix) {
        this.uri = uri;
        this.cell = cell;
        this.prefix = prefix;
    }

    /**
     * Creates fleet settings.
     *
     * @param uri a Redis URI, or comma-separated {@code redis://}/{@code rediss://} URIs of a cluster's nodes; a comma
     *     that no scheme follows belongs to the URI before it (a Sentinel's hosts, a password)
     * @param cell the GCRA of the budget
     * @param prefix the key prefix; empty for {@link #defaultPrefix()}
     * @return the validated settings
     * @throws IllegalArgumentException naming {@code fleet} or {@code fleetPrefix} and the value (its passwords
     *     hidden, as {@link #redact} hides them) if the URI is not a Redis URI or the prefix has blanks
     * @throws NullPointerException if an argument is null
     */
    public static FleetSettings of(String uri, CellRateSettings cell, String prefix) {
        Objects.requireNonNull(uri, "uri");
        Objects.requireNonNull(cell, "cell");
        Objects.requireNonNull(prefix, "prefix");
        List<String> parts = RedisUriText.split(uri);
        for (String p : parts) {
            if (!hasScheme(p) || p.length() == schemeLength(p)) {
                throw new IllegalArgumentException("fleet: \"" + redact(uri) + "\" is not a Redis URI; write e.g. "
                        + "\"redis://redis.internal:6379\", \"rediss://user:password@host:6380\" or "
                        + "\"redis-sentinel://sentinel:26379#mymaster\"");
            }
            boolean standalone = p.startsWith("redis://") || p.startsWith("rediss://");
            if (parts.size() > 1 && !standalone) {
                throw new IllegalArgumentException("fleet: \"" + redact(uri) + "\" lists several URIs, which means the "
                        + "nodes of a Redis Cluster: each must be redis:// or rediss://");
            }
            if (standalone && listsHosts(p)) {
                throw new IllegalArgumentException("fleet: \"" + redact(uri) + "\" lists several hosts in one URI; "
                        + "write each node of a Redis Cluster as a URI of its own: \"redis://h1:6379,redis://h2:6379\"");
            }
        }
        for (int i = 0; i < prefix.length(); i++) {
            if (Character.isWhitespace(prefix.charAt(i))) {
                throw new IllegalArgumentException("fleetPrefix: \"" + prefix
                        + "\" has a blank; use e.g. \"floodgate:shop:\"");
            }
        }
        return new FleetSettings(uri.trim(), cell, prefix.isEmpty() ? defaultPrefix() : prefix);
    }

    /**
     * {@return {@code floodgate:<application>:}, where the application is the JVM's main class, or the file name of
     * its jar without {@code .jar} ({@code sun.java.command}), or {@code app} when the JVM does not say: replicas of
     * one service share a budget, two services do not}
     */
    public static String defaultPrefix() {
        String command = System.getProperty("sun.java.command", "").trim();
        String first = command.isEmpty() ? "app" : command.split("\\s+", 2)[0];
        if (first.toLowerCase(Locale.ROOT).endsWith(".jar")) {
            first = first.substring(Math.max(first.lastIndexOf('/'), first.lastIndexOf('\\')) + 1);
            first = first.substring(0, first.length() - 4);
        }
        return "floodgate:" + first + ":";
    }

    private static boolean hasScheme(String uri) {
        return schemeLength(uri) > 0;
    }

    private static int schemeLength(String uri) {
        for (String s : SCHEMES) {
            if (uri.startsWith(s)) {
                return s.length();
            }
        }
        return 0;
    }

    /** Returns whether the hosts of a redis:// or rediss:// URI (after its user info) hold a comma. */
    private static boolean listsHosts(String uri) {
        String rest = uri.substring(schemeLength(uri));
        String address = rest.substring(rest.lastIndexOf('@') + 1);
        for (int i = 0; i < address.length(); i++) {
            char c = address.charAt(i);
            if (c == '/' || c == '?' || c == '#') {
                return false;
            }
            if (c == ',') {
                return true;
            }
        }
        return false;
    }

    /**
     * {@return a {@code fleet} value as every message, status, MBean attribute and endpoint shows it: each password
     * replaced by {@code ***}}
     *
     * <p>The user info of each URI, everything between {@code ://} and the URI's last {@code @}, is shown as its user
     * name and {@code :***} (or as {@code ***} without a user name), so that a password with {@code @}, {@code /},
     * {@code #}, {@code ?}, {@code :} or {@code ,}, percent-encoded or not, is hidden whole. Query parameters show
     * their values only for those Lettuce reads ({@code timeout}, {@code database}, {@code clientName}, ...):
     * {@code ?password=...} shows {@code ?password=***}. A URI whose rest cannot be read as hosts, ports, database,
     * query and fragment is shown as its scheme and {@code ***}, and a text without a scheme as {@code ***}. Never
     * throws.
     *
     * @param uri the value as configured; null gives {@code "null"}
     */
    public static String redact(String uri) {
        return RedisUriText.redact(uri);
    }

    /** {@return the URI as configured} */
    public String uri() {
        return uri;
    }

    /** {@return the URI with its passwords hidden, as {@link #redact} hides them} */
    public String redactedUri() {
        return redact(uri);
    }

    /**
     * {@return the URIs to connect to, each trimmed: one, or a Redis Cluster's nodes; a comma that no scheme follows
     * belongs to the URI before it}
     */
    public List<String> uris() {
        return RedisUriText.split(uri);
    }

    /**
     * {@return {@code text} with every part of this URI that {@link #redact} hides replaced by {@code ***}: each URI as
     * written, and each password as written and percent-decoded; for a client's messages, which may quote the URI}
     *
     * @param text a message; null gives null
     */
    public String hideSecrets(String text) {
        return RedisUriText.hide(text, uri);
    }

    /** {@return the GCRA of each fingerprint's budget} */
    public CellRateSettings cell() {
        return cell;
    }

    /** {@return the key prefix} */
    public String prefix() {
        return prefix;
    }

    /** {@return the most events one request takes, {@code max(1, limit / 4)} with the limit {@code fleetBurst + 1}} */
    public long maxLease() {
        return Math.max(1, cell.limit() / 4);
    }

    /**
     * {@return the most events of one fingerprint's budget that one process holds taken but unused at any time:
     * a refill of {@code s} is asked when at most {@code s / 2} are left, so {@code maxLease + maxLease / 2}}
     */
    public long maxHeld() {
        return maxLease() + maxLease() / 2;
    }

    /**
     * {@return the store's key of a fingerprint: the prefix and the fingerprint's {@link #nameOf name}, the same in
     * every JVM}
     *
     * @param fingerprintName the fingerprint's name, {@link #nameOf}
     */
    public String keyFor(String fingerprintName) {
        return prefix + fingerprintName;
    }

    /**
     * {@return the name of a fingerprint in the shared store: 32 hex digits, the first 128 bits of the SHA-256 digest
     * of its whole text in UTF-8, the same in every JVM} A collision-resistant digest, so that text an attacker sends
     * cannot be made to share the fleet budget of another fingerprint.
     *
     * @param fingerprint the fingerprint's whole text, as summaries would show it uncut
     */
    public static String nameOf(String fingerprint) {
        return Digests.sha256Hex128(fingerprint);
    }

    /** {@return how summaries name the fleet limit, e.g. {@code 10/1m, burst 9}} */
    public String describe() {
        return cell.count() + "/" + Durations.format(cell.periodMillis()) + ", burst " + cell.burst();
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof FleetSettings)) {
            return false;
        }
        FleetSettings that = (FleetSettings) o;
        return uri.equals(that.uri) && cell.equals(that.cell) && prefix.equals(that.prefix);
    }

    @Override
    public int hashCode() {
        return Objects.hash(uri, cell, prefix);
    }

    @Override
    public String toString() {
        return "FleetSettings[" + redactedUri() + ", " + describe() + ", prefix=" + prefix + "]";
    }
}
