package dev.floodgate.core.fleet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.floodgate.core.CellRateSettings;
import dev.floodgate.core.TestSeed;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** The fleet URI as it is read ({@code uris}) and as every message shows it ({@code redact}, {@code hideSecrets}). */
class FleetSettingsTest {

    /** The distinctive parts of every password below: none may be shown. */
    private static final String[] PARTS = {"Xq7Pw", "Zw9Kd"};

    private static FleetSettings settings(String uri) {
        return FleetSettings.of(uri, CellRateSettings.builder().build(), "p:");
    }

    private static void assertHidden(String shown) {
        for (String part : PARTS) {
            assertThat(shown).doesNotContain(part);
        }
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '\'', value = {
        "redis://app:Xq7PwZw9Kd@cache:6379/0                     | redis://app:***@cache:6379/0",
        "redis://app:Xq7Pw,Zw9Kd@cache:6379                      | redis://app:***@cache:6379",
        "redis://app:Xq7Pw@Zw9Kd@cache:6379                      | redis://app:***@cache:6379",
        "redis://app:Xq7Pw%2CZw9Kd@cache:6379                    | redis://app:***@cache:6379",
        "redis://app:Xq7Pw/Zw9Kd#x?y:z@cache:6379                | redis://app:***@cache:6379",
        "'redis://app:Xq7Pw Zw9Kd@cache'                         | redis://app:***@cache",
        "'redis://app:Xq7PwZw9Kd@127.0.0.1:1,foo'                | redis://app:***@127.0.0.1:1,foo",
        "redis://:Xq7PwZw9Kd@cache                               | redis://:***@cache",
        "redis://Xq7PwZw9Kd@cache                                | redis://***@cache",
        "rediss://app:Xq7Pw,Zw9Kd@[::1]:6380?verifyPeer=NONE     | rediss://app:***@[::1]:6380?verifyPeer=NONE",
        "redis://cache:6379?timeout=5s&password=Xq7PwZw9Kd#m     | redis://cache:6379?timeout=5s&password=***",
        "redis://cache:6379?clientName=Xq7Pw,Zw9Kd               | redis://cache:6379?clientName=***",
        "redis-sentinel://Xq7Pw,Zw9Kd@s1:26379,s2:26379/0#master | redis-sentinel://***@s1:26379,s2:26379/0#master",
        "redis-socket://:Xq7PwZw9Kd@/var/run/redis.sock          | redis-socket://:***@/var/run/redis.sock",
        "'redis://app:Xq7Pw,Zw9Kd@h1:6379,redis://app:Xq7Pw,Zw9Kd@h2:6379' "
                + "| redis://app:***@h1:6379,redis://app:***@h2:6379",
        "'redis://h1:6379, rediss://h2:6380'                      | redis://h1:6379,rediss://h2:6380",
        "http://app:Xq7PwZw9Kd@cache:6379                        | http://app:***@cache:6379",
    })
    void redact_passwordInAnyPlace_isHidden(String uri, String shown) {
        assertThat(FleetSettings.redact(uri)).isEqualTo(shown);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '\'', value = {
        // a port that is not a number: the split into user info and host may be wrong
        "redis://app:Xq7PwZw9Kd                                  | redis://***",
        "redis://app:Xq7Pw#Zw9Kd                                 | redis://***",
        "'redis://app@cache:Xq7Pw Zw9Kd'                         | redis://***",
        "Xq7PwZw9Kd                                              | ***",
        "'redis//app:Xq7PwZw9Kd@cache'                           | ***",
        "'a/b:Xq7Pw,Zw9Kd@cache'                                 | ***",
        "redis://a/b:Xq7PwZw9Kd@cache                            | redis://***@cache",
        // a password holding ",redis://" is two URIs; the first has no user info, the second has
        "'redis://app:1,Xq7Pw,redis://Zw9Kd@cache:6379'          | redis://***,redis://***@cache:6379",
        "'redis://cache:6379?Xq7Pw'                              | redis://cache:6379?***",
    })
    void redact_textThatIsNoRedisUri_hidesAllButTheScheme(String uri, String shown) {
        assertThat(FleetSettings.redact(uri)).isEqualTo(shown);
    }

    @Test
    void redact_controlCharacters_hidesAllButTheScheme() {
        assertThat(FleetSettings.redact("redis://cache:6379\r\nXq7Pw")).isEqualTo("redis://***");
    }

    @Test
    void redact_null_isShownAsNull() {
        assertThat(FleetSettings.redact(null)).isEqualTo("null");
    }

