package dev.floodgate.log4j2;

import dev.floodgate.core.Clock;
import dev.floodgate.core.ManualClock;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.logging.log4j.core.config.Node;
import org.apache.logging.log4j.core.config.plugins.Plugin;
import org.apache.logging.log4j.core.config.plugins.PluginAttribute;
import org.apache.logging.log4j.core.config.plugins.PluginFactory;

/**
 * A clock element for test XML, {@code <TestClock name="x"/>} inside {@code <Floodgate>}: reads the
 * {@link ManualClock} registered under its name, which the test moves by hand.
 */
@Plugin(name = "TestClock", category = Node.CATEGORY, elementType = "clock", printObject = true)
public final class TestClock implements Clock {

    /** The start time of every test clock: 2026-01-01T10:00:00Z. */
    public static final long START = 1_767_261_600_000L;

    private static final Map<String, ManualClock> CLOCKS = new ConcurrentHashMap<>();

    private final String name;

    private TestClock(String name) {
        this.name = name;
    }

    @PluginFactory
    public static TestClock create(@PluginAttribute("name") String name) {
        return new TestClock(name);
    }

    /** Returns the manual clock named {@code name}, reset to {@link #START}. */
    public static ManualClock reset(String name) {
        ManualClock clock = CLOCKS.computeIfAbsent(name, n -> new ManualClock(START));
        clock.set(START);
        return clock;
    }

    @Override
    public long millis() {
        return CLOCKS.computeIfAbsent(name, n -> new ManualClock(START)).millis();
    }

    @Override
    public String toString() {
        return "TestClock[" + name + "]";
    }
}
