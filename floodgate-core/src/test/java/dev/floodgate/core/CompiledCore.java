package dev.floodgate.core;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.module.ModuleDescriptor;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The compiled classes of floodgate-core as the JVM sees them, read from their class files: which file depends on
 * which (every name of the core in a class file's constant pool: classes, descriptors, signatures and the classes of
 * inlined constants, as {@code jdeps} counts them), and which types are public. A nested class counts as part of the
 * file that declares it.
 */
final class CompiledCore {

    private static final String PREFIX = "dev/floodgate/core/";
    private static final Pattern NAME = Pattern.compile("dev/floodgate/core/[A-Za-z0-9_/$]+");
    private static final int ACC_PUBLIC = 0x0001;

    private CompiledCore() {
    }

    /** {@return the directory of the core's compiled main classes} */
    static Path classes() {
        try {
            Path location = Paths.get(FloodEngine.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            if (!Files.isDirectory(location)) {
                throw new IllegalStateException("the core's classes are not a directory: " + location);
            }
            return location;
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** {@return each top-level class of the core (binary name, dots) and the other top-level classes it names} */
    static Map<String, Set<String>> fileDependencies() {
        Map<String, Set<String>> deps = new TreeMap<>();
        for (Path file : classFiles()) {
            String self = topLevel(binaryName(file));
            Set<String> out = deps.computeIfAbsent(self, k -> new TreeSet<>());
            for (String utf8 : constantPool(file).utf8) {
                Matcher m = NAME.matcher(utf8);
                while (m.find()) {
                    String other = topLevel(m.group().replace('/', '.'));
                    if (!other.equals(self) && !other.endsWith(".package-info") && !other.endsWith("module-info")) {
                        out.add(other);
                    }
                }
            }
        }
        // A name in a string constant that is no class of the core is no dependency.
        for (Set<String> out : deps.values()) {
            out.retainAll(deps.keySet());
        }
        return deps;
    }

    /** {@return the package dependencies that the file dependencies make, without a package's on itself} */
    static Map<String, Set<String>> packageDependencies(Map<String, Set<String>> files) {
        Map<String, Set<String>> deps = new TreeMap<>();
        files.forEach((from, tos) -> {
            Set<String> out = deps.computeIfAbsent(packageOf(from), k -> new TreeSet<>());
            for (String to : tos) {
                if (!packageOf(to).equals(packageOf(from))) {
                    out.add(packageOf(to));
                }
            }
        });
        return deps;
    }

    /** {@return the packages that the core's module exports to every module} */
    static Set<String> exportedPackages() {
        try (InputStream in = Files.newInputStream(classes().resolve("module-info.class"))) {
            return ModuleDescriptor.read(in).exports().stream()
                    .filter(e -> !e.isQualified())
                    .map(ModuleDescriptor.Exports::source)
                    .collect(Collectors.toCollection(TreeSet::new));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@return the public top-level types of {@code packageName}} */
    static Set<String> publicTypes(String packageName) {
        Path dir = classes().resolve(packageName.replace('.', '/'));
        Set<String> out = new TreeSet<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path file : files.collect(Collectors.toList())) {
                String name = file.getFileName().toString();
                if (name.endsWith(".class") && !name.contains("$") && !name.equals("package-info.class")
                        && (constantPool(file).accessFlags & ACC_PUBLIC) != 0) {
                    out.add(packageName + "." + name.substring(0, name.length() - ".class".length()));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    /** {@return the strongly connected sets of more than one node of {@code graph}: its cycles, each sorted} */
    static Set<Set<String>> cycles(Map<String, Set<String>> graph) {
        return new Tarjan(graph).components;
    }

    static String packageOf(String className) {
        return className.substring(0, className.lastIndexOf('.'));
    }

    private static String topLevel(String binaryName) {
        int nested = binaryName.indexOf('$');
        return nested < 0 ? binaryName : binaryName.substring(0, nested);
    }

    private static String binaryName(Path classFile) {
        String relative = classes().relativize(classFile).toString().replace('\\', '/');
        return relative.substring(0, relative.length() - ".class".length()).replace('/', '.');
    }

    private static List<Path> classFiles() {
        try (Stream<Path> files = Files.walk(classes().resolve(PREFIX))) {
            return files.filter(p -> p.toString().endsWith(".class")).sorted().collect(Collectors.toList());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The parts of a class file these checks read: the constant pool's strings and the class's access flags. */
    private static final class Pool {
        final List<String> utf8 = new ArrayList<>();
        int accessFlags;
    }

    /** Reads a class file's constant pool (JVMS 4.4) and the access flags that follow it. */
    private static Pool constantPool(Path classFile) {
        Pool pool = new Pool();
        try (DataInputStream in = new DataInputStream(Files.newInputStream(classFile))) {
            if (in.readInt() != 0xCAFEBABE) {
                throw new IllegalStateException("not a class file: " + classFile);
            }
            in.readUnsignedShort();
            in.readUnsignedShort();
            int count = in.readUnsignedShort();
            for (int i = 1; i < count; i++) {
                int tag = in.readUnsignedByte();
                switch (tag) {
                    case 1:
                        pool.utf8.add(in.readUTF());
                        break;
                    case 7: case 8: case 16: case 19: case 20:
                        in.skipBytes(2);
                        break;
                    case 15:
                        in.skipBytes(3);
                        break;
                    case 3: case 4: case 9: case 10: case 11: case 12: case 17: case 18:
                        in.skipBytes(4);
                        break;
                    case 5: case 6:
                        in.skipBytes(8);
                        i++;
                        break;
                    default:
                        throw new IllegalStateException("constant pool tag " + tag + " in " + classFile);
                }
            }
            pool.accessFlags = in.readUnsignedShort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return pool;
    }

    /** Tarjan's strongly connected components, keeping those of more than one node. */
    private static final class Tarjan {
        final Map<String, Set<String>> graph;
        final Map<String, Integer> index = new HashMap<>();
        final Map<String, Integer> low = new HashMap<>();
        final List<String> stack = new ArrayList<>();
        final Set<String> onStack = new TreeSet<>();
        final Set<Set<String>> components = new java.util.LinkedHashSet<>();

        Tarjan(Map<String, Set<String>> graph) {
            this.graph = graph;
            for (String node : graph.keySet()) {
                if (!index.containsKey(node)) {
                    visit(node);
                }
            }
        }

        private void visit(String node) {
            index.put(node, index.size());
            low.put(node, index.get(node));
            stack.add(node);
            onStack.add(node);
            for (String next : graph.getOrDefault(node, Set.of())) {
                if (!index.containsKey(next)) {
                    visit(next);
                    low.put(node, Math.min(low.get(node), low.get(next)));
                } else if (onStack.contains(next)) {
                    low.put(node, Math.min(low.get(node), index.get(next)));
                }
            }
            if (low.get(node).equals(index.get(node))) {
                Set<String> component = new TreeSet<>();
                String member;
                do {
                    member = stack.remove(stack.size() - 1);
                    onStack.remove(member);
                    component.add(member);
                } while (!member.equals(node));
                if (component.size() > 1) {
                    components.add(component);
                }
            }
        }
    }
}
