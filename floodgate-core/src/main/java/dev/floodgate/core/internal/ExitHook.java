package dev.floodgate.core.internal;

import dev.floodgate.core.FloodEngine;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The JVM shutdown hook that stops every armed summary publisher when the JVM exits: it closes each engine and
 * writes what the engine has not told yet through the filter's appenders, which still run, or reports it with its
 * count as one error, waiting at most the publishers' stop timeout in all, however many filters there
 * are. A filter arms its publisher when it goes live ({@code SummaryPublisher.stopAtExit()}), and the publisher
 * disarms itself when its stop has finished, so a framework's own stop that comes first leaves nothing to the hook.
 *
 * <p>Spring Boot stops the logging system itself at the end of its own shutdown hook, after it closed the application
 * (a graceful shutdown may take many seconds, during which the application still logs). When Spring Boot is on the
 * class path, the hook therefore first waits for Spring Boot's hook thread to end, if it finds it within
 * {@value #FIND_SPRING_BOOT_HOOK_MILLIS} ms, so that the filters keep limiting until Spring Boot stops them; it then
 * stops whatever is still armed. This waiting adds nothing to the exit, which waits for Spring Boot's hook anyway,
 * except those {@value #FIND_SPRING_BOOT_HOOK_MILLIS} ms when Spring Boot is present without a hook of its own.
 *
 * <p>One per class loader of floodgate-core. It is registered with the runtime while at least one publisher is
 * armed and removed when the last one stops, so that an application that stops its logging (an application server's
 * undeploy) leaves no hook behind that would keep its class loader; the hook thread's context class loader is
 * floodgate-core's, not that of the application that armed it first.
 *
 * <p>Thread-safe: one lock guards the armed publishers and the registration, and is never held while a publisher
 * stops. Memory: one entry per live engine; a publisher that continues an engine after a reload replaces the entry of
 * the one it continues.
 */
final class ExitHook {

    /** The name of the thread of Spring Boot's shutdown hook, which closes the application and then stops logging. */
    static final String SPRING_BOOT_HOOK = "SpringApplicationShutdownHook";
    /** How long the hook looks for Spring Boot's hook thread, which the JVM starts at about the same time. */
    static final long FIND_SPRING_BOOT_HOOK_MILLIS = 200L;
    private static final long FIND_PAUSE_MILLIS = 5L;
    private static final String SPRING_APPLICATION = "org.springframework.boot.SpringApplication";

    /**
     * What the hook stops: a summary publisher. It knows the hook, and the hook knows only this, so that the two do
     * not depend on each other.
     */
    interface Stoppable {
        /** Closes the engine and queues its last summaries; returns whether this call did, and must finish it. */
        boolean beginStop();

        /** Waits for the writer until {@code deadline} (of {@link System#nanoTime()}); reports what it did not write. */
        boolean finishStop(long deadline);

        /** Waits until the stop that another caller began has finished, at most until {@code deadline}. */
        boolean awaitStopped(long deadline);
    }

    private final Object lock = new Object();
    /** The publisher that writes each live engine's summaries; guarded by lock. */
    private final Map<FloodEngine, Stoppable> armed = new IdentityHashMap<>();
    /** The hook thread registered with the runtime, or null; guarded by lock. */
    private Thread registered;
    /** Set once the hook runs: the JVM exits, and no publisher is armed any more; guarded by lock. */
    private boolean exiting;
    /** Whether to wait for Spring Boot's hook first. */
    private final boolean springBoot;

    /** How long the hook waits for all armed publishers together, in milliseconds. */
    private final long stopTimeoutMillis;

    ExitHook(boolean springBoot, long stopTimeoutMillis) {
        this.springBoot = springBoot;
        this.stopTimeoutMillis = stopTimeoutMillis;
    }

    /** Returns whether Spring Boot is on the class path of floodgate-core. */
    static boolean springBootPresent() {
        try {
            Class.forName(SPRING_APPLICATION, false, ExitHook.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    /**
     * Makes the hook stop {@code publisher}, which writes {@code engine}'s summaries, in place of any publisher armed
     * for that engine before; registers the hook if it is the first. Does nothing while the JVM exits.
     */
    void arm(FloodEngine engine, Stoppable publisher) {
        synchronized (lock) {
            if (exiting) {
                return;
            }
            armed.put(engine, publisher);
            if (registered == null) {
                Thread hook = new Thread(null, this::run, "floodgate-exit", 0, false);
                hook.setContextClassLoader(ExitHook.class.getClassLoader()); // not the arming application's
                try {
                    Runtime.getRuntime().addShutdownHook(hook);
                    registered = hook;
                } catch (IllegalStateException | SecurityException e) {
                    // the JVM exits already, or may not have hooks: the framework's own stop, if any, writes them
                }
            }
        }
    }

    /** Forgets {@code publisher} if it is the one armed for {@code engine}; removes the hook after the last one. */
    void disarm(FloodEngine engine, Stoppable publisher) {
        synchronized (lock) {
            armed.remove(engine, publisher);
            if (armed.isEmpty() && registered != null) {
                try {
                    Runtime.getRuntime().removeShutdownHook(registered);
                } catch (IllegalStateException | SecurityException e) {
                    // the JVM exits: the hook runs or has run, and the runtime lets go of it anyway
                }
                registered = null;
            }
        }
    }

    /** Returns the hook thread while it is registered with the runtime, else null; for tests. */
    Thread registered() {
        synchronized (lock) {
            return registered;
        }
    }

    /**
     * The hook: waits for Spring Boot's hook if there is one, then stops every armed publisher. It first closes every
     * engine and hands its last summaries to its writer, so that all of them write at once, then waits for them with
     * one deadline. A publisher that a framework is stopping at the same moment is waited for instead, so each count
     * is written or reported once.
     */
    void run() {
        if (springBoot) {
            awaitSpringBoot();
        }
        stopArmed();
    }

    /** Waits until Spring Boot's hook thread has ended, if it shows up within the time it is looked for. */
    private static void awaitSpringBoot() {
        long giveUp = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(FIND_SPRING_BOOT_HOOK_MILLIS);
        try {
            Thread spring = find(SPRING_BOOT_HOOK);
            while (spring == null && System.nanoTime() < giveUp) {
                Thread.sleep(FIND_PAUSE_MILLIS);
                spring = find(SPRING_BOOT_HOOK);
            }
            if (spring != null) {
                spring.join();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // stop at once: the publishers' stops report what they cannot write
        }
    }

    /** Returns a live thread named {@code name} other than the calling one, or null. */
    static Thread find(String name) {
        ThreadGroup root = Thread.currentThread().getThreadGroup();
        while (root.getParent() != null) {
            root = root.getParent();
        }
        Thread[] threads = new Thread[root.activeCount() + 16];
        int n = root.enumerate(threads, true);
        for (int i = 0; i < n; i++) {
            if (threads[i] != Thread.currentThread() && name.equals(threads[i].getName())) {
                return threads[i];
            }
        }
        return null;
    }

    /** Stops every armed publisher, all at once, with one deadline. */
    void stopArmed() {
        List<Stoppable> stopping;
        synchronized (lock) {
            exiting = true;
            stopping = new ArrayList<>(armed.values());
        }
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(stopTimeoutMillis);
        boolean[] began = new boolean[stopping.size()];
        for (int i = 0; i < began.length; i++) {
            try {
                began[i] = stopping.get(i).beginStop();
            } catch (RuntimeException e) {
                began[i] = false; // the publisher has finished and reports nothing more; the others go on
            }
        }
        for (int i = 0; i < began.length; i++) {
            Stoppable p = stopping.get(i);
            try {
                if (began[i]) {
                    p.finishStop(deadline);
                } else {
                    p.awaitStopped(deadline);
                }
            } catch (RuntimeException e) {
                // a sink that throws on error: nothing else can report it at exit
            }
        }
    }
}
