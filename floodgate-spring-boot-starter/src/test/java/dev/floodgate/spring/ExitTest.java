package dev.floodgate.spring;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Nothing is lost at exit in a Spring Boot application on Logback: {@link ExitFlood} floods and returns from
 * {@code main}, and floods again while Spring Boot's shutdown hook closes it. Each flood's printed lines plus its
 * summarized counts are its 10,000 calls, in one summary; the flood during the shutdown is still limited, because
 * Floodgate's exit hook waits for Spring Boot's, which stops logging last.
 */
class ExitTest {

    /** Runs the child and checks both floods; shared with {@link Log4j2ExitTest}. */
    static void check(String framework, Path dir) throws IOException, InterruptedException {
        ChildJvm run = ChildJvm.runExitFlood(dir);

        String context = framework + "; child output:\n" + run.output;
        long kept = run.kept(ExitFlood.TEMPLATE);
        List<Long> summarized = run.summarized(ExitFlood.TEMPLATE);
        long keptClosing = run.kept(ExitFlood.SHUTDOWN_TEMPLATE);
        List<Long> summarizedClosing = run.summarized(ExitFlood.SHUTDOWN_TEMPLATE);
        System.out.println("figures: spring boot " + framework + " kept=" + kept + " summarized=" + summarized
                + " keptWhileClosing=" + keptClosing + " summarizedWhileClosing=" + summarizedClosing
                + " exitMillisAfterFlood=" + run.exitMillisAfterFlood);
        assertThat(run.exitValue).as(context).isZero();
        assertThat(summarized).as("one summary of the flood, " + context).hasSize(1);
        assertThat(kept + summarized.get(0)).as("kept + summarized = logged, " + context).isEqualTo(ExitFlood.CALLS);
        assertThat(summarizedClosing).as("one summary of the flood while closing: it was limited, " + context)
                .hasSize(1);
        assertThat(keptClosing + summarizedClosing.get(0)).as("while closing: kept + summarized = logged, " + context)
                .isEqualTo(ExitFlood.CALLS);
        assertThat(run.output).as(context).doesNotContain("could not be written", "could not write");
        assertThat(run.exitMillisAfterFlood).as("the exit after the flood took less than the hang guard")
                .isLessThan(60_000L);
    }

    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void mainReturnsAfterAFlood_everyCallIsPrintedOrSummarizedOnce(@TempDir Path dir)
            throws IOException, InterruptedException {
        check("logback", dir);
    }
}
