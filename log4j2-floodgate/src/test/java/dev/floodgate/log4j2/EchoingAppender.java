package dev.floodgate.log4j2;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.logging.log4j.core.Appender;
import org.apache.logging.log4j.core.Filter;
import org.apache.logging.log4j.core.Layout;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.Node;
import org.apache.logging.log4j.core.config.Property;
import org.apache.logging.log4j.core.config.plugins.Plugin;
import org.apache.logging.log4j.core.config.plugins.PluginAttribute;
import org.apache.logging.log4j.core.config.plugins.PluginConfiguration;
import org.apache.logging.log4j.core.config.plugins.PluginElement;
import org.apache.logging.log4j.core.config.plugins.PluginFactory;

/**
 * A test appender, {@code <Echoing name="..."/>}, that keeps {@code event.toImmutable()} of every event and then
 * itself logs {@code "echo of {}"} with the event's text (its layout's, if it has one) through the logger
 * {@code echo} of its configuration's context.
 */
@Plugin(name = "Echoing", category = Node.CATEGORY, elementType = Appender.ELEMENT_TYPE)
public final class EchoingAppender extends AbstractAppender {

    private final Configuration configuration;
    private final List<LogEvent> events = new ArrayList<>();

    private EchoingAppender(String name, Filter filter, Layout<?> layout, Configuration configuration) {
        super(name, filter, layout, true, Property.EMPTY_ARRAY);
        this.configuration = configuration;
    }

    @PluginFactory
    public static EchoingAppender create(@PluginAttribute("name") String name, @PluginElement("Filter") Filter filter,
            @PluginElement("Layout") Layout<?> layout, @PluginConfiguration Configuration configuration) {
        return new EchoingAppender(name, filter, layout, configuration);
    }

    @Override
    public void append(LogEvent event) {
        LogEvent copy = event.toImmutable();
        synchronized (events) {
            events.add(copy);
        }
        String text = getLayout() == null ? copy.getMessage().getFormattedMessage()
                : new String(getLayout().toByteArray(copy), StandardCharsets.UTF_8);
        configuration.getLoggerContext().getLogger("echo").info("echo of {}", text);
    }

    /** Returns a copy of the events received. */
    public List<LogEvent> events() {
        synchronized (events) {
            return new ArrayList<>(events);
        }
    }
}
