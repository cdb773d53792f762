package dev.floodgate.spring;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import redis.embedded.RedisServer;

/**
 * {@code floodgate.fleet=spring.data.redis} in a running Spring Boot application on Logback: the fleet limit reaches
 * the Redis named only by {@code spring.data.redis.host}, {@code port} and {@code password} (a real redis-server, the
 * binary that embedded-redis ships, whose password needs percent-encoding in a URI), with every Floodgate setting in
 * the starter's properties. Evidence from both
 * sides: the filter's fleet refusals over real HTTP ({@code /actuator/floodgate}) and in the summaries, and the
 * template's budget key in that Redis.
 */
class SpringDataRedisFleetTest {

    private static final String TEMPLATE = "Payment gateway {} timed out";
    private static final String PREFIX = "floodgate:starter-test:";
    /** Needs percent-encoding in a URI: it reaches Redis intact only if the derived URI is right. */
    private static final String PASSWORD = "p@ss:w/o#rd%x y";
    private static final Pattern BY_FLEET = Pattern.compile("\"suppressedByFleet\":(\\d+)");

    private static RedisServer redis;
    private static int redisPort;
    private static ConfigurableApplicationContext app;
    private static int httpPort;
    private static final ListAppender<ILoggingEvent> LINES = new ListAppender<>();

    @BeforeAll
    static void start() throws IOException {
        redisPort = freePort();
        redis = RedisServer.newRedisServer().port(redisPort).bind("127.0.0.1").setting("save \"\"")
                .setting("appendonly no").setting("requirepass \"" + PASSWORD + "\"").build();
        redis.start();
        app = new SpringApplicationBuilder(TestApplication.class).properties(
                "server.port=0",
                "management.endpoints.web.exposure.include=floodgate",
                "spring.data.redis.host=127.0.0.1",
                "spring.data.redis.port=" + redisPort,
                "spring.data.redis.password=" + PASSWORD,
                "floodgate.enabled=true",
                "floodgate.fleet=spring.data.redis",
                "floodgate.fleet-count=10",
                "floodgate.fleet-period=1 minute",
                "floodgate.fleet-prefix=" + PREFIX,
                // Local limits far above the fleet's, so that the fleet limit is the one that binds.
                "floodgate.limiter=cell",
                "floodgate.count=1000",
                "floodgate.period=1 second",
                "floodgate.burst=1000",
                "floodgate.summary-interval=200ms").run();
        httpPort = Integer.parseInt(app.getEnvironment().getProperty("local.server.port"));
        LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
        LINES.setContext(context);
        LINES.start();
        context.getLogger(Logger.ROOT_LOGGER_NAME).addAppender(LINES);
    }

    @AfterAll
    static void stop() throws IOException {
        LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
        context.getLogger(Logger.ROOT_LOGGER_NAME).detachAppender(LINES);
        if (app != null) {
            app.close();
        }
        if (redis != null) {
            redis.stop();
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    private static long suppressedByFleet() {
        Matcher m = BY_FLEET.matcher(Http.get(httpPort, "/actuator/floodgate"));
        assertThat(m.find()).as("/actuator/floodgate shows suppressedByFleet").isTrue();
        return Long.parseLong(m.group(1));
    }

    private static List<String> messages() {
        List<String> out = new ArrayList<>();
        synchronized (LINES) {
            for (ILoggingEvent e : new ArrayList<>(LINES.list)) {
                out.add(e.getFormattedMessage());
            }
        }
        return out;
    }

    @Test
    void endpoint_fleetOption_isTheRedisOfSpringDataRedis() {
        assertThat(Http.get(httpPort, "/actuator/floodgate"))
                .contains("\"fleet\":\"redis://:***@127.0.0.1:" + redisPort + "\"")
                .contains("\"fleetPrefix\":\"" + PREFIX + "\"")
                .doesNotContain("w/o#rd");
    }

    @Test
    void flood_fleetFromSpringDataRedis_isRefusedByTheFleetLimitThroughThatRedis() {
        org.slf4j.Logger log = LoggerFactory.getLogger("shop.Payments");
        long[] offered = {0};
        // The lease arrives from a Lettuce thread: flood until the filter reports fleet refusals, within a deadline.
        Awaitility.await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(20)).until(() -> {
            for (int i = 0; i < 50; i++) {
                log.error(TEMPLATE, "g-" + offered[0]++);
            }
            return suppressedByFleet() > 0;
        });

        long passed = messages().stream().filter(m -> m.startsWith("Payment gateway ")).count();
        assertThat(passed).as("lines passed of %d offered", offered[0]).isLessThan(offered[0]);
        Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> messages().stream()
                .anyMatch(m -> m.startsWith("Suppressed ") && m.contains("\"" + TEMPLATE + "\"")
                        && m.contains("by the fleet limit 10/")));

        RedisClient client = RedisClient.create(RedisURI.builder().withHost("127.0.0.1").withPort(redisPort)
                .withPassword(PASSWORD.toCharArray()).build());
        try (StatefulRedisConnection<String, String> connection = client.connect()) {
            RedisCommands<String, String> redisCommands = connection.sync();
            // One key per template that asked the fleet limit: the flood's and the application's own start-up lines.
            List<String> keys = redisCommands.keys(PREFIX + "*");
            assertThat(keys).as("the templates' budgets in the Redis of spring.data.redis").isNotEmpty();
            List<Long> ttls = new ArrayList<>();
            for (String key : keys) {
                ttls.add(redisCommands.pttl(key)); // -2 if it expired since KEYS; -1 would be a key without expiry
            }
            assertThat(ttls).as("PTTL of %s", keys).doesNotContain(-1L).anyMatch(ttl -> ttl > 0);
            assertThat(redisCommands.info("commandstats")).containsPattern("cmdstat_(evalsha|eval):calls=\\d+");
        } finally {
            client.shutdown();
        }
    }
}
