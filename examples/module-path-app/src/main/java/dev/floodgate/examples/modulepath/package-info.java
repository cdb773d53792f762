/**
 * An application on the module path: {@link dev.floodgate.examples.modulepath.ModulePathApp} floods Logback or
 * Log4j2, each configured from its usual XML file, and {@code ModulePathTest} runs it in a JVM of its own.
 */
package dev.floodgate.examples.modulepath;
