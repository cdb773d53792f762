package dev.floodgate.core.fingerprint;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToLongBiFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * A copy of masking classes compiled from their source with every read of the message's characters counted, so that
 * a test can count what a scan reads without a counter in the production code. Each read {@code s[...]} or
 * {@code r[...]} (the names the scan and the replay give the message) becomes a call that counts it. The copy lives in
 * its own package and class loader; an entry class written by the test calls it and returns the count.
 */
final class CountedCopy {

    private static final String COUNTER = "package counted;\n"
            + "public final class Reads {\n"
            + "    public static long count;\n"
            + "    public static char at(char[] a, int i) {\n"
            + "        count++;\n"
            + "        return a[i];\n"
            + "    }\n"
            + "}\n";

    private CountedCopy() {
    }

    /**
     * Compiles the classes {@code names} of package {@code pkg} from {@code sourceDir}, counted, with {@code entry},
     * the source of a class {@code counted.Entry} that implements {@link ToLongBiFunction} and returns
     * {@code counted.Reads.count} after the work it measures, and {@code others}, the sources of classes of package
     * {@code counted} that stand in for the others the copied classes use; returns an instance of the entry.
     */
    @SuppressWarnings("unchecked")
    static ToLongBiFunction<String, String> compile(Path sourceDir, String pkg, List<String> names, String entry,
            String... others) {
        try {
            Path dir = Files.createTempDirectory("counted");
            Path src = Files.createDirectories(dir.resolve("src").resolve("counted"));
            Path out = Files.createDirectories(dir.resolve("out"));
            List<String> files = new ArrayList<>();
            for (String name : names) {
                String code = Files.readString(sourceDir.resolve(name + ".java"), StandardCharsets.UTF_8);
                code = countReads(withoutComments(code)).replace(pkg, "counted");
                files.add(write(src.resolve(name + ".java"), code));
            }
            files.add(write(src.resolve("Reads.java"), COUNTER));
            files.add(write(src.resolve("Entry.java"), entry));
            for (String other : others) {
                Matcher name = Pattern.compile("class (\\w+)").matcher(other);
                if (!name.find()) {
                    throw new IllegalArgumentException("no class in " + other);
                }
                files.add(write(src.resolve(name.group(1) + ".java"), other));
            }
            JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
            List<String> args = new ArrayList<>(List.of("-nowarn", "-encoding", "UTF-8", "-d", out.toString()));
            args.addAll(files);
            int status = javac.run(null, null, null, args.toArray(new String[0]));
            if (status != 0) {
                throw new IllegalStateException("the counted copy of " + names + " does not compile");
            }
            URLClassLoader loader = new URLClassLoader(new URL[] {out.toUri().toURL()},
                    ClassLoader.getPlatformClassLoader());
            return (ToLongBiFunction<String, String>) loader.loadClass("counted.Entry").getDeclaredConstructor()
                    .newInstance();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String write(Path file, String code) throws IOException {
        Files.writeString(file, code, StandardCharsets.UTF_8);
        return file.toString();
    }

    /** Replaces each read {@code s[e]} or {@code r[e]} by {@code counted.Reads.at(s, e)}, inner reads too. */
    static String countReads(String code) {
        StringBuilder sb = new StringBuilder(code.length() + 1024);
        int k = 0;
        while (k < code.length()) {
            char c = code.charAt(k);
            if (c == '"' || c == '\'') {
                int end = literalEnd(code, k);
                sb.append(code, k, end);
                k = end;
            } else if ((c == 's' || c == 'r') && k + 1 < code.length() && code.charAt(k + 1) == '['
                    && (k == 0 || !Character.isJavaIdentifierPart(code.charAt(k - 1)) && code.charAt(k - 1) != '.')) {
                int close = matchingBracket(code, k + 1);
                sb.append("counted.Reads.at(").append(c).append(", ").append(countReads(code.substring(k + 2, close)))
                        .append(')');
                k = close + 1;
            } else {
                sb.append(c);
                k++;
            }
        }
        return sb.toString();
    }

    private static int matchingBracket(String code, int open) {
        int depth = 0;
        int k = open;
        while (k < code.length()) {
            char c = code.charAt(k);
            if (c == '"' || c == '\'') {
                k = literalEnd(code, k);
                continue;
            }
            if (c == '[') {
                depth++;
            } else if (c == ']' && --depth == 0) {
                return k;
            }
            k++;
        }
        throw new IllegalStateException("no ] for the [ at " + open);
    }

    /** Returns the position after the string or character literal that starts at {@code k}. */
    private static int literalEnd(String code, int k) {
        char quote = code.charAt(k);
        int j = k + 1;
        while (code.charAt(j) != quote) {
            j += code.charAt(j) == '\\' ? 2 : 1;
        }
        return j + 1;
    }

    /** Returns {@code code} with its comments blanked out, string and character literals kept. */
    static String withoutComments(String code) {
        StringBuilder sb = new StringBuilder(code.length());
        int k = 0;
        while (k < code.length()) {
            char c = code.charAt(k);
            if (c == '"' || c == '\'') {
                int end = literalEnd(code, k);
                sb.append(code, k, end);
                k = end;
            } else if (code.startsWith("//", k)) {
                k = code.indexOf('\n', k);
            } else if (code.startsWith("/*", k)) {
                k = code.indexOf("*/", k) + 2;
                sb.append(' ');
            } else {
                sb.append(c);
                k++;
            }
        }
        return sb.toString();
    }
}
