/**
 * Floodgate for Logback: {@link dev.floodgate.logback.FloodgateTurboFilter} (every logger) and
 * {@link dev.floodgate.logback.FloodgateFilter} (one appender), configured from {@code logback.xml}.
 *
 * <p>Joran makes the filters reflectively through their public constructors and setters, so the one package is
 * exported and nothing needs to be opened.
 */
module dev.floodgate.logback {
    requires transitive dev.floodgate.core;
    requires transitive ch.qos.logback.classic;
    requires transitive ch.qos.logback.core;
    requires transitive org.slf4j;

    exports dev.floodgate.logback;
}
