package dev.floodgate.cli;

import java.util.List;

/**
 * Matches the lines of a log that mixes formats: each line is tried with every format in turn, first whole, then
 * by its lead (up to the timestamp).
 *
 * <p>Not thread-safe; valid until the next {@link #match}.
 */
final class MixedLineMatcher implements LineMatcher {
    private final LineMatcher[] parts;
    private LineMatcher current;

    MixedLineMatcher(List<LogFormat> formats) {
        this.parts = new LineMatcher[formats.size()];
        for (int i = 0; i < parts.length; i++) {
            parts[i] = formats.get(i).matcher();
        }
        this.current = parts[0];
    }

    @Override
    public boolean match(String text) {
        LineMatcher byLead = null;
        for (LineMatcher part : parts) {
            if (part.match(text)) {
                if (part.isFull()) {
                    current = part;
                    return true;
                }
                if (byLead == null) {
                    byLead = part;
                }
            }
        }
        if (byLead == null) {
            return false;
        }
        byLead.match(text);
        current = byLead;
        return true;
    }

    @Override
    public boolean isFull() {
        return current.isFull();
    }

    @Override
    public LogFormat format() {
        return current.format();
    }

    @Override
    public long timestamp(TimestampParser parser) {
        return current.timestamp(parser);
    }

    @Override
    public String timestampText() {
        return current.timestampText();
    }

    @Override
    public String message() {
        return current.message();
    }

    @Override
    public boolean messageIsTemplate() {
        return current.messageIsTemplate();
    }

    @Override
    public String logger() {
        return current.logger();
    }

    @Override
    public String level() {
        return current.level();
    }

    @Override
    public String throwableClass() {
        return current.throwableClass();
    }

    @Override
    public String throwableFrame() {
        return current.throwableFrame();
    }

    @Override
    public LineTemplate template() {
        return current.template();
    }
}
