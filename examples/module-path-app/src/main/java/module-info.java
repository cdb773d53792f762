/**
 * An application on the module path that floods one message template through Floodgate, configured from
 * {@code logback.xml} or {@code log4j2.xml} (see {@link dev.floodgate.examples.modulepath.ModulePathApp}).
 */
module dev.floodgate.examples.modulepath {
    requires dev.floodgate.logback;
    requires dev.floodgate.log4j2;
    requires java.management;
}
