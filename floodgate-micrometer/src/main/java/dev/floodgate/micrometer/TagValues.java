package dev.floodgate.micrometer;

/**
 * Makes text from log messages safe as a tag value: control characters become spaces, runs of white space one
 * space, and the value is cut to {@value #MAX_LENGTH} characters with an ellipsis.
 *
 * <p>Stateless.
 */
final class TagValues {

    /** Longest tag value made from a template. */
    static final int MAX_LENGTH = 100;

    private TagValues() {
    }

    static String safe(String text) {
        StringBuilder out = new StringBuilder(Math.min(text.length(), MAX_LENGTH + 1));
        boolean space = false;
        for (int i = 0; i < text.length() && out.length() < MAX_LENGTH; i++) {
            char c = text.charAt(i);
            if (Character.isISOControl(c) || Character.isWhitespace(c) || Character.getType(c) == Character.FORMAT) {
                space = out.length() > 0;
                continue;
            }
            if (Character.isSurrogate(c) && out.length() == MAX_LENGTH - 1) {
                break;
            }
            if (space) {
                out.append(' ');
                space = false;
            }
            out.append(c);
        }
        String cut = out.toString();
        return cut.length() < MAX_LENGTH && cut.length() == visibleLength(text) ? cut : cut + "…";
    }

    private static int visibleLength(String text) {
        return text.trim().replaceAll("[\\p{Cntrl}\\p{Cf}\\s]+", " ").length();
    }
}
