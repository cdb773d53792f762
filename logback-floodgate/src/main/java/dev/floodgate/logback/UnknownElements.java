package dev.floodgate.logback;

import ch.qos.logback.core.Context;
import ch.qos.logback.core.status.Status;
import ch.qos.logback.core.status.StatusListener;
import ch.qos.logback.core.status.StatusManager;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The elements of a filter's XML that Logback could not set, e.g. a misspelt {@code <maxKey>}: Joran only warns
 * "Ignoring unknown property [maxKey] in [dev.floodgate.logback.FloodgateTurboFilter]" and carries on, so the filter
 * listens for that warning from {@link #listen} (Joran sets the context before the nested elements) until
 * {@link #stopListening} (Joran starts the filter after them), and treats each such name as an unknown option.
 *
 * <p>Thread-safe. If Logback ever words the warning differently, nothing is found and the filter starts as if every
 * element were known.
 */
final class UnknownElements implements StatusListener {

    private static final String PREFIX = "Ignoring unknown property [";

    private final String suffix;
    /** Guarded by itself. */
    private final List<String> names = new ArrayList<>();
    /*
     * The status manager calls addStatusEvent under its listener lock, so this class never holds a lock of its
     * own while it calls the manager.
     */
    private final AtomicReference<StatusManager> manager = new AtomicReference<>();

    /** Creates a listener for the warnings about elements of {@code filterClass}. */
    UnknownElements(Class<?> filterClass) {
        this.suffix = "] in [" + filterClass.getName() + "]";
    }

    /** Starts listening to {@code context}'s status messages. */
    void listen(Context context) {
        StatusManager statusManager = context == null ? null : context.getStatusManager();
        if (statusManager != null && manager.compareAndSet(null, statusManager)) {
            statusManager.add(this);
        }
    }

    /** Stops listening and returns the names found so far. */
    List<String> stopListening() {
        StatusManager statusManager = manager.getAndSet(null);
        if (statusManager != null) {
            statusManager.remove(this);
        }
        synchronized (names) {
            return new ArrayList<>(names);
        }
    }

    @Override
    public void addStatusEvent(Status status) {
        String message = status.getMessage();
        if (status.getLevel() == Status.WARN && message != null && message.startsWith(PREFIX)
                && message.endsWith(suffix) && message.length() > PREFIX.length() + suffix.length()) {
            synchronized (names) {
                names.add(message.substring(PREFIX.length(), message.length() - suffix.length()));
            }
        }
    }
}
