package dev.floodgate.spring;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Spring Boot's re-initialisation under a flood loses no count: {@link RestartFlood} restarts an application
 * {@value RestartFlood#RESTARTS} times while two threads flood, and every call the filters dropped, across all of them,
 * is counted in exactly one summary line or in an ERROR status of what could not be written. (Calls that met no
 * Floodgate filter while Spring Boot rebuilt Logback's configuration are Logback's, and are not counted here.)
 */
class RestartUnderFloodTest {

    private static final Pattern SUMMARIZED = Pattern.compile(
            "Suppressed ([\\d,]+) messages? like |… and [\\d,]+ more templates?: ([\\d,]+) messages? suppressed");
    private static final Pattern REPORTED = Pattern.compile(
            "of ([\\d,]+) suppressed messages? in all|could not be written: Suppressed ([\\d,]+) message");

    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void restartsDuringAFlood_everyDroppedCallIsInOneSummary(@TempDir Path dir)
            throws IOException, InterruptedException {
        ChildJvm run = ChildJvm.run(dir, RestartFlood.class);

        Matcher findings = Pattern.compile(Pattern.quote(RestartFlood.FINDINGS) + "(\\d+) passed=(\\d+)")
                .matcher(run.output);
        assertThat(findings.find()).as("the child's findings; its output:\n" + tail(run.output)).isTrue();
        long suppressed = Long.parseLong(findings.group(1));
        long summarized = sum(SUMMARIZED, run.output);
        long reported = sum(REPORTED, run.output);
        System.out.println("figures: spring boot restarts=" + RestartFlood.RESTARTS + " suppressed=" + suppressed
                + " passed=" + findings.group(2) + " summarized=" + summarized + " reported=" + reported);
        assertThat(run.exitValue).isZero();
        assertThat(suppressed).as("the flood met the filters").isPositive();
        assertThat(summarized + reported).as("summarized + reported = suppressed; output:\n" + tail(run.output))
                .isEqualTo(suppressed);
    }

    private static long sum(Pattern pattern, String output) {
        long sum = 0;
        Matcher m = pattern.matcher(output);
        while (m.find()) {
            String count = m.group(1) != null ? m.group(1) : m.group(2);
            sum += Long.parseLong(count.replace(",", ""));
        }
        return sum;
    }

    private static String tail(String output) {
        return output.length() <= 20_000 ? output : output.substring(output.length() - 20_000);
    }
}
