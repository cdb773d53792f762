package dev.floodgate.logback;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.LoggingEvent;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The flood of a web application's failing endpoint, as Tomcat logs it: the same exception with 53 frames at ERROR for
 * every request, 20,000 requests, one every 1 or 2 ms (a flood of 20 or 40 seconds). Behind the same Floodgate filter, the lines kept with Logback's
 * default {@code %ex} and with {@code %fgEx}.
 */
class TraceFloodTest {

    private static final int REQUESTS = 20_000;
    private static final int FRAMES = 53;
    private static final String LOGGER = "org.apache.catalina.core.ContainerBase.[Tomcat].[localhost].[/]."
            + "[dispatcherServlet]";
    private static final String MESSAGE = "Servlet.service() for servlet [dispatcherServlet] in context with path [] "
            + "threw exception [Request processing failed: java.lang.RuntimeException: Expected: controller used to "
            + "showcase what happens when an exception is thrown] with root cause";
    private static final String NL = System.lineSeparator();

    /** The exception of one request: a new instance each time, thrown at the same place, through 53 frames. */
    private static RuntimeException oups() {
        RuntimeException e = new RuntimeException("Expected: controller used to showcase what happens when an "
                + "exception is thrown");
        StackTraceElement[] frames = new StackTraceElement[FRAMES];
        frames[0] = new StackTraceElement("org.springframework.samples.petclinic.system.CrashController",
                "triggerException", "CrashController.java", 38);
        String[][] layers = {
            {"org.springframework.web.servlet.mvc.method.annotation.ServletInvocableHandlerMethod", "invokeAndHandle"},
            {"org.springframework.web.servlet.DispatcherServlet", "doDispatch"},
            {"org.springframework.web.servlet.FrameworkServlet", "processRequest"},
            {"jakarta.servlet.http.HttpServlet", "service"},
            {"org.apache.catalina.core.ApplicationFilterChain", "internalDoFilter"},
            {"org.springframework.web.filter.OncePerRequestFilter", "doFilter"},
            {"org.apache.catalina.core.StandardWrapperValve", "invoke"},
            {"org.apache.coyote.http11.Http11Processor", "service"},
            {"org.apache.tomcat.util.net.NioEndpoint$SocketProcessor", "doRun"},
        };
        for (int i = 1; i < FRAMES; i++) {
            String[] layer = layers[i % layers.length];
            String file = layer[0].substring(layer[0].lastIndexOf('.') + 1).replaceAll("\\$.*", "") + ".java";
            frames[i] = new StackTraceElement(layer[0], layer[1], file, 100 + i);
        }
        e.setStackTrace(frames);
        return e;
    }

    private static int lines(List<String> out) {
        return out.stream().mapToInt(text -> text.split(NL, -1).length - 1).sum();
    }

    @ParameterizedTest(name = "one request every {0}ms")
    @CsvSource({"1, 1", "2, 2"})
    void flood_fgEx_keepsOneFullTracePerIntervalAndOneLinePerOtherEvent(long stepMillis, long expectedFullTraces) {
        List<String> plain;
        List<String> fgEx;
        try (TestContext t = TestContext.configure(getClass(), "flood")) {
            Logger tomcat = t.logger(LOGGER);
            TestClock plainClock = (TestClock) t.filter("PLAIN").clock();
            TestClock fgExClock = (TestClock) t.filter("FG_EX").clock();
            long start = TestClock.START.toEpochMilli();
            for (int i = 0; i < REQUESTS; i++) {
                LoggingEvent event = new LoggingEvent(Logger.class.getName(), tomcat, Level.ERROR, MESSAGE, oups(),
                        null);
                event.setTimeStamp(start + i * stepMillis);
                event.setThreadName("http-nio-8080-exec-" + (1 + i % 10));
                tomcat.callAppenders(event);
                plainClock.advance(Duration.ofMillis(stepMillis));
                fgExClock.advance(Duration.ofMillis(stepMillis));
            }
            plain = ((EncodingListAppender) t.appender("PLAIN")).lines();
            fgEx = ((EncodingListAppender) t.appender("FG_EX")).lines();
            assertThat(t.problems()).isEmpty();
        }

        long passed = plain.stream().filter(text -> text.contains(MESSAGE)).count();
        long fullTraces = fgEx.stream().filter(text -> text.contains("\tat ")).count();
        long references = fgEx.stream().filter(text -> text.contains(", " + FRAMES + " frames, in full at ")).count();
        System.out.printf("%d requests over %ds: %d events passed; lines with %%ex %d, with %%fgEx %d"
                + " (%d full traces, %d references)%n", REQUESTS, REQUESTS * stepMillis / 1000, passed, lines(plain),
                lines(fgEx), fullTraces, references);

        assertThat(fgEx).hasSameSizeAs(plain);
        assertThat(fullTraces).as("one at the start, and one 30s later if the flood lasts that long")
                .isEqualTo(expectedFullTraces);
        assertThat(references).isEqualTo(passed - fullTraces);
        assertThat(lines(plain)).isEqualTo(plain.size() + passed * (1 + FRAMES));
        assertThat(lines(fgEx)).isEqualTo(fgEx.size() + fullTraces * (1 + FRAMES) + references);
        assertThat(lines(fgEx)).isLessThan(lines(plain) / 5);
    }
}