    /**
     * Random passwords of URI delimiters around a marker, in every form above: the marker is never shown, and
     * nothing throws.
     */
    @Test
    void redact_randomPasswords_neverShowTheMarker() {
        Random random = new Random(TestSeed.SEED);
        String alphabet = ",@/#?:;&=%+ 2Cab.\\\"'[]\t";
        String[] forms = {"redis://app:%s@cache:6379", "redis://%s@cache", "rediss://:%s@h:1/0?timeout=1s",
            "redis-sentinel://%s@s1:26379,s2:26379#m", "redis://h1:1?password=%s",
            "redis://app:%s@h1:6379,redis://app:%s@h2:6379", "redis://app:%s", "redis-socket://:%s@/tmp/r.sock"};
        for (int i = 0; i < 20_000; i++) {
            StringBuilder pw = new StringBuilder();
            int before = random.nextInt(6);
            for (int j = 0; j < before; j++) {
                pw.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            pw.append("Xq7Pw");
            int after = random.nextInt(6);
            for (int j = 0; j < after; j++) {
                pw.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            String form = forms[random.nextInt(forms.length)];
            String password = pw.toString();
            if (form.contains("//%s@")) {
                password = password.replace(':', ';'); // a ':' makes the text before it a user name, as in Lettuce
            }
            if (form.endsWith("%s")) {
                password = password.replace('@', ';'); // an '@' makes the text after it a host
            }
            String uri = form.replace("%s", password);
            String shown = FleetSettings.redact(uri);
            assertThat(shown).as("%s from %s, %s", shown, uri, TestSeed.describe()).doesNotContain("Xq7Pw");
        }
    }

    @Test
    void redact_randomText_neverThrows() {
        Random random = new Random(TestSeed.SEED);
        String alphabet = "redis:/@,#?%&=[]s-+ \u00e9\ud83d\ude00\u0000";
        for (int i = 0; i < 20_000; i++) {
            StringBuilder text = new StringBuilder();
            int length = random.nextInt(40);
            for (int j = 0; j < length; j++) {
                text.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            assertThat(FleetSettings.redact(text.toString())).as(TestSeed.describe()).isNotNull();
        }
    }

    @Test
    void uris_commaInAPassword_belongsToItsUri() {
        assertThat(settings("redis://app:Xq7Pw,Zw9Kd@cache:6379").uris())
                .containsExactly("redis://app:Xq7Pw,Zw9Kd@cache:6379");
    }

    @Test
    void uris_sentinelHosts_areOneUri() {
        assertThat(settings("redis-sentinel://pw@s1:26379,s2:26379/0#master").uris())
                .containsExactly("redis-sentinel://pw@s1:26379,s2:26379/0#master");
    }

    @Test
    void uris_clusterNodes_areOneUriEach() {
        assertThat(settings("redis://a:p,q@h1:6379, redis://a:p,q@h2:6379").uris())
                .containsExactly("redis://a:p,q@h1:6379", "redis://a:p,q@h2:6379");
    }

    @ParameterizedTest
    @ValueSource(strings = {"redis://app:Xq7Pw,Zw9Kd@h1:6379,foo", "redis://app:Xq7Pw,Zw9Kd@h1:6379,h2:6379",
        "redis://app:Xq7Pw,Zw9Kd@h1,redis-sentinel://Xq7Pw@s1#m", "Xq7Pw,Zw9Kd",
        "redis://app:Xq7Pw%2CZw9Kd@h1:6379,h2"})
    void of_malformed_messageHidesThePassword(String uri) {
        assertThatThrownBy(() -> settings(uri)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("fleet: \"")
                .satisfies(e -> assertHidden(e.getMessage()));
    }

    @Test
    void of_hostsListedInOneRedisUri_isRejected() {
        assertThatThrownBy(() -> settings("redis://h1:6379,h2:6379"))
                .hasMessage("fleet: \"redis://h1:6379,h2:6379\" lists several hosts in one URI; write each node of a "
                        + "Redis Cluster as a URI of its own: \"redis://h1:6379,redis://h2:6379\"");
    }

    @Test
    void toString_hidesThePassword() {
        assertHidden(settings("redis://app:Xq7Pw,Zw9Kd@cache:6379").toString());
    }

    @Test
    void hideSecrets_messageQuotingTheUriOrPassword_hidesBoth() {
        FleetSettings s = settings("redis://app:Xq7Pw%2CZw9Kd@cache:6379");
        String message = "Illegal character at index 8: redis://app:Xq7Pw%2CZw9Kd@cache:6379; password Xq7Pw,Zw9Kd";
        assertThat(s.hideSecrets(message))
                .isEqualTo("Illegal character at index 8: redis://app:***@cache:6379; password ***");
    }

    @Test
    void hideSecrets_malformedUri_hidesAllButTheScheme() {
        FleetSettings s = settings("redis://app:Xq7Pw#Zw9Kd");
        assertThat(s.hideSecrets("cannot read redis://app:Xq7Pw#Zw9Kd (app:Xq7Pw#Zw9Kd)"))
                .isEqualTo("cannot read redis://*** (***)");
    }

    @Test
    void hideSecrets_null_isNull() {
        assertThat(settings("redis://cache").hideSecrets(null)).isNull();
    }

    @Test
    void uris_asReadBack_areTheSettingsUris() {
        assertThat(settings(" redis://cache:6379 ").uris()).isEqualTo(List.of("redis://cache:6379"));
    }
}
