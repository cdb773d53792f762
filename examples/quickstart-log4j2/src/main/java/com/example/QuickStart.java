package com.example;

import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

public class QuickStart {
    private static final Logger log = LogManager.getLogger(QuickStart.class);

    public static void main(String[] args) {
        for (int i = 0; i < 10_000; i++) {
            log.error("Connection to {} failed", "db-" + i % 4);
        }
        log.info("Other messages pass as before");
    }
}
