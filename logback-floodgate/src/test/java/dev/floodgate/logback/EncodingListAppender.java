package dev.floodgate.logback;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;
import ch.qos.logback.core.encoder.Encoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** An appender for tests that keeps what its encoder makes of each event, as text. */
public final class EncodingListAppender extends AppenderBase<ILoggingEvent> {

    private final List<String> lines = new ArrayList<>();
    private Encoder<ILoggingEvent> encoder;

    /** Sets the encoder; Logback calls it for the nested {@code <encoder>}. */
    public void setEncoder(Encoder<ILoggingEvent> encoder) {
        this.encoder = encoder;
    }

    @Override
    protected void append(ILoggingEvent event) {
        lines.add(new String(encoder.encode(event), StandardCharsets.UTF_8));
    }

    /** Returns the encoded events so far. */
    synchronized List<String> lines() {
        return new ArrayList<>(lines);
    }
}
