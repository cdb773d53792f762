package dev.floodgate.core.fleet;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The text of a {@code fleet} value: the Redis URIs it lists, and how messages show them, with every password hidden.
 *
 * <p>Stateless; no method throws, whatever the text.
 */
final class RedisUriText {

    /*
     * Reading: a fleet value is one URI, or several (a Cluster's nodes) separated by commas. A comma starts a new URI
     *  only where one of Lettuce's schemes follows it ("redis://", after blanks); any other comma belongs to the URI
     *  before it: a Sentinel's host list (redis-sentinel://pw@s1,s2#master) or a password (redis://app:pa,ss@host),
     *  as Lettuce reads a single URI. A password holding ",redis://" itself is read as two URIs, by the connection
     *  too; so that such a password's first part is not shown as hosts, a URI without user info that comes before
     *  one with user info is shown as its scheme and the hidden mark alone.
     * User info: everything between "://" and the URI's last '@', so that a password may hold '@', '/', '#', '?',
     *  ':' or ',' and still be hidden whole. As Lettuce reads it, the text before the first ':' is the user name and
     *  the rest is the password, and without ':' the whole user info is the password. The user name is shown only
     *  if it has nothing but letters, digits and "._~%-"; otherwise the user info is hidden whole.
     * The rest: hosts (names, IPv4, bracketed IPv6) with optional ports, or a socket path; an optional database;
     *  query parameters, shown while Lettuce reads them (timeout, database, clientName, ...) and their values are
     *  plain; from the first other one on (password=...), its name alone is shown and the rest is hidden, since its
     *  value may hold any delimiter; a fragment (the Sentinel master).
     *  Anything else (a port that is not a number, a blank, a control character) means the split above may be
     *  wrong: the URI is shown as its scheme and the hidden mark alone, and a text without a scheme as the mark.
     */

    /** What a hidden part is shown as. */
    static final String HIDDEN = "***";

    /** Lettuce's schemes: a comma followed by one of these starts a new URI. */
    private static final String[] SCHEMES = {"redis://", "rediss://", "redis-sentinel://", "rediss-sentinel://",
        "redis-socket://", "redis+ssl://", "redis+tls://", "redis+socket://"};

    /** Query parameters whose values are shown, lower case: those Lettuce reads, none of them secret. */
    private static final Set<String> SHOWN_PARAMETERS = Set.of("timeout", "database", "db", "sentinelmasterid",
            "clientname", "libraryname", "libraryversion", "verifypeer");

    private RedisUriText() {
    }

