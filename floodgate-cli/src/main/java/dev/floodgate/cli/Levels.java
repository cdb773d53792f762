package dev.floodgate.cli;

import java.util.Locale;

/**
 * Level names as they appear in text logs (Logback, Log4j2, java.util.logging, syslog, Android's one-letter
 * levels), ranked on the scale the
 * filter options use: TRACE &lt; DEBUG &lt; INFO &lt; WARN &lt; ERROR.
 *
 * <p>Stateless.
 */
final class Levels {

    /** Rank of a level name this class does not know. */
    static final int UNKNOWN = -1;
    static final int TRACE = 0;
    static final int DEBUG = 1;
    static final int INFO = 2;
    static final int WARN = 3;
    static final int ERROR = 4;

    /** The level names the filter options accept. */
    static final String[] OPTION_NAMES = {"TRACE", "DEBUG", "INFO", "WARN", "ERROR"};

    /** Syslog severities 0 to 7, by number. */
    private static final String[] SYSLOG = {"EMERG", "ALERT", "CRIT", "ERR", "WARNING", "NOTICE", "INFO", "DEBUG"};

    private Levels() {
    }

    /** Returns the rank of a level as written in a log, or {@link #UNKNOWN}. */
    static int rank(String name) {
        if (name == null) {
            return UNKNOWN;
        }
        switch (name.toUpperCase(Locale.ROOT)) {
            case "TRACE":
            case "V":
            case "FINEST":
            case "FINER":
                return TRACE;
            case "DEBUG":
            case "D":
            case "FINE":
            case "CONFIG":
                return DEBUG;
            case "INFO":
            case "I":
            case "NOTICE":
                return INFO;
            case "WARN":
            case "W":
            case "WARNING":
                return WARN;
            case "ERROR":
            case "E":
            case "F":
            case "A":
            case "ERR":
            case "SEVERE":
            case "FATAL":
            case "CRIT":
            case "CRITICAL":
            case "ALERT":
            case "EMERG":
            case "EMERGENCY":
                return ERROR;
            default:
                return UNKNOWN;
        }
    }

    /** Returns the rank of a level accepted by the filter options ({@link #OPTION_NAMES}), or {@link #UNKNOWN}. */
    static int optionRank(String name) {
        for (int i = 0; i < OPTION_NAMES.length; i++) {
            if (OPTION_NAMES[i].equalsIgnoreCase(name)) {
                return i;
            }
        }
        return UNKNOWN;
    }

    /** Returns the level of an HTTP status in an access log: 5xx ERROR, 4xx WARN, else INFO; null if none. */
    static String ofHttpStatus(String status) {
        if (status == null || status.isEmpty()) {
            return null;
        }
        switch (status.charAt(0)) {
            case '5':
                return "ERROR";
            case '4':
                return "WARN";
            default:
                return "INFO";
        }
    }

    /** Returns the syslog severity name of a {@code <PRI>} value, or null if it is not one. */
    static String ofSyslogPriority(String pri) {
        if (pri == null || pri.isEmpty() || pri.length() > 3) {
            return null;
        }
        int p = 0;
        for (int i = 0; i < pri.length(); i++) {
            char c = pri.charAt(i);
            if (c < '0' || c > '9') {
                return null;
            }
            p = p * 10 + (c - '0');
        }
        return p > 191 ? null : SYSLOG[p % 8];
    }
}
