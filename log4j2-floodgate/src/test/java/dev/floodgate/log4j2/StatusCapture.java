package dev.floodgate.log4j2;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.status.StatusData;
import org.apache.logging.log4j.status.StatusListener;
import org.apache.logging.log4j.status.StatusLogger;

/** Collects the status messages at WARN (or a level chosen) or above while registered. */
public final class StatusCapture implements StatusListener {

    private final List<StatusData> data = new CopyOnWriteArrayList<>();
    private final Level level;

    private StatusCapture(Level level) {
        this.level = level;
    }

    /** Registers a new capture of WARN and above with the status logger. */
    public static StatusCapture start() {
        return start(Level.WARN);
    }

    /** Registers a new capture of {@code level} and above with the status logger. */
    public static StatusCapture start(Level level) {
        StatusCapture capture = new StatusCapture(level);
        StatusLogger.getLogger().registerListener(capture);
        return capture;
    }

    @Override
    public void log(StatusData d) {
        if (d.getLevel().isMoreSpecificThan(level)) {
            data.add(d);
        }
    }

    @Override
    public Level getStatusLevel() {
        return level;
    }

    /** Returns each captured message as {@code LEVEL text}. */
    public List<String> messages() {
        return data.stream().map(d -> d.getLevel() + " " + d.getMessage().getFormattedMessage())
                .collect(Collectors.toList());
    }

    /**
     * Returns the captured messages that mention Floodgate, but for the warning that a context-wide filter gives on a
     * Log4j before 2.20.0 (the compatibility matrix runs there; {@code FloodgateFilterTest} checks that warning).
     */
    public List<String> floodgateMessages() {
        String known = Log4jVersion.contextWideWarning();
        return messages().stream().filter(m -> m.contains("Floodgate"))
                .filter(m -> known == null || !m.equals("WARN Floodgate: " + known)).collect(Collectors.toList());
    }

    /** Unregisters the capture. */
    public void stop() {
        StatusLogger.getLogger().removeListener(this);
    }

    @Override
    public void close() {
        // Called by the status logger when it removes the listener; nothing to release.
    }
}
