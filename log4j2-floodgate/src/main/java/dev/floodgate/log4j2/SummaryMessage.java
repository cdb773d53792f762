package dev.floodgate.log4j2;

import dev.floodgate.core.summary.SuppressionSummary;
import java.util.Map;
import org.apache.logging.log4j.message.MapMessage;

/**
 * The message of a summary event: its text is the summary line ("Suppressed 12 messages like …"), and its map holds
 * the same facts as fields ({@code floodgate.suppressed}, {@code floodgate.fingerprint}, {@code floodgate.interval},
 * …), so that {@code JsonTemplateLayout}'s {@code map} resolver, {@code %K{key}} in a {@code PatternLayout} and other
 * map-aware layouts can emit them. Its texts are escaped by {@code SuppressionSummary} (no control character, and no
 * quote that could close the one around the template), so a layout that cleans only {@code %m} is not bypassed
 * through {@code %K}.
 *
 * <p>Immutable once built; it holds no reference to any logged event or message. Asking it for the {@code JSON},
 * {@code XML} or {@code JAVA} format gives the map in that format, like any {@link MapMessage}.
 */
final class SummaryMessage extends MapMessage<SummaryMessage, Object> {

    private static final long serialVersionUID = 1L;

    private final String line;

    SummaryMessage(SuppressionSummary summary) {
        this(summary.message(), summary.fields());
    }

    private SummaryMessage(String line, Map<String, Object> fields) {
        super(fields.size());
        this.line = line;
        for (Map.Entry<String, Object> field : fields.entrySet()) {
            with(field.getKey(), field.getValue());
        }
    }

    @Override
    public String getFormattedMessage() {
        return line;
    }

    @Override
    public String getFormattedMessage(String[] formats) {
        return selectsMapFormat(formats) ? super.getFormattedMessage(formats) : line;
    }

    @Override
    public void formatTo(StringBuilder buffer) {
        buffer.append(line);
    }

    @Override
    public void formatTo(String[] formats, StringBuilder buffer) {
        if (selectsMapFormat(formats)) {
            super.formatTo(formats, buffer);
        } else {
            buffer.append(line);
        }
    }

    @Override
    public String toString() {
        return line;
    }

    private static boolean selectsMapFormat(String[] formats) {
        if (formats == null) {
            return false;
        }
        for (String format : formats) {
            for (MapFormat known : MapFormat.values()) {
                if (known.name().equalsIgnoreCase(format)) {
                    return true;
                }
            }
        }
        return false;
    }
}
