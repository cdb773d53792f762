package dev.floodgate.spring;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The links to the published documentation that a message gives users: each names a file of this repository and,
 * after {@code #}, a heading of it, as GitHub makes its anchor.
 */
final class DocumentationLinks {

    private static final Pattern LINK = Pattern.compile(
            "https://github\\.com/floodgate-dev/floodgate/blob/main/([\\w./-]+?)(?:#([\\w-]+))?(?=[\\s),;]|$)");
    private static final Pattern HEADING = Pattern.compile("^#+ (.+)$", Pattern.MULTILINE);

    private DocumentationLinks() {
    }

    /** Returns the links in {@code text} that do not lead to a file of this repository and a heading in it. */
    static List<String> broken(String text) {
        Path root = repositoryRoot();
        List<String> out = new ArrayList<>();
        Matcher m = LINK.matcher(text);
        while (m.find()) {
            Path file = root.resolve(m.group(1));
            if (!Files.isRegularFile(file) || (m.group(2) != null && !anchors(file).contains(m.group(2)))) {
                out.add(m.group());
            }
        }
        return out;
    }

    /** Returns how many links {@code text} has. */
    static int count(String text) {
        int n = 0;
        for (Matcher m = LINK.matcher(text); m.find(); ) {
            n++;
        }
        return n;
    }

    /** The anchors GitHub gives the headings of a Markdown file: lower case, punctuation dropped, spaces as hyphens. */
    private static List<String> anchors(Path file) {
        List<String> out = new ArrayList<>();
        try {
            Matcher m = HEADING.matcher(Files.readString(file, StandardCharsets.UTF_8));
            while (m.find()) {
                out.add(m.group(1).toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9 _-]", "").replace(' ', '-'));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    /** The directory above the working directory that holds {@code mvnw} and {@code src/docs}. */
    private static Path repositoryRoot() {
        Path dir = Path.of(System.getProperty("basedir", System.getProperty("user.dir"))).toAbsolutePath();
        for (Path d = dir; d != null; d = d.getParent()) {
            if (Files.isRegularFile(d.resolve("mvnw")) && Files.isDirectory(d.resolve("src/docs"))) {
                return d;
            }
        }
        throw new IllegalStateException("no repository root above " + dir);
    }
}
