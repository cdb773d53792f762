package dev.floodgate.examples.checkout;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/** The checkout service: takes payments for orders through the payment service. */
@SpringBootApplication
public class CheckoutApplication {

    /** Starts the service; it runs until stopped, and Spring Boot then stops Logback, which writes what is pending. */
    public static void main(String[] args) {
        SpringApplication.run(CheckoutApplication.class, args);
    }
}
