package dev.floodgate.spring;

import dev.floodgate.core.fleet.FleetSettings;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.ConfigurationProperty;
import org.springframework.core.env.Environment;

/**
 * The Redis URI of the fleet limit for {@code floodgate.fleet=spring.data.redis}: the Redis that Spring Boot's
 * {@code spring.data.redis.*} properties describe, written as the Lettuce URI that {@code floodgate-redis} reads.
 *
 * <p>Follows Spring Boot 4.0's own reading of the properties: Sentinel ({@code sentinel.*}) before Cluster
 * ({@code cluster.*}) before a single server; {@code url} overrides {@code host}, {@code port}, {@code username},
 * {@code password} and {@code database}; SSL when {@code ssl.enabled} is true or {@code url} is {@code rediss://}.
 * What a Lettuce URI cannot say (an SSL bundle, Sentinel's own credentials, a static master/replica list) is a
 * problem naming the property, not a connection that differs silently from the application's.
 *
 * <p>Stateless; reads the properties through Spring Boot's {@link Binder}, so relaxed names
 * ({@code SPRING_DATA_REDIS_HOST}) and YAML lists count as they do for Spring Data Redis.
 */
final class SpringDataRedisUri {

    /** The value of {@code floodgate.fleet} that asks for this URI. */
    static final String VALUE = "spring.data.redis";

    private static final String P = "spring.data.redis.";

    private final Binder binder;
    private final List<FloodgatePropertyException.Problem> problems = new ArrayList<>();

    private SpringDataRedisUri(Binder binder) {
        this.binder = binder;
    }

    /**
     * Returns whether {@code fleet} (a {@code floodgate.fleet} value) asks for the URI of {@code spring.data.redis}.
     */
    static boolean requested(String fleet) {
        return fleet != null && fleet.trim().equalsIgnoreCase(VALUE);
    }

    /**
     * Derives the URI from {@code env}, adding a problem per property that cannot be used.
     *
     * @return the URI, or null if there was a problem
     */
    static String derive(Environment env, List<FloodgatePropertyException.Problem> problems) {
        SpringDataRedisUri d = new SpringDataRedisUri(Binder.get(env));
        String uri = d.derive();
        problems.addAll(d.problems);
        return d.problems.isEmpty() ? uri : null;
    }

    private String derive() {
        String url = text("url");
        URI parsed = null;
        if (url != null) {
            parsed = parseUrl(url);
            if (parsed == null) {
                return null;
            }
        }
        String username;
        String password;
        if (parsed != null) {
            String info = parsed.getUserInfo();
            int colon = info == null ? -1 : info.indexOf(':');
            username = colon < 0 ? null : info.substring(0, colon);
            password = info == null ? null : colon < 0 ? info : info.substring(colon + 1);
        } else {
            username = text("username");
            password = text("password");
        }
        String sslBundle = text("ssl.bundle");
        Boolean sslEnabled = bind("ssl.enabled", Boolean.class);
        boolean ssl = (sslEnabled != null ? sslEnabled : sslBundle != null)
                || parsed != null && "rediss".equals(parsed.getScheme());
        if (ssl && sslBundle != null) {
            problem("ssl.bundle", sslBundle, "an SSL bundle cannot be handed to the fleet limit's Redis client "
                    + "(floodgate-redis reads one URI); write the URI in floodgate.fleet instead "
                    + "(rediss://host:6380, trusting the JVM's trust store), or leave the fleet limit off");
        }
        int database = 0;
        if (parsed != null) {
            database = urlDatabase(url, parsed);
        } else {
            Integer db = bind("database", Integer.class);
            database = db == null ? 0 : db;
        }
        String clientName = text("client-name");
        if (clientName != null && !isClientName(clientName)) {
            problem("client-name", clientName, "Redis accepts client names of printable ASCII without spaces, and "
                    + "a Lettuce URI cannot carry '&'; rename the client or leave the fleet limit off");
        }
        if (username != null && username.indexOf(':') >= 0) {
            problem(parsed != null ? "url" : "username", parsed != null ? FleetSettings.redact(url) : username,
                    "a user name containing ':' cannot be written in a Redis URI's user info");
        }
        String userInfo = password == null || password.isEmpty() ? ""
                : (username == null ? "" : encode(username)) + ":" + encode(password) + "@";
        String query = clientName == null ? "" : "?clientName=" + encode(clientName);

        if (present("sentinel.master", "sentinel.nodes", "sentinel.username", "sentinel.password")) {
            return sentinel(ssl, userInfo, database, query);
        }
        if (present("cluster.nodes", "cluster.max-redirects")) {
            return cluster(ssl, userInfo);
        }
        List<String> masterReplica = list("masterreplica.nodes");
        if (!masterReplica.isEmpty()) {
            problem("masterreplica.nodes", String.join(",", masterReplica), "floodgate-redis connects to one "
                    + "server, a Sentinel or a Cluster, not to a static master/replica list; write the master's URI "
                    + "in floodgate.fleet instead");
            return null;
        }
        String host;
        int port;
        if (parsed != null) {
            host = parsed.getHost();
            port = parsed.getPort();
        } else {
            host = text("host");
            Integer p = bind("port", Integer.class);
            host = host == null ? "localhost" : host;
            port = p == null ? 6379 : p;
        }
        if (host == null || !isHost(host)) {
            problem(parsed != null ? "url" : "host", parsed != null ? FleetSettings.redact(url) : String.valueOf(host),
                    "not a host name or address");
            return null;
        }
        return (ssl ? "rediss://" : "redis://") + userInfo + bracketed(host) + (port > 0 ? ":" + port : "")
                + (database != 0 ? "/" + database : "") + query;
    }

