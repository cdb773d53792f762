package dev.floodgate.spring;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@link ExitTest} in a Spring Boot application on Log4j2 (the {@code log4j2} surefire execution). */
class Log4j2ExitTest {

    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void mainReturnsAfterAFlood_everyCallIsPrintedOrSummarizedOnce(@TempDir Path dir)
            throws IOException, InterruptedException {
        ExitTest.check("log4j2", dir);
    }
}
