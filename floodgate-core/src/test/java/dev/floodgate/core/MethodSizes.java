package dev.floodgate.core;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;

/**
 * Reads the bytecode length of each method from a class file, as the JIT's inlining heuristics count it. A minimal
 * reader of the class-file format (JVMS §4): the constant pool for the names, then the Code attribute of each method.
 */
final class MethodSizes {

    private MethodSizes() {
    }

    /**
     * {@return the bytecode length of each method of {@code type} with a body, keyed by name and descriptor, as in
     * {@code "decide(JLdev/floodgate/core/ledger/Gate;)I"}}
     */
    static Map<String, Integer> of(Class<?> type) {
        String resource = type.getName().replace('.', '/') + ".class";
        try (InputStream in = type.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("no class file for " + type.getName());
            }
            return read(new DataInputStream(in));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Map<String, Integer> read(DataInputStream in) throws IOException {
        skip(in, 8); // magic and version
        String[] utf8 = readConstantPool(in);
        skip(in, 6); // access flags, this class, super class
        skip(in, 2 * in.readUnsignedShort()); // interfaces
        int fields = in.readUnsignedShort();
        for (int i = 0; i < fields; i++) {
            skip(in, 6);
            skipAttributes(in);
        }
        Map<String, Integer> sizes = new HashMap<>();
        int methods = in.readUnsignedShort();
        for (int i = 0; i < methods; i++) {
            skip(in, 2);
            String name = utf8[in.readUnsignedShort()] + utf8[in.readUnsignedShort()];
            int attributes = in.readUnsignedShort();
            for (int a = 0; a < attributes; a++) {
                String attribute = utf8[in.readUnsignedShort()];
                int length = in.readInt();
                if (attribute.equals("Code")) {
                    skip(in, 4); // max stack, max locals
                    sizes.put(name, in.readInt());
                    skip(in, length - 8);
                } else {
                    skip(in, length);
                }
            }
        }
        return sizes;
    }

    /** Reads the constant pool, keeping its UTF-8 entries (null elsewhere). */
    private static String[] readConstantPool(DataInputStream in) throws IOException {
        int count = in.readUnsignedShort();
        String[] utf8 = new String[count];
        for (int i = 1; i < count; i++) {
            int tag = in.readUnsignedByte();
            switch (tag) {
                case 1:
                    utf8[i] = in.readUTF();
                    break;
                case 5: // long and double take two entries
                case 6:
                    skip(in, 8);
                    i++;
                    break;
                case 3: case 4: case 9: case 10: case 11: case 12: case 17: case 18:
                    skip(in, 4);
                    break;
                case 15:
                    skip(in, 3);
                    break;
                case 7: case 8: case 16: case 19: case 20:
                    skip(in, 2);
                    break;
                default:
                    throw new IllegalStateException("unknown constant pool tag " + tag + " at entry " + i);
            }
        }
        return utf8;
    }

    /** Skips exactly {@code n} bytes, or fails: a short skip would misread every size after it. */
    private static void skip(DataInputStream in, int n) throws IOException {
        in.readFully(new byte[n]);
    }

    private static void skipAttributes(DataInputStream in) throws IOException {
        int attributes = in.readUnsignedShort();
        for (int a = 0; a < attributes; a++) {
            skip(in, 2);
            skip(in, in.readInt());
        }
    }
}
