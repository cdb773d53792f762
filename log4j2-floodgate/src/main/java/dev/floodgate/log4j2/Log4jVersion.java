package dev.floodgate.log4j2;

import org.apache.logging.log4j.core.LoggerContext;

/**
 * What the Log4j on the class path lets a filter see. Before Log4j 2.20.0 the fluent API ({@code logger.atError()
 * ...log(...)}) asked the configuration's context-wide filter only whether the level was enabled, never with the
 * message, so a context-wide {@code <Floodgate>} can neither limit nor count those calls; a filter on a logger, an
 * appender reference or an appender sees them on every version.
 *
 * <p>Stateless; the version is read once, when the class is initialised.
 */
final class Log4jVersion {

    /** The first Log4j that passes fluent-API calls through the context-wide filter with their message. */
    static final String FLUENT_FILTERED_SINCE = "2.20.0";

    /** The version of log4j-core, or null if its jar does not say. */
    private static final String VERSION = LoggerContext.class.getPackage().getImplementationVersion();

    private Log4jVersion() {
    }

    /**
     * Returns the warning a context-wide filter gives on this Log4j, or null if there is nothing to warn of.
     *
     * @return the warning, naming the version, or null
     */
    static String contextWideWarning() {
        if (!before(VERSION, 2, 20)) {
            return null;
        }
        return "Log4j " + VERSION + " does not pass fluent-API calls (logger.atError()...log(...)) through a "
                + "context-wide filter, so this one neither limits nor counts them; Log4j " + FLUENT_FILTERED_SINCE
                + " and newer do. Upgrade log4j-core and log4j-api, or put <Floodgate> on the loggers or appenders "
                + "instead";
    }

    /** Returns whether {@code version} is a 2.x release older than 2.{@code minor}; false if it cannot be read. */
    static boolean before(String version, int major, int minor) {
        if (version == null) {
            return false;
        }
        String[] parts = version.split("[.-]", 3);
        try {
            int ma = Integer.parseInt(parts[0]);
            int mi = parts.length > 1 ? Integer.parseInt(parts[1]) : 0;
            return ma < major || (ma == major && mi < minor);
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
