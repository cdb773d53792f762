package dev.floodgate.log4j2;

import dev.floodgate.core.Clock;
import dev.floodgate.core.ManualClock;
import dev.floodgate.core.TickingClock;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.logging.log4j.core.config.Node;
import org.apache.logging.log4j.core.config.plugins.Plugin;
import org.apache.logging.log4j.core.config.plugins.PluginAttribute;
import org.apache.logging.log4j.core.config.plugins.PluginFactory;

/**
 * A clock element that ticks like the production one, {@code <SteppingClock name="x"/>} inside {@code <Floodgate>}: a
 * {@link TickingClock} over a {@link ManualClock} that the test moves with {@link #advanceOneMilli(String)}, ticked
 * every {@value TickingClock#TICK_MILLIS} ms of it, so the filter reads time in the same steps as with the default.
 */
@Plugin(name = "SteppingClock", category = Node.CATEGORY, elementType = "clock", printObject = true)
public final class SteppingClock implements Clock {

    private static final Map<String, Steps> CLOCKS = new ConcurrentHashMap<>();

    private final Steps steps;

    private SteppingClock(Steps steps) {
        this.steps = steps;
    }

    /** Creates the element; clocks of the same name share their time. */
    @PluginFactory
    public static SteppingClock create(@PluginAttribute("name") String name) {
        return new SteppingClock(CLOCKS.computeIfAbsent(name, n -> new Steps()));
    }

    /** Starts the clock named {@code name} afresh at {@link TestClock#START}. */
    public static void reset(String name) {
        CLOCKS.put(name, new Steps());
    }

    /** Moves the clock named {@code name} one millisecond, ticking it when a tick is due. Not thread-safe. */
    public static void advanceOneMilli(String name) {
        Steps s = CLOCKS.get(name);
        s.source.advanceMillis(1);
        if (++s.sinceTick == TickingClock.TICK_MILLIS) {
            s.sinceTick = 0;
            s.ticking.tick();
        }
    }

    @Override
    public long millis() {
        return steps.ticking.millis();
    }

    @Override
    public long resolutionMillis() {
        return steps.ticking.resolutionMillis();
    }

    /** One named clock's time. */
    private static final class Steps {
        final ManualClock source = new ManualClock(TestClock.START);
        final TickingClock ticking = TickingClock.tickedByHand(source);
        int sinceTick;
    }
}
