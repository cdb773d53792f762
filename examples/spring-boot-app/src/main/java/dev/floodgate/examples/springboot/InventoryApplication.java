package dev.floodgate.examples.springboot;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.scheduling.annotation.EnableScheduling;

/** The inventory service: syncs stock from the warehouse on a schedule. */
@SpringBootApplication
@EnableScheduling
public class InventoryApplication {

    /** Starts the service; it runs until stopped (Ctrl-C), and Spring Boot then stops Logback cleanly. */
    public static void main(String[] args) {
        SpringApplication.run(InventoryApplication.class, args);
    }
}
