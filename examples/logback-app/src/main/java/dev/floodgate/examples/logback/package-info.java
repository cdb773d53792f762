/** A plain SLF4J + Logback application whose payment gateway fails, with Floodgate in its {@code logback.xml}. */
package dev.floodgate.examples.logback;
