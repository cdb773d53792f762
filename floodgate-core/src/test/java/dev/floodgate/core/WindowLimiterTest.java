package dev.floodgate.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Replays the worked examples of "Implementing Flood Control" (Algorithm::FloodControl, perl.com 2004-11-11) through
 * {@link WindowLimiter}. Perl's {@code time()} counts whole seconds, so the clock is only ever set to whole seconds.
 */
class WindowLimiterTest {

    private static final WindowSettings LOCAL_2_PER_10S = window(2, 10);
    private static final WindowSettings GLOBAL_5_PER_60S = window(5, 60);
    private static final WindowSettings USER_2_PER_60S = window(2, 60);
    private static final WindowSettings ALL_10_PER_120S = window(10, 120);
    private static final DateTimeFormatter PERL_LOCALTIME =
            DateTimeFormatter.ofPattern("MMM dd HH:mm:ss yyyy", Locale.ROOT);
    private static final long DAY_OF_TRANSCRIPT = LocalDateTime.parse("2004-02-17T00:00:00")
            .toInstant(ZoneOffset.UTC).toEpochMilli();

    private final ManualClock clock = new ManualClock(DAY_OF_TRANSCRIPT);
    private final Map<String, WindowLimiter> byLine = new HashMap<>();
    private final WindowLimiter global = new WindowLimiter(GLOBAL_5_PER_60S, clock);
    private final List<String> output = new ArrayList<>();

    @Test
    void decide_floodtestTranscript_printsEveryLineOfTheArticle() {
        type("08:25:35", "hello");
        type("08:25:38", "hello");
        type("08:25:40", "hello");
        type("08:25:43", "bye");
        type("08:25:45", "hello");
        type("08:25:48", "see you");
        type("08:25:52", "next time");
        type("08:26:09", "one more try?");
        type("08:26:31", "free again");
        type("08:26:42", "free again");

        // The article's transcript, without its weekday ("Wed"; 2004-02-17 was a Tuesday).
        assertThat(output).containsExactly(
                "Feb 17 08:25:35 2004: LOCAL  OK: hello",
                "Feb 17 08:25:35 2004: GLOBAL OK: hello",
                "Feb 17 08:25:38 2004: LOCAL  OK: hello",
                "Feb 17 08:25:38 2004: GLOBAL OK: hello",
                "WARNING: next event allowed in 5 seconds (LOCAL CHECK for 'hello')",
                "Feb 17 08:25:43 2004: LOCAL  OK: bye",
                "Feb 17 08:25:43 2004: GLOBAL OK: bye",
                "Feb 17 08:25:45 2004: LOCAL  OK: hello",
                "Feb 17 08:25:45 2004: GLOBAL OK: hello",
                "Feb 17 08:25:48 2004: LOCAL  OK: see you",
                "Feb 17 08:25:48 2004: GLOBAL OK: see you",
                "Feb 17 08:25:52 2004: LOCAL  OK: next time",
                "WARNING: next event allowed in 43 seconds (GLOBAL CHECK)",
                "Feb 17 08:26:09 2004: LOCAL  OK: one more try?",
                "WARNING: next event allowed in 26 seconds (GLOBAL CHECK)",
                "Feb 17 08:26:31 2004: LOCAL  OK: free again",
                "WARNING: next event allowed in 4 seconds (GLOBAL CHECK)",
                "Feb 17 08:26:42 2004: LOCAL  OK: free again",
                "Feb 17 08:26:42 2004: GLOBAL OK: free again");
    }

    @Test
    void decide_ircUserAskingThirdTimeInAMinute_waitsForUserWindow() {
        WindowLimiter all = new WindowLimiter(ALL_10_PER_120S, clock);
        WindowLimiter alice = new WindowLimiter(USER_2_PER_60S, clock);

        List<String> replies = new ArrayList<>();
        for (long second : new long[] {0, 10, 20, 59, 60}) {
            clock.set(DAY_OF_TRANSCRIPT + second * 1_000);
            replies.add(scoresRequest(alice, all));
        }

        assertThat(replies).containsExactly("scores", "scores", "please wait 40 seconds", "please wait 1 seconds",
                "scores");
    }

    @Test
    void decide_ircGlobalLimitReached_stillSpendsTheUsersBudget() {
        WindowLimiter all = new WindowLimiter(ALL_10_PER_120S, clock);
        for (int user = 0; user < 10; user++) {
            clock.set(DAY_OF_TRANSCRIPT + user * 1_000L);
            scoresRequest(new WindowLimiter(USER_2_PER_60S, clock), all);
        }
        WindowLimiter carol = new WindowLimiter(USER_2_PER_60S, clock);

        List<String> replies = new ArrayList<>();
        for (long second : new long[] {10, 11, 12}) {
            clock.set(DAY_OF_TRANSCRIPT + second * 1_000);
            replies.add(scoresRequest(carol, all));
        }

        // `flood_check(2, 60, $user) || flood_check(10, 120, '*')`: the user check records before the global one
        // refuses, so carol's third request waits for her own window although she never got any scores.
        assertThat(replies).containsExactly("please wait 110 seconds", "please wait 109 seconds",
                "please wait 58 seconds");
    }

    @Test
    void decide_concurrentCallersAtOneInstant_allowExactlyTheCount() throws InterruptedException {
        WindowLimiter shared = new WindowLimiter(GLOBAL_5_PER_60S, clock);

        assertThat(ConcurrentCalls.allowedOf(8, 50, () -> shared.decide().allowed())).isEqualTo(5);
    }

    /** The IRC bot's {@code scores_request}: the user's limit first, the global one only if the user's passed. */
    private static String scoresRequest(WindowLimiter user, WindowLimiter all) {
        WindowDecision d = user.decide();
        if (d.allowed()) {
            d = all.decide();
        }
        return d.allowed() ? "scores" : "please wait " + wholeSeconds(d.waitMillis()) + " seconds";
    }

    /** One line of {@code floodtest.pl}: the line's own limit first, the global one only if the line passed. */
    private void type(String time, String line) {
        clock.set(LocalDateTime.parse("2004-02-17T" + time).toInstant(ZoneOffset.UTC).toEpochMilli());
        // Perl's $_ still ends in "\n" here: flood_check is keyed by the line with its newline.
        WindowLimiter local = byLine.computeIfAbsent(line + "\n", k -> new WindowLimiter(LOCAL_2_PER_10S, clock));
        String tm = PERL_LOCALTIME.format(Instant.ofEpochMilli(clock.millis()).atZone(ZoneOffset.UTC));
        WindowDecision lw = local.decide();
        if (!lw.allowed()) {
            output.add("WARNING: next event allowed in " + wholeSeconds(lw.waitMillis()) + " seconds (LOCAL CHECK for '"
                    + line + "')");
            return;
        }
        output.add(tm + ": LOCAL  OK: " + line);
        WindowDecision gw = global.decide();
        if (!gw.allowed()) {
            output.add("WARNING: next event allowed in " + wholeSeconds(gw.waitMillis()) + " seconds (GLOBAL CHECK)");
            return;
        }
        output.add(tm + ": GLOBAL OK: " + line);
    }

    private static WindowSettings window(int count, long periodSeconds) {
        return WindowSettings.builder().count(count).periodMillis(periodSeconds * 1_000).build();
    }

    private static long wholeSeconds(long millis) {
        assertThat(millis % 1_000).as("wait of %d ms on a whole-second clock", millis).isZero();
        return millis / 1_000;
    }
}
