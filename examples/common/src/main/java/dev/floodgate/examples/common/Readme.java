package dev.floodgate.examples.common;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The repository's README, read so that tests can hold its code blocks to the files and behaviour they describe.
 *
 * <p>A block is marked by an HTML comment on the line before its fence: {@code <!-- example: PATH -->} says the
 * block is the file at {@code PATH} (relative to the repository root), byte for byte; {@code <!-- excerpt: PATH -->}
 * says it is a run of whole lines of that file, shifted left as a whole; {@code <!-- NAME -->} names any other block.
 * Immutable.
 */
public final class Readme {

    private static final Pattern MARKED_BLOCK = Pattern.compile(
            "<!-- ([^>]+?) -->\n```[a-z]*\n(.*?)^```$", Pattern.DOTALL | Pattern.MULTILINE);
    private static final String EXAMPLE = "example: ";
    private static final String EXCERPT = "excerpt: ";

    private final Path root;
    private final Map<String, String> blocks;

    private Readme(Path root, Map<String, String> blocks) {
        this.root = root;
        this.blocks = blocks;
    }

    /**
     * Reads the README of the repository that contains the working directory (or the directory named by the
     * {@code basedir} system property, which Maven sets for tests).
     *
     * @throws IllegalStateException if no parent directory holds both {@code README.md} and {@code mvnw}
     * @throws UncheckedIOException if the README cannot be read
     */
    public static Readme load() {
        Path dir = Paths.get(System.getProperty("basedir", System.getProperty("user.dir"))).toAbsolutePath();
        for (Path d = dir; d != null; d = d.getParent()) {
            if (Files.isRegularFile(d.resolve("README.md")) && Files.isRegularFile(d.resolve("mvnw"))) {
                return load(d);
            }
        }
        throw new IllegalStateException("no README.md beside an mvnw above " + dir);
    }

    /**
     * Reads the README of the repository at {@code root}.
     *
     * @throws UncheckedIOException if it cannot be read
     */
    public static Readme load(Path root) {
        Objects.requireNonNull(root, "root");
        String text;
        try {
            text = new String(Files.readAllBytes(root.resolve("README.md")), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read README.md in " + root, e);
        }
        Map<String, String> blocks = new LinkedHashMap<>();
        Matcher m = MARKED_BLOCK.matcher(text);
        while (m.find()) {
            if (blocks.put(m.group(1).trim(), m.group(2)) != null) {
                throw new IllegalStateException("README.md marks two blocks <!-- " + m.group(1) + " -->");
            }
        }
        return new Readme(root, blocks);
    }

    /** Returns the repository's root directory. */
    public Path root() {
        return root;
    }

    /** Returns every marked block, by its marker's text, in the README's order. */
    public Map<String, String> blocks() {
        return Collections.unmodifiableMap(blocks);
    }

    /** Returns the blocks marked {@code <!-- example: PATH -->}, by path. */
    public Map<String, String> examples() {
        return byPath(EXAMPLE);
    }

    /** Returns the blocks marked {@code <!-- excerpt: PATH -->}, by path. */
    public Map<String, String> excerpts() {
        return byPath(EXCERPT);
    }

    private Map<String, String> byPath(String kind) {
        Map<String, String> out = new LinkedHashMap<>();
        blocks.forEach((marker, block) -> {
            if (marker.startsWith(kind)) {
                out.put(marker.substring(kind.length()).trim(), block);
            }
        });
        return out;
    }

    /**
     * Returns whether {@code excerpt}'s lines are consecutive lines of {@code file}, each with the same number of
     * spaces added in front (none on an empty line).
     *
     * @param excerpt lines, each ending in a newline
     * @param file the whole text of a file
     */
    public static boolean isExcerptOf(String excerpt, String file) {
        List<String> part = List.of(excerpt.split("\n", -1));
        part = part.subList(0, part.size() - 1); // the text after the last newline, which is empty
        List<String> lines = List.of(file.split("\n", -1));
        if (part.isEmpty() || part.get(0).isEmpty()) {
            return false;
        }
        for (int i = 0; i + part.size() <= lines.size(); i++) {
            String first = lines.get(i);
            if (!first.endsWith(part.get(0)) || !first.substring(0, first.length() - part.get(0).length()).isBlank()) {
                continue;
            }
            String indent = first.substring(0, first.length() - part.get(0).length());
            boolean all = true;
            for (int j = 1; j < part.size() && all; j++) {
                String want = part.get(j).isEmpty() ? "" : indent + part.get(j);
                all = lines.get(i + j).equals(want);
            }
            if (all) {
                return true;
            }
        }
        return false;
    }

    /**
     * Returns the block marked {@code <!-- name -->}.
     *
     * @throws IllegalArgumentException if there is none
     */
    public String block(String name) {
        String block = blocks.get(name);
        if (block == null) {
            throw new IllegalArgumentException("README.md has no block marked <!-- " + name + " -->");
        }
        return block;
    }
}
