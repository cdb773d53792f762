package dev.floodgate.core.fleet;

import dev.floodgate.core.CellRateSettings;
import dev.floodgate.core.internal.DurationText;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
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
     * @param uri a Redis URI, or comma-separated {@code redis://}/{@code rediss://} URIs of a cluster's nodes
     * @param cell the GCRA of the budget
     * @param prefix the key prefix; empty for {@link #defaultPrefix()}
     * @return the validated settings
     * @throws IllegalArgumentException naming {@code fleet} or {@code fleetPrefix} and the value (its password
     *     hidden) if the URI is not a Redis URI or the prefix has blanks
     * @throws NullPointerException if an argument is null
     */
    public static FleetSettings of(String uri, CellRateSettings cell, String prefix) {
        Objects.requireNonNull(uri, "uri");
        Objects.requireNonNull(cell, "cell");
        Objects.requireNonNull(prefix, "prefix");
        String[] parts = uri.split(",", -1);
        for (String part : parts) {
            String p = part.trim();
            if (!hasScheme(p) || p.length() == schemeLength(p)) {
                throw new IllegalArgumentException("fleet: \"" + redact(uri) + "\" is not a Redis URI; write e.g. "
                        + "\"redis://redis.internal:6379\", \"rediss://user:password@host:6380\" or "
                        + "\"redis-sentinel://sentinel:26379#mymaster\"");
            }
            if (parts.length > 1 && !(p.startsWith("redis://") || p.startsWith("rediss://"))) {
                throw new IllegalArgumentException("fleet: \"" + redact(uri) + "\" lists several URIs, which means the "
                        + "nodes of a Redis Cluster: each must be redis:// or rediss://");
            }
        }
        for (int i = 0; i < prefix.length(); i++) {
            if (Character.isWhitespace(prefix.charAt(i))) {
                throw new IllegalArgumentException("fleetPrefix: \"" + prefix + "\" has a blank; use e.g. \"floodgate:shop:\"");
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

    /**
     * {@return {@code uri} with every password replaced by {@code ***}, for messages}
     *
     * @param uri the URI as configured
     */
    public static String redact(String uri) {
        StringBuilder sb = new StringBuilder();
        boolean first = true;
        for (String part : uri.split(",", -1)) {
            if (!first) {
                sb.append(',');
            }
            first = false;
            int start = part.indexOf("://");
            int at = part.lastIndexOf('@');
            if (start >= 0 && at > start) {
                String user = part.substring(start + 3, at);
                int colon = user.indexOf(':');
                String shown = colon >= 0 ? user.substring(0, colon) + ":***" : "***";
                part = part.substring(0, start + 3) + shown + part.substring(at);
            }
            sb.append(part);
        }
        return sb.toString();
    }

    /** {@return the URI as configured} */
    public String uri() {
        return uri;
    }

    /** {@return the URI with its password hidden} */
    public String redactedUri() {
        return redact(uri);
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
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
        byte[] digest = sha.digest(fingerprint.getBytes(StandardCharsets.UTF_8));
        StringBuilder hex = new StringBuilder(32);
        for (int i = 0; i < 16; i++) {
            hex.append(Character.forDigit(digest[i] >> 4 & 0xf, 16)).append(Character.forDigit(digest[i] & 0xf, 16));
        }
        return hex.toString();
    }

    /** {@return how summaries name the fleet limit, e.g. {@code 10/1m, burst 9}} */
    public String describe() {
        return cell.count() + "/" + DurationText.format(cell.periodMillis()) + ", burst " + cell.burst();
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