    private String sentinel(boolean ssl, String userInfo, int database, String query) {
        for (String own : new String[] {"sentinel.username", "sentinel.password"}) {
            String v = text(own);
            if (v != null) {
                problem(own, own.endsWith("password") ? "***" : v, "a Lettuce URI cannot carry credentials for the "
                        + "Sentinels apart from the master's; write the URI in floodgate.fleet instead, or leave the "
                        + "fleet limit off");
            }
        }
        String master = text("sentinel.master");
        if (master == null) {
            problem("sentinel.master", "", "Sentinel needs the master's name");
        }
        List<String> nodes = nodes("sentinel.nodes");
        if (nodes.isEmpty()) {
            problem("sentinel.nodes", "", "Sentinel needs at least one host:port");
        }
        if (!problems.isEmpty()) {
            return null;
        }
        return (ssl ? "rediss-sentinel://" : "redis-sentinel://") + userInfo + String.join(",", nodes)
                + (database != 0 ? "/" + database : "") + query + "#" + encode(master);
    }

    private String cluster(boolean ssl, String userInfo) {
        List<String> nodes = nodes("cluster.nodes");
        if (nodes.isEmpty()) {
            problem("cluster.nodes", "", "Cluster needs at least one host:port");
        }
        if (!problems.isEmpty()) {
            return null;
        }
        if (nodes.size() == 1) {
            nodes.add(nodes.get(0)); // floodgate-redis reads several URIs as a Cluster's seeds, and one as a server
        }
        List<String> uris = new ArrayList<>();
        for (String n : nodes) {
            uris.add((ssl ? "rediss://" : "redis://") + userInfo + n);
        }
        return String.join(",", uris);
    }

    /** Returns the nodes of a {@code host:port} list, with IPv6 hosts bracketed; a bad one is a problem. */
    private List<String> nodes(String name) {
        List<String> out = new ArrayList<>();
        for (String node : list(name)) {
            String n = node.trim();
            int colon = n.lastIndexOf(':');
            String host = colon <= 0 ? "" : n.substring(0, colon);
            int port = colon < 0 ? -1 : parsePort(n.substring(colon + 1));
            if (!isHost(host) || port <= 0) {
                problem(name, String.join(",", list(name)), "\"" + n + "\" is not host:port");
            } else {
                out.add(bracketed(host) + ":" + port);
            }
        }
        return out;
    }

    private URI parseUrl(String url) {
        try {
            URI uri = new URI(url);
            String scheme = uri.getScheme();
            if ("redis".equals(scheme) || "rediss".equals(scheme)) {
                return uri;
            }
        } catch (URISyntaxException e) {
            // reported below
        }
        problem("url", FleetSettings.redact(url), "not a redis:// or rediss:// URL");
        return null;
    }

    private int urlDatabase(String url, URI uri) {
        String path = uri.getPath();
        String[] split = path == null || path.isBlank() ? new String[0] : path.split("/", 2);
        if (split.length > 1 && !split[1].isEmpty()) {
            try {
                return Integer.parseInt(split[1]);
            } catch (NumberFormatException e) {
                problem("url", FleetSettings.redact(url), "\"" + split[1] + "\" is not a database number");
            }
        }
        return 0;
    }

    private static int parsePort(String s) {
        try {
            int p = Integer.parseInt(s);
            return p > 0 && p <= 65_535 ? p : -1;
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private String text(String name) {
        String v = bind(name, String.class);
        return v == null || v.isEmpty() ? null : v;
    }

    private List<String> list(String name) {
        List<String> v = bind(name, Bindable.listOf(String.class));
        return v == null ? List.of() : v;
    }

    private boolean present(String... names) {
        for (String n : names) {
            if (text(n) != null || !list(n).isEmpty()) {
                return true;
            }
        }
        return false;
    }

    private <T> T bind(String name, Class<T> type) {
        return bind(name, Bindable.of(type));
    }

    private <T> T bind(String name, Bindable<T> type) {
        try {
            return binder.bind(P + name, type).orElse(null);
        } catch (BindException e) {
            ConfigurationProperty p = e.getProperty();
            String typeName = type.getType().toString().replace("java.lang.", "").replace("java.util.", "");
            problem(name, p == null || name.endsWith("password") ? "" : String.valueOf(p.getValue()),
                    "cannot be read as " + typeName + " (" + rootMessage(e) + ")");
            return null;
        }
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t.getMessage();
    }

    private void problem(String name, String value, String message) {
        problems.add(new FloodgatePropertyException.Problem(P + name, value,
                "floodgate.fleet=" + VALUE + ": " + P + name + ": " + message));
    }

    private static boolean isClientName(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c <= ' ' || c > '~' || c == '&') {
                return false;
            }
        }
        return true;
    }

    private static boolean isHost(String host) {
        if (host.isEmpty()) {
            return false;
        }
        for (int i = 0; i < host.length(); i++) {
            char c = host.charAt(i);
            if (c <= ' ' || c > '~' || "/@?#,%&=".indexOf(c) >= 0) {
                return false;
            }
        }
        return true;
    }

    private static String bracketed(String host) {
        return host.indexOf(':') >= 0 && !host.startsWith("[") ? "[" + host + "]" : host;
    }

    /** Percent-encodes every byte of {@code s} (UTF-8) but the URI's unreserved characters. */
    static String encode(String s) {
        StringBuilder out = new StringBuilder();
        for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
            char c = (char) (b & 0xff);
            if (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || "-._~".indexOf(c) >= 0) {
                out.append(c);
            } else {
                out.append('%').append(String.format(Locale.ROOT, "%02X", b & 0xff));
            }
        }
        return out.toString();
    }
}
