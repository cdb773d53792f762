/** A plain Log4j2 application whose payment gateway fails, with Floodgate in its {@code log4j2.xml}. */
package dev.floodgate.examples.log4j2;
