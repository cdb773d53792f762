package dev.floodgate.examples.common;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The repository's README, read so that tests can hold its code blocks to the files and behaviour they describe.
 *
 * <p>A block is marked by an HTML comment on the line before its fence: {@code <!-- example: PATH -->} says the
 * block is the file at {@code PATH} (relative to the repository root), byte for byte; {@code <!-- NAME -->} names any
 * other block. Immutable.
 */
public final class Readme {

    private static final Pattern MARKED_BLOCK = Pattern.compile(
            "<!-- ([^>]+?) -->\n```[a-z]*\n(.*?)^```$", Pattern.DOTALL | Pattern.MULTILINE);
    private static final String EXAMPLE = "example: ";

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
        Map<String, String> out = new LinkedHashMap<>();
        blocks.forEach((marker, block) -> {
            if (marker.startsWith(EXAMPLE)) {
                out.put(marker.substring(EXAMPLE.length()).trim(), block);
            }
        });
        return out;
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
