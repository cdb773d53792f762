package dev.floodgate.spring;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/** The smallest Spring Boot application: no code of its own, Floodgate from properties only. */
@SpringBootApplication
public class TestApplication {
}
