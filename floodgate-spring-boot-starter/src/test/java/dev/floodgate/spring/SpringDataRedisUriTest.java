package dev.floodgate.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floodgate.core.Option;
import io.lettuce.core.RedisCredentials;
import io.lettuce.core.RedisURI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;

/**
 * {@code floodgate.fleet=spring.data.redis}: the URI derived from {@code spring.data.redis.*} as Spring Boot 4.0 reads
 * those properties, checked by reading it back with Lettuce's own {@link RedisURI#create(String)}, as floodgate-redis
 * does.
 */
class SpringDataRedisUriTest {

    private static final String HARD_PASSWORD = "p@ss:w/o#rd%x y+é&?";

    private static StandardEnvironment env(String... pairs) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            map.put(pairs[i], pairs[i + 1]);
        }
        StandardEnvironment env = new StandardEnvironment();
        env.getPropertySources().addFirst(new MapPropertySource("test", map));
        return env;
    }

    private static String derive(StandardEnvironment env) {
        List<FloodgatePropertyException.Problem> problems = new ArrayList<>();
        String uri = SpringDataRedisUri.derive(env, problems);
        assertThat(problems).isEmpty();
        return uri;
    }

    private static List<FloodgatePropertyException.Problem> problems(String... pairs) {
        List<FloodgatePropertyException.Problem> problems = new ArrayList<>();
        assertThat(SpringDataRedisUri.derive(env(pairs), problems)).isNull();
        return problems;
    }

    private static RedisCredentials credentials(RedisURI uri) {
        return uri.getCredentialsProvider().resolveCredentials().block();
    }

    private static String password(RedisURI uri) {
        char[] p = credentials(uri).getPassword();
        return p == null ? null : new String(p);
    }

    private static String username(RedisURI uri) {
        return credentials(uri).getUsername();
    }

    @Test
    void requested_theValueInAnyCase_isTrue() {
        assertThat(SpringDataRedisUri.requested(" Spring.Data.Redis ")).isTrue();
        assertThat(SpringDataRedisUri.requested("redis://spring.data.redis:6379")).isFalse();
        assertThat(SpringDataRedisUri.requested(null)).isFalse();
    }

    @Test
    void derive_noProperties_isSpringBootsDefaultServer() {
        assertThat(derive(env())).isEqualTo("redis://localhost:6379");
    }

    @Test
    void derive_hostPortDatabase_areTheServersAddress() {
        RedisURI uri = RedisURI.create(derive(env("spring.data.redis.host", "redis.internal",
                "spring.data.redis.port", "6380", "spring.data.redis.database", "3")));
        assertThat(uri.getHost()).isEqualTo("redis.internal");
        assertThat(uri.getPort()).isEqualTo(6380);
        assertThat(uri.getDatabase()).isEqualTo(3);
        assertThat(uri.isSsl()).isFalse();
    }

    @Test
    void derive_passwordWithReservedCharacters_readsBackUnchanged() {
        String text = derive(env("spring.data.redis.username", "app", "spring.data.redis.password", HARD_PASSWORD));
        RedisURI uri = RedisURI.create(text);
        assertThat(username(uri)).isEqualTo("app");
        assertThat(password(uri)).isEqualTo(HARD_PASSWORD);
        assertThat(uri.getHost()).isEqualTo("localhost");
        assertThat(text).startsWith("redis://app:").doesNotContain("é").doesNotContain(" ");
    }

    @Test
    void derive_passwordWithoutUsername_isThePasswordAlone() {
        RedisURI uri = RedisURI.create(derive(env("spring.data.redis.password", "secret")));
        assertThat(username(uri)).isNull();
        assertThat(password(uri)).isEqualTo("secret");
    }

    @Test
    void derive_usernameWithoutPassword_sendsNoCredentials() {
        assertThat(derive(env("spring.data.redis.username", "app"))).isEqualTo("redis://localhost:6379");
    }

    @Test
    void derive_sslEnabled_isRediss() {
        RedisURI uri = RedisURI.create(derive(env("spring.data.redis.ssl.enabled", "true",
                "spring.data.redis.port", "6380")));
        assertThat(uri.isSsl()).isTrue();
        assertThat(uri.getPort()).isEqualTo(6380);
    }

    @Test
    void derive_sslBundleDisabledExplicitly_isPlainRedis() {
        assertThat(derive(env("spring.data.redis.ssl.enabled", "false", "spring.data.redis.ssl.bundle", "corp")))
                .isEqualTo("redis://localhost:6379");
    }

    @Test
    void derive_url_overridesHostPortCredentialsAndDatabase() {
        RedisURI uri = RedisURI.create(derive(env("spring.data.redis.url", "redis://u:p%40ss@cache.internal:7000/5",
                "spring.data.redis.host", "ignored", "spring.data.redis.port", "1",
                "spring.data.redis.password", "ignored", "spring.data.redis.database", "9")));
        assertThat(uri.getHost()).isEqualTo("cache.internal");
        assertThat(uri.getPort()).isEqualTo(7000);
        assertThat(username(uri)).isEqualTo("u");
        assertThat(password(uri)).isEqualTo("p@ss");
        assertThat(uri.getDatabase()).isEqualTo(5);
    }

    @Test
    void derive_urlWithoutCredentials_dropsThePasswordPropertyAsSpringBootDoes() {
        assertThat(derive(env("spring.data.redis.url", "redis://cache:7000", "spring.data.redis.password", "x")))
                .isEqualTo("redis://cache:7000");
    }

    @Test
    void derive_redissUrl_isTls() {
        RedisURI uri = RedisURI.create(derive(env("spring.data.redis.url", "rediss://:secret@cache")));
        assertThat(uri.isSsl()).isTrue();
        assertThat(uri.getPort()).isEqualTo(RedisURI.DEFAULT_REDIS_PORT);
        assertThat(password(uri)).isEqualTo("secret");
    }

    @Test
    void derive_clientName_isLettucesClientName() {
        RedisURI uri = RedisURI.create(derive(env("spring.data.redis.client-name", "checkout-1")));
        assertThat(uri.getClientName()).isEqualTo("checkout-1");
    }

    @Test
    void derive_ipv6Host_isBracketed() {
        assertThat(derive(env("spring.data.redis.host", "::1"))).isEqualTo("redis://[::1]:6379");
    }

    @Test
    void derive_sentinel_isARedisSentinelUriWithMasterAndDatabase() {
        RedisURI uri = RedisURI.create(derive(env("spring.data.redis.sentinel.master", "mymaster",
                "spring.data.redis.sentinel.nodes", "s1:26379, s2:26380", "spring.data.redis.password", HARD_PASSWORD,
                "spring.data.redis.database", "2", "spring.data.redis.host", "ignored")));
        assertThat(uri.getSentinelMasterId()).isEqualTo("mymaster");
        assertThat(uri.getSentinels()).extracting(RedisURI::getHost).containsExactly("s1", "s2");
        assertThat(uri.getSentinels()).extracting(RedisURI::getPort).containsExactly(26379, 26380);
        assertThat(password(uri)).isEqualTo(HARD_PASSWORD);
        assertThat(uri.getDatabase()).isEqualTo(2);
    }

    @Test
    void derive_sentinelNodesAsYamlList_areRead() {
        String text = derive(env("spring.data.redis.sentinel.master", "m", "spring.data.redis.sentinel.nodes[0]",
                "s1:26379", "spring.data.redis.sentinel.nodes[1]", "s2:26379", "spring.data.redis.ssl.enabled", "true"));
        assertThat(text).isEqualTo("rediss-sentinel://s1:26379,s2:26379#m");
    }

    @Test
    void derive_clusterNodes_areCommaSeparatedRedisUris() {
        String text = derive(env("spring.data.redis.cluster.nodes", "c1:7000,c2:7001",
                "spring.data.redis.password", "pw", "spring.data.redis.database", "3"));
        assertThat(text).isEqualTo("redis://:pw@c1:7000,redis://:pw@c2:7001");
        for (String part : text.split(",")) {
            assertThat(password(RedisURI.create(part))).isEqualTo("pw");
        }
    }

    @Test
    void derive_oneClusterNode_isListedTwiceSoThatFloodgateRedisUsesItsClusterClient() {
        assertThat(derive(env("spring.data.redis.cluster.nodes", "c1:7000")))
                .isEqualTo("redis://c1:7000,redis://c1:7000");
    }

    @Test
    void derive_sentinelBeforeCluster_asSpringBootChooses() {
        assertThat(derive(env("spring.data.redis.cluster.nodes", "c1:7000", "spring.data.redis.sentinel.master", "m",
                "spring.data.redis.sentinel.nodes", "s1:26379"))).isEqualTo("redis-sentinel://s1:26379#m");
    }

    @Test
    void derive_environmentVariables_bindRelaxedly() {
        StandardEnvironment env = new StandardEnvironment();
        env.getPropertySources().addFirst(new SystemEnvironmentPropertySource(
                StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME + "-test",
                Map.of("SPRING_DATA_REDIS_HOST", "from-env", "SPRING_DATA_REDIS_PORT", "6390")));
        assertThat(derive(env)).isEqualTo("redis://from-env:6390");
    }

    @Test
    void derive_badUrlScheme_namesTheUrlWithItsPasswordHidden() {
        List<FloodgatePropertyException.Problem> problems = problems("spring.data.redis.url", "http://u:secret@h:1");
        assertThat(problems).singleElement().satisfies(p -> {
            assertThat(p.property()).isEqualTo("spring.data.redis.url");
            assertThat(p.value()).isEqualTo("http://u:***@h:1");
            assertThat(p.message()).contains("spring.data.redis.url: not a redis:// or rediss:// URL").doesNotContain("secret");
        });
    }

    @Test
    void derive_badPort_namesPortAndValue() {
        assertThat(problems("spring.data.redis.port", "six")).singleElement().satisfies(p -> {
            assertThat(p.property()).isEqualTo("spring.data.redis.port");
            assertThat(p.value()).isEqualTo("six");
            assertThat(p.message()).startsWith("floodgate.fleet=spring.data.redis: spring.data.redis.port: cannot be "
                    + "read as Integer");
        });
    }

    @Test
    void derive_sslBundle_isAProblemNamingTheBundle() {
        assertThat(problems("spring.data.redis.ssl.bundle", "corp")).singleElement().satisfies(p -> {
            assertThat(p.property()).isEqualTo("spring.data.redis.ssl.bundle");
            assertThat(p.value()).isEqualTo("corp");
            assertThat(p.message()).contains("SSL bundle").contains("floodgate.fleet");
        });
    }

    @Test
    void derive_sentinelPassword_isAProblemWithThePasswordHidden() {
        assertThat(problems("spring.data.redis.sentinel.master", "m", "spring.data.redis.sentinel.nodes", "s:26379",
                "spring.data.redis.sentinel.password", "s3cret")).singleElement().satisfies(p -> {
                    assertThat(p.property()).isEqualTo("spring.data.redis.sentinel.password");
                    assertThat(p.value()).isEqualTo("***");
                });
    }

    @Test
    void derive_sentinelWithoutMaster_isAProblem() {
        assertThat(problems("spring.data.redis.sentinel.nodes", "s:26379")).extracting(
                FloodgatePropertyException.Problem::property).containsExactly("spring.data.redis.sentinel.master");
    }

    @Test
    void derive_nodeWithoutPort_isAProblemNamingTheList() {
        assertThat(problems("spring.data.redis.cluster.nodes", "c1:7000,c2")).singleElement().satisfies(p -> {
            assertThat(p.property()).isEqualTo("spring.data.redis.cluster.nodes");
            assertThat(p.value()).isEqualTo("c1:7000,c2");
            assertThat(p.message()).contains("\"c2\" is not host:port");
        });
    }

    @Test
    void derive_masterReplica_isAProblem() {
        assertThat(problems("spring.data.redis.masterreplica.nodes", "m:6379,r:6379")).extracting(
                FloodgatePropertyException.Problem::property).containsExactly("spring.data.redis.masterreplica.nodes");
    }

    @Test
    void derive_clientNameWithASpace_isAProblem() {
        assertThat(problems("spring.data.redis.client-name", "my app")).extracting(
                FloodgatePropertyException.Problem::property).containsExactly("spring.data.redis.client-name");
    }

    @Test
    void derive_usernameWithAColon_isAProblem() {
        assertThat(problems("spring.data.redis.username", "a:b", "spring.data.redis.password", "p")).extracting(
                FloodgatePropertyException.Problem::property).containsExactly("spring.data.redis.username");
    }

    @Test
    void encode_keepsUnreservedAndEscapesTheRestAsUtf8() {
        assertThat(SpringDataRedisUri.encode("aZ0-._~ é@")).isEqualTo("aZ0-._~%20%C3%A9%40");
    }

    @Test
    void read_fleetSpringDataRedis_putsTheDerivedUriInTheFleetOption() {
        FloodgateProperties p = FloodgateProperties.read(env("floodgate.enabled", "true", "floodgate.fleet",
                "spring.data.redis", "spring.data.redis.host", "redis.internal"));
        assertThat(p.options()).containsEntry(Option.FLEET, "redis://redis.internal:6379");
    }

    @Test
    void read_fleetSpringDataRedisWithABadProperty_failsNamingIt() {
        assertThatThrownBy(() -> FloodgateProperties.read(env("floodgate.fleet", "spring.data.redis",
                "spring.data.redis.port", "six")))
                .isInstanceOf(FloodgatePropertyException.class).hasMessageContaining("spring.data.redis.port=six");
    }

    @Test
    void read_explicitFleetUri_ignoresSpringDataRedis() {
        FloodgateProperties p = FloodgateProperties.read(env("floodgate.fleet", "redis://other:6379",
                "spring.data.redis.port", "six"));
        assertThat(p.options()).containsEntry(Option.FLEET, "redis://other:6379");
    }
}
