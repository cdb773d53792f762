/**
 * An application on the module path that floods one message template through Floodgate, configured from
 * {@code logback.xml} or {@code log4j2.xml} (see {@link dev.floodgate.examples.modulepath.ModulePathApp}).
 *
 * <p>It does not require {@code dev.floodgate.micrometer}: that module is automatic, and javac knows an automatic
 * module by its name only when it reads the jar (a reactor build that stops before {@code package} hands it a class
 * directory). The {@code micrometer} run adds it with {@code --add-modules} and reaches it reflectively.
 */
module dev.floodgate.examples.modulepath {
    requires dev.floodgate.logback;
    requires dev.floodgate.log4j2;
    requires java.management;
}
