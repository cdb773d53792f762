package dev.floodgate.logback;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;

/** A list appender that itself logs, through the logger {@code echo}, each event it receives. */
public final class EchoingListAppender extends ListAppender<ILoggingEvent> {

    @Override
    protected void append(ILoggingEvent event) {
        super.append(event);
        ((LoggerContext) getContext()).getLogger("echo").info("echo of {}", event.getMessage());
    }
}
