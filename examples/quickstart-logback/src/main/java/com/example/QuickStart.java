package com.example;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

public class QuickStart {
    private static final Logger log = LoggerFactory.getLogger(QuickStart.class);

    public static void main(String[] args) {
        for (int i = 0; i < 10_000; i++) {
            log.error("Connection to {} failed", "db-" + i % 4);
        }
        log.info("Other messages pass as before");
    }
}
