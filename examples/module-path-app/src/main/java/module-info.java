/**
 * An application on the module path that floods one message template through Floodgate, configured from
 * {@code logback.xml} or {@code log4j2.xml} (see {@link dev.floodgate.examples.modulepath.ModulePathApp}), and
 * measures it with {@code floodgate-micrometer}.
 */
@SuppressWarnings("requires-automatic") // floodgate-micrometer and micrometer-core are automatic modules
module dev.floodgate.examples.modulepath {
    requires dev.floodgate.logback;
    requires dev.floodgate.log4j2;
    requires dev.floodgate.micrometer;
    requires micrometer.core;
    requires java.management;
}