    /**
     * Returns the URIs of a fleet value, each trimmed: a comma followed by a scheme starts a new one.
     *
     * @param value the value as configured
     * @return at least one element (empty for an empty value)
     */
    static List<String> split(String value) {
        List<String> out = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < value.length(); i++) {
            if (value.charAt(i) == ',' && startsWithScheme(value, skipBlanks(value, i + 1))) {
                out.add(value.substring(start, i).trim());
                start = i + 1;
            }
        }
        out.add(value.substring(start).trim());
        return out;
    }

    /**
     * Returns a fleet value as messages show it: each URI with its passwords hidden, joined by commas.
     *
     * @param value the value as configured; null gives {@code "null"}
     * @return the value with every password hidden
     */
    static String redact(String value) {
        if (value == null) {
            return "null";
        }
        List<String> uris = split(value);
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < uris.size(); i++) {
            if (i > 0) {
                out.append(',');
            }
            out.append(redactOne(uris.get(i), beforeUserInfo(uris, i)));
        }
        return out.toString();
    }

    /**
     * Returns {@code text} with every part of {@code value} that {@link #redact} hides replaced by {@link #HIDDEN}:
     * each URI as written, each password as written and percent-decoded, each hidden query value.
     *
     * @param text a message that may quote the value, such as a client's exception message; null gives null
     * @param value the fleet value as configured
     * @return the text without the value's secrets
     */
    static String hide(String text, String value) {
        if (text == null || value == null) {
            return text;
        }
        String out = text;
        List<String> uris = split(value);
        for (int i = 0; i < uris.size(); i++) {
            if (!uris.get(i).isEmpty()) {
                out = out.replace(uris.get(i), redactOne(uris.get(i), beforeUserInfo(uris, i)));
            }
        }
        List<String> secrets = new ArrayList<>(secrets(value));
        secrets.sort((a, b) -> b.length() - a.length());
        for (String s : secrets) {
            out = out.replace(s, HIDDEN);
        }
        return out;
    }

    /** Returns the texts that {@link #redact} hides in {@code value}, each as written and percent-decoded. */
    private static Set<String> secrets(String value) {
        Set<String> out = new LinkedHashSet<>();
        List<String> uris = split(value);
        for (int i = 0; i < uris.size(); i++) {
            String uri = uris.get(i);
            int sep = uri.indexOf("://");
            String rest = sep < 0 ? uri : uri.substring(sep + 3);
            if (sep <= 0 || !isScheme(uri, sep) || beforeUserInfo(uris, i)) {
                addSecret(out, uri);
                addSecret(out, rest);
                continue;
            }
            int at = rest.lastIndexOf('@');
            if (at >= 0) {
                String userInfo = rest.substring(0, at);
                int colon = userInfo.indexOf(':');
                addSecret(out, userInfo);
                addSecret(out, colon >= 0 ? userInfo.substring(colon + 1) : userInfo);
            }
            String address = at >= 0 ? rest.substring(at + 1) : rest;
            List<String> hiddenValues = new ArrayList<>();
            if (address(address, hiddenValues) == null) {
                addSecret(out, rest);
                addSecret(out, address);
            }
            for (String v : hiddenValues) {
                addSecret(out, v);
            }
        }
        return out;
    }

    private static void addSecret(Set<String> out, String secret) {
        if (!secret.isEmpty()) {
            out.add(secret);
            String decoded = percentDecoded(secret);
            if (!decoded.isEmpty()) {
                out.add(decoded);
            }
        }
    }

    /**
     * Returns whether URI {@code i} has no user info but a later one has: its comma may have been a password's, so it
     * is hidden whole.
     */
    private static boolean beforeUserInfo(List<String> uris, int i) {
        if (uris.get(i).indexOf('@') >= 0) {
            return false;
        }
        for (int j = i + 1; j < uris.size(); j++) {
            if (uris.get(j).indexOf('@') >= 0) {
                return true;
            }
        }
        return false;
    }

    /** Returns one URI as messages show it: its scheme and the hidden mark alone if {@code whole}. */
    private static String redactOne(String uri, boolean whole) {
        int sep = uri.indexOf("://");
        if (sep <= 0 || !isScheme(uri, sep)) {
            return HIDDEN;
        }
        String scheme = uri.substring(0, sep + 3);
        if (whole) {
            return scheme + HIDDEN;
        }
        String rest = uri.substring(sep + 3);
        int at = rest.lastIndexOf('@');
        StringBuilder out = new StringBuilder(scheme);
        String address = rest;
        if (at >= 0) {
            String userInfo = rest.substring(0, at);
            int colon = userInfo.indexOf(':');
            if (colon == 0 || colon > 0 && isUserName(userInfo, colon)) {
                out.append(userInfo, 0, colon + 1);
            }
            out.append(HIDDEN).append('@');
            address = rest.substring(at + 1);
        }
        String shown = address(address, new ArrayList<>());
        return shown == null ? scheme + HIDDEN : out.append(shown).toString();
    }

    /**
     * Returns what follows the user info as messages show it, or null if it is not a Redis URI's: hosts with ports or
     * a socket path, a database, query parameters and a fragment. The query is shown up to its first parameter that
     * Lettuce does not read or whose value is not plain; that parameter shows its name alone, and the rest of the URI
     * is hidden and added to {@code hiddenValues}, since a value may hold any delimiter.
     */
    private static String address(String a, List<String> hiddenValues) {
        int n = a.length();
        int end = indexOfAny(a, "?#", 0);
        String authorityAndPath = a.substring(0, end);
        if (!authorityAndPath.startsWith("/") && !hosts(authorityAndPath)) {
            return null;
        }
        if (authorityAndPath.startsWith("/") && !allOf(authorityAndPath, "/._~-")) {
            return null;
        }
        StringBuilder out = new StringBuilder(authorityAndPath);
        int i = end;
        if (i < n && a.charAt(i) == '?') {
            int queryEnd = a.indexOf('#', i);
            queryEnd = queryEnd < 0 ? n : queryEnd;
            out.append('?');
            for (int p = i + 1; p <= queryEnd; ) {
                int next = Math.min(indexOfAny(a, "&;", p), queryEnd);
                String parameter = a.substring(p, next);
                int eq = parameter.indexOf('=');
                String name = eq < 0 ? parameter : parameter.substring(0, eq);
                boolean known = SHOWN_PARAMETERS.contains(name.toLowerCase(Locale.ROOT));
                if (!known || eq >= 0 && !allOf(parameter.substring(eq + 1), "._~%:+-")) {
                    boolean named = eq >= 0 && allOf(name, "._-");
                    hiddenValues.add(a.substring(named ? p + eq + 1 : p));
                    return out.append(named ? name + "=" : "").append(HIDDEN).toString();
                }
                out.append(parameter);
                if (next < queryEnd) {
                    out.append(a.charAt(next));
                }
                p = next + 1;
            }
            i = queryEnd;
        }
        if (i < n) {
            String fragment = a.substring(i + 1);
            if (!allOf(fragment, "._~%-")) {
                return null;
            }
            out.append('#').append(fragment);
        }
        return out.toString();
    }

    /** Returns whether {@code s} is empty, or comma-separated hosts, each with an optional numeric port. */
    private static boolean hosts(String s) {
        int slash = s.indexOf('/');
        String list = slash < 0 ? s : s.substring(0, slash);
        if (slash >= 0 && slash + 1 < s.length() && !digits(s.substring(slash + 1))) {
            return false; // the database is a number
        }
        if (list.isEmpty()) {
            return slash < 0;
        }
        for (String host : list.split(",", -1)) {
            String name = host;
            String port = null;
            if (host.startsWith("[")) {
                int close = host.indexOf(']');
                if (close < 0 || !allOf(host.substring(1, close), ":.%")) {
                    return false;
                }
                name = host.substring(1, close);
                port = close + 1 < host.length() ? host.substring(close + 1) : null;
                if (port != null && !port.startsWith(":")) {
                    return false;
                }
                port = port == null ? null : port.substring(1);
            } else {
                int colon = host.indexOf(':');
                if (colon >= 0) {
                    name = host.substring(0, colon);
                    port = host.substring(colon + 1);
                }
                if (!allOf(name, "._~%-")) {
                    return false;
                }
            }
            if (name.isEmpty() || port != null && (port.isEmpty() || !digits(port))) {
                return false;
            }
        }
        return true;
    }

    /** Returns whether the user name {@code userInfo[0, end)} has only letters, digits and {@code ._~%-}. */
    private static boolean isUserName(String userInfo, int end) {
        return allOf(userInfo.substring(0, end), "._~%-");
    }

    /** Returns whether {@code s[0, end)} is a URI scheme: a letter, then letters, digits, '+', '-' or '.'. */
    private static boolean isScheme(String s, int end) {
        if (end <= 0 || !isAsciiLetter(s.charAt(0))) {
            return false;
        }
        for (int i = 1; i < end; i++) {
            char c = s.charAt(i);
            if (!isAsciiLetter(c) && !isAsciiDigit(c) && c != '+' && c != '-' && c != '.') {
                return false;
            }
        }
        return true;
    }

    /** Returns whether one of Lettuce's schemes, with its "://", starts at {@code from}. */
    private static boolean startsWithScheme(String s, int from) {
        for (String scheme : SCHEMES) {
            if (s.startsWith(scheme, from)) {
                return true;
            }
        }
        return false;
    }

    private static int skipBlanks(String s, int from) {
        int i = from;
        while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
            i++;
        }
        return i;
    }

    private static int indexOfAny(String s, String chars, int from) {
        for (int i = from; i < s.length(); i++) {
            if (chars.indexOf(s.charAt(i)) >= 0) {
                return i;
            }
        }
        return s.length();
    }

    /** Returns whether every character of {@code s} is an ASCII letter or digit or one of {@code others}. */
    private static boolean allOf(String s, String others) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!isAsciiLetter(c) && !isAsciiDigit(c) && others.indexOf(c) < 0) {
                return false;
            }
        }
        return true;
    }

    private static boolean digits(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (!isAsciiDigit(s.charAt(i))) {
                return false;
            }
        }
        return !s.isEmpty();
    }

    private static boolean isAsciiLetter(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z';
    }

    private static boolean isAsciiDigit(char c) {
        return c >= '0' && c <= '9';
    }

    /** Returns {@code s} with each {@code %XX} decoded as UTF-8; a '%' without two hex digits stays as it is. */
    private static String percentDecoded(String s) {
        if (s.indexOf('%') < 0) {
            return s;
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int plain = 0;
        for (int i = 0; i < s.length(); i++) {
            int hi = i + 2 < s.length() ? Character.digit(s.charAt(i + 1), 16) : -1;
            int lo = i + 2 < s.length() ? Character.digit(s.charAt(i + 2), 16) : -1;
            if (s.charAt(i) == '%' && hi >= 0 && lo >= 0) {
                byte[] before = s.substring(plain, i).getBytes(StandardCharsets.UTF_8);
                bytes.write(before, 0, before.length);
                bytes.write(hi * 16 + lo);
                i += 2;
                plain = i + 1;
            }
        }
        byte[] after = s.substring(plain).getBytes(StandardCharsets.UTF_8);
        bytes.write(after, 0, after.length);
        return new String(bytes.toByteArray(), StandardCharsets.UTF_8);
    }
}
