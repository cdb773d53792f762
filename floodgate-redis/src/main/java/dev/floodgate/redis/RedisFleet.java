package dev.floodgate.redis;

import dev.floodgate.core.fleet.FleetConnection;
import dev.floodgate.core.fleet.FleetReply;
import dev.floodgate.core.fleet.FleetSettings;
import dev.floodgate.core.fleet.FleetStatus;
import io.lettuce.core.AbstractRedisClient;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisFuture;
import io.lettuce.core.RedisURI;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.api.StatefulConnection;
import io.lettuce.core.api.async.BaseRedisAsyncCommands;
import io.lettuce.core.api.async.RedisScriptingAsyncCommands;
import io.lettuce.core.cluster.ClusterClientOptions;
import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.codec.StringCodec;
import io.lettuce.core.output.ArrayOutput;
import io.lettuce.core.protocol.CommandArgs;
import io.lettuce.core.protocol.CommandType;
import io.lettuce.core.protocol.ProtocolKeyword;
import io.lettuce.core.resource.ClientResources;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One filter's connection to the Redis that keeps the fleet limit: connects in the background, sends each lease
 * request as one atomic GCRA step, and turns every fault into a {@link FleetReply#unavailable()} and one WARN
 * status per outage.
 *
 * <p>Thread-safe. {@link #take} hands the request to a Lettuce thread and returns; nothing here blocks an
 * application thread or throws into it.
 */
final class RedisFleet implements FleetConnection {

    /*
     * Faults: every command has COMMAND_TIMEOUT (a Redis slowed by DEBUG SLEEP answers nothing in time), and while
     *  the connection is down Lettuce rejects commands at once instead of queueing them (REJECT_COMMANDS), so a
     *  reply always comes soon. A failed first connect (Redis absent, a wrong password) is retried in the
     *  background with a back-off of up to RECONNECT_MAX; after a connect Lettuce reconnects by itself. An error
     *  reply (OOM, WRONGPASS after a restart) is an outage like a timeout; NOSCRIPT (SCRIPT FLUSH, a restart) is
     *  not: the step is sent once more as EVAL, which loads the script again.
     * Outages: `down` flips once per outage; the flip to true reports one WARN, the first answer after it one INFO.
     * Secrets: a status names the store by FleetSettings.redactedUri(), and whatever it quotes of Lettuce passes
     *  through FleetSettings.hideSecrets(); of a URI that Lettuce cannot read it quotes the reason alone, since the
     *  rest of such a message quotes the input, or a piece of it.
     * Server side: CL.THROTTLE when redis-cell is loaded and the period is whole seconds (its unit), else the
     *  script, chosen once per connection.
     */

    /** How long a request may take before it counts as unanswered. */
    static final Duration COMMAND_TIMEOUT = Duration.ofMillis(500);
    /** Longest pause between two attempts at the first connection. */
    static final long RECONNECT_MAX_MILLIS = 5_000L;

    static final String SCRIPT = loadScript();

    private static final ProtocolKeyword CL_THROTTLE = new ProtocolKeyword() {
        private final byte[] bytes = "CL.THROTTLE".getBytes(StandardCharsets.US_ASCII);

        @Override
        public byte[] getBytes() {
            return bytes;
        }

        @Override
        public String toString() {
            return "CL.THROTTLE";
        }
    };

    private final FleetSettings settings;
    private final FleetStatus status;
    private final String where;
    private final String period;
    private final String count;
    private final String limit;
    private final ClientResources resources;
    private final AbstractRedisClient client;
    private final List<RedisURI> uris;
    private final AtomicBoolean down = new AtomicBoolean();
    private final AtomicBoolean connecting = new AtomicBoolean();
    private volatile boolean closed;
    private volatile Commands commands;
    private volatile long downSince;
    private long reconnectDelayMillis = 100;

    /** The connection's commands and how it takes a step. */
    private static final class Commands {
        final StatefulConnection<String, String> connection;
        final RedisScriptingAsyncCommands<String, String> scripting;
        final BaseRedisAsyncCommands<String, String> base;
        final String sha;
        final boolean cell;

        Commands(StatefulConnection<String, String> connection, RedisScriptingAsyncCommands<String, String> scripting,
                BaseRedisAsyncCommands<String, String> base, String sha, boolean cell) {
            this.connection = connection;
            this.scripting = scripting;
            this.base = base;
            this.sha = sha;
            this.cell = cell;
        }
    }

    private RedisFleet(FleetSettings settings, FleetStatus status, ClientResources resources,
            AbstractRedisClient client, List<RedisURI> uris) {
        this.settings = settings;
        this.status = status;
        this.where = "fleet: Redis at " + settings.redactedUri();
        this.period = Long.toString(settings.cell().periodMillis());
        this.count = Long.toString(settings.cell().count());
        this.limit = Long.toString(settings.cell().limit());
        this.resources = resources;
        this.client = client;
        this.uris = uris;
    }

    /** Opens a connection in the background; a URI that Lettuce cannot read is reported, and nothing connects. */
    static FleetConnection open(FleetSettings settings, FleetStatus status) {
        List<RedisURI> uris = new ArrayList<>();
        try {
            for (String part : settings.uris()) {
                RedisURI uri = RedisURI.create(part);
                uri.setTimeout(COMMAND_TIMEOUT);
                uris.add(uri);
            }
        } catch (RuntimeException e) {
            status.warn("fleet: \"" + settings.redactedUri() + "\" cannot be used: " + settings.hideSecrets(reason(e))
                    + "; the fleet limit is off and local limits alone decide");
            return new Unusable();
        }
        ClientResources resources = SharedResources.acquire();
        AbstractRedisClient client;
        TimeoutOptions timeouts = TimeoutOptions.enabled(COMMAND_TIMEOUT);
        if (uris.size() > 1) {
            RedisClusterClient cluster = RedisClusterClient.create(resources, uris);
            cluster.setOptions(ClusterClientOptions.builder().timeoutOptions(timeouts)
                    .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS).build());
            client = cluster;
        } else {
            RedisClient single = RedisClient.create(resources);
            single.setOptions(ClientOptions.builder().timeoutOptions(timeouts)
                    .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS).build());
            client = single;
        }
        RedisFleet fleet = new RedisFleet(settings, status, resources, client, uris);
        fleet.connect();
        return fleet;
    }

    private void connect() {
        if (closed || !connecting.compareAndSet(false, true)) {
            return;
        }
        CompletionStage<? extends StatefulConnection<String, String>> future;
        try {
            future = client instanceof RedisClusterClient
                    ? ((RedisClusterClient) client).connectAsync(StringCodec.UTF8)
                    : ((RedisClient) client).connectAsync(StringCodec.UTF8, uris.get(0));
        } catch (RuntimeException e) {
            connectFailed(e);
            return;
        }
        future.whenComplete((connection, e) -> {
            if (e != null) {
                connectFailed(e);
            } else {
                prepare(connection);
            }
        });
    }

    @SuppressWarnings("unchecked")
    private void prepare(StatefulConnection<String, String> connection) {
        Object async = connection instanceof io.lettuce.core.api.StatefulRedisConnection
                ? ((io.lettuce.core.api.StatefulRedisConnection<String, String>) connection).async()
                : ((io.lettuce.core.cluster.api.StatefulRedisClusterConnection<String, String>) connection).async();
        RedisScriptingAsyncCommands<String, String> scripting = (RedisScriptingAsyncCommands<String, String>) async;
        BaseRedisAsyncCommands<String, String> base = (BaseRedisAsyncCommands<String, String>) async;
        boolean wholeSeconds = settings.cell().periodMillis() % 1_000 == 0;
        RedisFuture<List<Object>> info = base.dispatch(CommandType.COMMAND, new ArrayOutput<>(StringCodec.UTF8),
                new CommandArgs<>(StringCodec.UTF8).add("INFO").add("CL.THROTTLE"));
        info.whenComplete((reply, e) -> {
            boolean cell = e == null && wholeSeconds && reply != null && !reply.isEmpty() && reply.get(0) != null;
            scripting.scriptLoad(SCRIPT).whenComplete((sha, e2) -> {
                if (e2 != null) {
                    connection.closeAsync();
                    connectFailed(e2);
                    return;
                }
                commands = new Commands(connection, scripting, base, sha, cell);
                connecting.set(false);
                reconnectDelayMillis = 100;
                if (closed) {
                    connection.closeAsync();
                } else {
                    answered();
                }
            });
        });
    }

    private void connectFailed(Throwable e) {
        failed(e);
        connecting.set(false);
        if (closed) {
            return;
        }
        long delay = reconnectDelayMillis;
        reconnectDelayMillis = Math.min(RECONNECT_MAX_MILLIS, delay * 2);
        try {
            ScheduledExecutorService executor = resources.eventExecutorGroup();
            executor.schedule(this::connect, delay, TimeUnit.MILLISECONDS);
        } catch (RuntimeException rejected) {
            // the shared threads are shutting down: so is this connection
        }
    }

    /**
     * Returns whether requests go to {@code CL.THROTTLE} (redis-cell) rather than the script; false until connected.
     */
    boolean usesRedisCell() {
        Commands c = commands;
        return c != null && c.cell;
    }

    /** Returns whether the connection is ready for requests. */
    boolean connected() {
        return commands != null && !down.get();
    }

    @Override
    public void take(String key, long quantity, FleetReply reply) {
        Commands c = commands;
        if (closed || c == null) {
            reply.unavailable(); // the first connection is retried in the background, with its back-off
            return;
        }
        try {
            resources.eventExecutorGroup().execute(() -> send(c, key, quantity, reply));
        } catch (RuntimeException e) {
            reply.unavailable();
        }
    }

    private void send(Commands c, String key, long quantity, FleetReply reply) {
        try {
            CompletionStage<?> step;
            if (c.cell) {
                step = c.base.dispatch(CL_THROTTLE, new ArrayOutput<>(StringCodec.UTF8),
                        new CommandArgs<>(StringCodec.UTF8).addKey(key).add(settings.cell().burst())
                                .add(settings.cell().count()).add(settings.cell().periodMillis() / 1_000)
                                .add(quantity));
            } else {
                step = c.scripting.<Object>evalsha(c.sha, ScriptOutputType.MULTI, new String[] {key}, period, count,
                        limit, Long.toString(quantity));
            }
            step.whenComplete((r, e) -> {
                if (e != null && isNoScript(e)) {
                    c.scripting.<Object>eval(SCRIPT, ScriptOutputType.MULTI, new String[] {key}, period, count, limit,
                            Long.toString(quantity)).whenComplete((r2, e2) -> answer(r2, e2, c.cell, reply));
                } else {
                    answer(r, e, c.cell, reply);
                }
            });
        } catch (RuntimeException e) {
            failed(e);
            reply.unavailable();
        }
    }

    private void answer(Object result, Throwable error, boolean cell, FleetReply reply) {
        GcraReply g;
        try {
            if (error != null) {
                throw error instanceof RuntimeException ? (RuntimeException) error : new IllegalStateException(error);
            }
            g = GcraReply.of(result);
        } catch (RuntimeException e) {
            failed(e);
            reply.unavailable();
            return;
        }
        answered();
        if (g.allowed) {
            reply.granted();
        } else {
            long retry = g.retryAfter < 0 ? -1 : cell ? g.retryAfter * 1_000 : g.retryAfter;
            reply.refused(retry);
        }
    }

    private static boolean isNoScript(Throwable e) {
        String m = e.getMessage();
        return m != null && m.startsWith("NOSCRIPT");
    }

    private void failed(Throwable e) {
        if (closed) {
            return; // a request cut short by close() is no outage
        }
        if (down.compareAndSet(false, true)) {
            downSince = System.nanoTime();
            status.warn(where + " is unavailable (" + settings.hideSecrets(problem(e)) + "); local limits alone "
                    + "decide until it answers again");
        }
    }

    private void answered() {
        if (down.compareAndSet(true, false)) {
            long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - downSince);
            status.info(where + " answers again after " + seconds + " s; the fleet limit applies again");
        }
    }

    /**
     * Returns why Lettuce could not read a URI, without the URI: the exception's class and its message up to the
     * first {@code ": "}, after which {@link java.net.URI}'s and the number parsers' messages quote the input, and so
     * a password or a piece of one.
     */
    private static String reason(RuntimeException e) {
        String m = e.getMessage();
        int quote = m == null ? -1 : m.indexOf(": ");
        String shown = m == null ? "" : quote < 0 ? m : m.substring(0, quote);
        return e.getClass().getSimpleName() + (shown.isEmpty() ? "" : " (" + shown + ")");
    }

    private static String problem(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        String m = t.getMessage();
        return t.getClass().getSimpleName() + (m == null ? "" : ": " + m);
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        client.shutdownAsync(0, 2, TimeUnit.SECONDS).whenComplete((v, e) -> SharedResources.release());
    }

    private static String loadScript() {
        try (InputStream in = RedisFleet.class.getResourceAsStream("gcra.lua")) {
            if (in == null) {
                throw new IllegalStateException("gcra.lua is missing from floodgate-redis");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read gcra.lua", e);
        }
    }

    /** The connection of a URI that Lettuce could not read: every request is unanswered. */
    private static final class Unusable implements FleetConnection {
        @Override
        public void take(String key, long quantity, FleetReply reply) {
            reply.unavailable();
        }

        @Override
        public void close() {
            // nothing was opened
        }
    }
}
