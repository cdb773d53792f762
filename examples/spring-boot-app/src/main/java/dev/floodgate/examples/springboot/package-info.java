/**
 * A Spring Boot service whose scheduled stock sync floods the log while its warehouse is down, with Floodgate in
 * {@code logback-spring.xml}.
 */
package dev.floodgate.examples.springboot;
