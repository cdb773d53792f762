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
 * One filter's connection to the Redis that keeps the fleet limit: connects in the background when the first request
 * comes, sends each lease request as one atomic GCRA step, and turns every fault into a
 * {@link FleetReply#unavailable()} and one WARN status per outage.
 *
 * <p>Thread-safe. {@link #take} hands the request to a thread of the client and returns; nothing here blocks an
 * application thread or throws into it, and no code of Lettuce or Netty runs on an application thread, so what they
 * log stays out of the application's logging ({@link ClientLog}).
 */
final class RedisFleet implements FleetConnection {

    /*
     * Start: nothing of Lettuce is made until the first take(), which is after the configuration that opened the
     *  connection was read (a logging call), so that neither the client's setting up nor an outage is reported while
     *  the logging framework is still being configured. The first take() wraps Netty's logging (ClientLog) and starts
     *  the set-up on a thread of the client (ClientThreads); requests that come before the first attempt to connect
     *  has ended wait for it (at most one per lease), so that the calls passed meanwhile are the lease's debt, paid by
     *  the first grant, rather than forgiven as an outage's. `lock` guards the start, the waiting requests and
     *  close().
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
    private final List<RedisURI> uris;
    private final AtomicBoolean down = new AtomicBoolean();
    private final AtomicBoolean connecting = new AtomicBoolean();
    private final Object lock = new Object();
    /** Whether the first take() started the set-up; guarded by lock. */
    private boolean started;
    /** Requests waiting for the end of the first attempt to connect, or null when none may wait; guarded by lock. */
    private List<Request> waiting;
    /** Set once by the set-up, on a thread of the client. */
    private volatile ClientResources resources;
    private volatile AbstractRedisClient client;
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

    /** A request that waits for the first connection. */
    private static final class Request {
        final String key;
        final long quantity;
        final FleetReply reply;

        Request(String key, long quantity, FleetReply reply) {
            this.key = key;
            this.quantity = quantity;
            this.reply = reply;
        }
    }

    private RedisFleet(FleetSettings settings, FleetStatus status, List<RedisURI> uris) {
        this.settings = settings;
        this.status = status;
        this.where = "fleet: Redis at " + settings.redactedUri();
        this.period = Long.toString(settings.cell().periodMillis());
        this.count = Long.toString(settings.cell().count());
        this.limit = Long.toString(settings.cell().limit());
        this.uris = uris;
    }

    /**
     * Returns a connection that connects when the first request comes; a URI that Lettuce cannot read is reported,
     * and nothing connects.
     */
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
        return new RedisFleet(settings, status, uris);
    }

    /**
     * Starts the set-up on a thread of the client, with Netty's logging wrapped first: the first thread of the client
     * loads a class of Netty that makes its logger, and Netty, which chooses its logging framework then, would log its
     * choice. Called once, under lock; if no thread can be started, the connection stays unavailable.
     */
    private void start() {
        ClientLog.install();
        try {
            ClientThreads.start("connect", this::setUp);
            waiting = new ArrayList<>();
        } catch (RuntimeException | OutOfMemoryError e) { // no thread to be had: the application's thread goes on
            failed(e);
        }
    }

    /** Makes the client and connects; runs on a thread of the client, once. */
    private void setUp() {
        AbstractRedisClient made;
        ClientResources shared;
        try {
            shared = SharedResources.acquire();
        } catch (RuntimeException | LinkageError e) {
            connectFailed(e); // the client cannot be made: its requests are answered unavailable, and none waits
            return;
        }
        try {
            TimeoutOptions timeouts = TimeoutOptions.enabled(COMMAND_TIMEOUT);
            if (uris.size() > 1) {
                RedisClusterClient cluster = RedisClusterClient.create(shared, uris);
                cluster.setOptions(ClusterClientOptions.builder().timeoutOptions(timeouts)
                        .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS).build());
                made = cluster;
            } else {
                RedisClient single = RedisClient.create(shared);
                single.setOptions(ClientOptions.builder().timeoutOptions(timeouts)
                        .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS).build());
                made = single;
            }
        } catch (RuntimeException | LinkageError e) {
            SharedResources.release();
            connectFailed(e);
            return;
        }
        boolean closedMeanwhile;
        synchronized (lock) {
            resources = shared;
            client = made;
            closedMeanwhile = closed; // then close() found no client: this shuts it down, exactly once
        }
        if (closedMeanwhile) {
            shutDown(made);
            return;
        }
        connect();
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
                Commands ready = new Commands(connection, scripting, base, sha, cell);
                commands = ready;
                connecting.set(false);
                reconnectDelayMillis = 100;
                if (closed) {
                    connection.closeAsync();
                } else {
                    answered();
                }
                for (Request r : endWaiting()) {
                    take(r.key, r.quantity, r.reply);
                }
            });
        });
    }

    private void connectFailed(Throwable e) {
        failed(e);
        connecting.set(false);
        for (Request r : endWaiting()) {
            r.reply.unavailable();
        }
        ClientResources shared = resources;
        if (closed || shared == null) {
            return; // closed, or the client could not be made: nothing to retry with
        }
        long delay = reconnectDelayMillis;
        reconnectDelayMillis = Math.min(RECONNECT_MAX_MILLIS, delay * 2);
        try {
            ScheduledExecutorService executor = shared.eventExecutorGroup();
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

    /** Returns the requests that waited for the first attempt to connect, which has ended; no request waits after. */
    private List<Request> endWaiting() {
        synchronized (lock) {
            List<Request> ended = waiting == null ? List.of() : waiting;
            waiting = null;
            return ended;
        }
    }

    @Override
    public void take(String key, long quantity, FleetReply reply) {
        Commands c = commands;
        if (c == null || closed) {
            synchronized (lock) {
                if (!closed && !started) {
                    started = true;
                    start();
                }
                if (waiting != null) {
                    waiting.add(new Request(key, quantity, reply));
                    return;
                }
            }
            reply.unavailable(); // the connection is retried in the background, with its back-off
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
        AbstractRedisClient made;
        synchronized (lock) {
            if (closed) {
                return;
            }
            closed = true;
            made = client;
        }
        for (Request r : endWaiting()) {
            r.reply.unavailable();
        }
        if (made != null) {
            shutDown(made);
        } // else the set-up, if started, finds the connection closed and shuts its client down itself
    }

    /**
     * Shuts {@code made} down on a thread of the client, and then gives the shared resources back on another: Lettuce
     * completes the shutdown on Netty's global thread, which is not the client's.
     */
    private static void shutDown(AbstractRedisClient made) {
        ClientThreads.start("close", () -> made.shutdownAsync(0, 2, TimeUnit.SECONDS)
                .whenCompleteAsync((v, e) -> SharedResources.release(), task -> ClientThreads.start("release", task)));
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
