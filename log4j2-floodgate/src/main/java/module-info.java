/**
 * Floodgate for Log4j2: the {@code <Floodgate>} filter plugin ({@link dev.floodgate.log4j2.FloodgateFilter}),
 * configured from {@code log4j2.xml} and the other configuration formats.
 *
 * <p>Log4j finds the plugin through {@code META-INF/org/apache/logging/log4j/core/config/plugins/Log4j2Plugins.dat}
 * and sets the builder's {@code @PluginBuilderAttribute} fields reflectively, so the package is opened to Log4j
 * Core.
 */
@SuppressWarnings("module") // the name ends in a digit, as Log4j's own modules' names do
module dev.floodgate.log4j2 {
    requires transitive dev.floodgate.core;
    requires transitive org.apache.logging.log4j;
    requires transitive org.apache.logging.log4j.core;

    exports dev.floodgate.log4j2;
    opens dev.floodgate.log4j2 to org.apache.logging.log4j.core;
}
